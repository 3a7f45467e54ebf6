import { z } from 'zod';
import { eraParametersSchema } from './era.js';
import { addDays, daysBetween } from './periods.js';

/**
 * How well a segmentation of a time line (eras) agrees with gold boundaries, with the measures topic-segmentation
 * research reports, so a researcher's figures from Strata compare with theirs.
 *
 * Pk and WindowDiff follow NLTK (nltk.metrics.segmentation) exactly: a segmentation is a string with one character
 * per unit (here a day), '1' where a boundary follows that unit; a window of k characters slides over both strings,
 * len - k + 1 windows; k defaults to half the mean gold segment length, round(len / (2 * gold boundaries)).
 * Boundary precision, recall and F1 count a found boundary as right when a gold one lies within the margin (each
 * gold boundary matched once, nearest first); the Hausdorff distance is the farthest any boundary of either side
 * lies from the nearest of the other.
 */

const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'must be a real date');

export const eraScoreRequestSchema = z
  .strictObject({
    gold: z
      .array(daySchema)
      .max(10_000)
      .meta({ description: 'Gold boundaries: the first day of each new segment (YYYY-MM-DD)' }),
    marginDays: z
      .number()
      .int()
      .min(0)
      .max(365)
      .default(7)
      .meta({ description: 'A found boundary this many days or fewer from a gold one counts as right' }),
    k: z.number().int().min(1).optional().meta({
      description: 'The Pk and WindowDiff window in days; half the mean gold segment length by default',
    }),
    preview: eraParametersSchema.optional().meta({
      description: 'Score the eras these parameters give (as eras/preview) instead of the stored ones',
    }),
  })
  .meta({ id: 'EraScoreRequest' });

export type EraScoreRequest = z.output<typeof eraScoreRequestSchema>;

export const segmentationScoreSchema = z
  .object({
    firstDay: z.string().meta({ description: 'The first day scored: the first era starts on it' }),
    lastDay: z.string().meta({ description: 'The last day scored: the last era ends after it' }),
    days: z.number().int().meta({ description: 'Units scored: the days from firstDay to lastDay' }),
    goldBoundaries: z.number().int(),
    foundBoundaries: z.number().int(),
    k: z.number().int().meta({
      description:
        'The Pk and WindowDiff window in days (default: half the mean gold segment length, as NLTK)',
    }),
    pk: z
      .number()
      .meta({ description: 'Pk (Beeferman et al. 1999), as nltk.metrics.segmentation.pk; 0 is perfect' }),
    windowDiff: z
      .number()
      .meta({ description: 'WindowDiff (Pevzner and Hearst 2002), as nltk.metrics.segmentation.windowdiff' }),
    marginDays: z.number().int(),
    precision: z
      .number()
      .meta({ description: 'Found boundaries within marginDays of a gold one (each used once)' }),
    recall: z.number().meta({ description: 'Gold boundaries with a found one within marginDays' }),
    f1: z.number(),
    hausdorffDays: z.number().nullable().meta({
      description:
        'The farthest a boundary lies from the nearest of the other side; null when a side has none',
    }),
  })
  .meta({ id: 'SegmentationScore' });

export type SegmentationScore = z.infer<typeof segmentationScoreSchema>;

/** nltk.metrics.segmentation.pk; k defaults to NLTK's: half the mean reference segment length. */
export function pk(reference: string, hypothesis: string, k?: number, boundary = '1'): number {
  const window = k ?? defaultWindow(reference, boundary);
  checkStrings(reference, hypothesis, window);
  let errors = 0;
  for (let i = 0; i <= reference.length - window; i++) {
    const inReference = count(reference, i, window, boundary) > 0;
    const inHypothesis = count(hypothesis, i, window, boundary) > 0;
    if (inReference !== inHypothesis) errors += 1;
  }
  return errors / (reference.length - window + 1);
}

/** nltk.metrics.segmentation.windowdiff (unweighted unless asked). */
export function windowDiff(
  reference: string,
  hypothesis: string,
  k: number,
  boundary = '1',
  weighted = false,
): number {
  checkStrings(reference, hypothesis, k);
  let total = 0;
  for (let i = 0; i <= reference.length - k; i++) {
    const difference = Math.abs(count(reference, i, k, boundary) - count(hypothesis, i, k, boundary));
    total += weighted ? difference : Math.min(1, difference);
  }
  return total / (reference.length - k + 1);
}

/** NLTK's default window: round(len / (2 * boundaries)), at least 1 (a reference without boundaries gets len). */
export function defaultWindow(reference: string, boundary = '1'): number {
  const boundaries = count(reference, 0, reference.length, boundary);
  if (boundaries === 0) return Math.max(1, reference.length);
  return Math.max(1, Math.round(reference.length / (boundaries * 2)));
}

/**
 * Days as NLTK's string: one character per day from `firstDay` to `lastDay` (inclusive), '1' on the day before each
 * boundary (a boundary is the first day of a new segment; one outside the line is left out).
 */
export function daySegmentation(firstDay: string, lastDay: string, boundaries: readonly string[]): string {
  const days = dayNumber(lastDay) - dayNumber(firstDay) + 1;
  if (!(days >= 1)) throw new RangeError(`${lastDay} is before ${firstDay}`);
  const chars = new Array<string>(days).fill('0');
  for (const day of boundaries) {
    const before = dayNumber(day) - dayNumber(firstDay) - 1;
    if (before >= 0 && before < days - 1) chars[before] = '1';
  }
  return chars.join('');
}

/** Boundary precision, recall and F1 within a margin, and the Hausdorff distance, all in days. */
export function boundaryAgreement(
  gold: readonly string[],
  found: readonly string[],
  marginDays: number,
): Pick<SegmentationScore, 'precision' | 'recall' | 'f1' | 'hausdorffDays'> {
  const goldDays = [...new Set(gold.map(dayNumber))].sort((a, b) => a - b);
  const foundDays = [...new Set(found.map(dayNumber))].sort((a, b) => a - b);
  // Pairs within the margin, nearest first, each boundary of either side used once.
  const pairs = goldDays
    .flatMap((g, gi) => foundDays.map((f, fi) => ({ gi, fi, distance: Math.abs(g - f) })))
    .filter((p) => p.distance <= marginDays)
    .sort((a, b) => a.distance - b.distance || a.gi - b.gi || a.fi - b.fi);
  const usedGold = new Set<number>();
  const usedFound = new Set<number>();
  for (const p of pairs) {
    if (usedGold.has(p.gi) || usedFound.has(p.fi)) continue;
    usedGold.add(p.gi);
    usedFound.add(p.fi);
  }
  const matched = usedGold.size;
  const precision = foundDays.length > 0 ? matched / foundDays.length : goldDays.length === 0 ? 1 : 0;
  const recall = goldDays.length > 0 ? matched / goldDays.length : 1;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, hausdorffDays: hausdorff(goldDays, foundDays) };
}

function hausdorff(a: readonly number[], b: readonly number[]): number | null {
  if (a.length === 0 || b.length === 0) return null;
  const farthest = (from: readonly number[], to: readonly number[]) =>
    Math.max(...from.map((x) => Math.min(...to.map((y) => Math.abs(x - y)))));
  return Math.max(farthest(a, b), farthest(b, a));
}

/** Every measure at once, over the days from `firstDay` to `lastDay`. */
export function scoreSegmentation(options: {
  firstDay: string;
  lastDay: string;
  gold: readonly string[];
  found: readonly string[];
  marginDays: number;
  k?: number;
}): SegmentationScore {
  const reference = daySegmentation(options.firstDay, options.lastDay, options.gold);
  const hypothesis = daySegmentation(options.firstDay, options.lastDay, options.found);
  const k = Math.min(options.k ?? defaultWindow(reference), reference.length);
  return {
    firstDay: options.firstDay,
    lastDay: options.lastDay,
    days: reference.length,
    goldBoundaries: count(reference, 0, reference.length, '1'),
    foundBoundaries: count(hypothesis, 0, hypothesis.length, '1'),
    k,
    pk: pk(reference, hypothesis, k),
    windowDiff: windowDiff(reference, hypothesis, k),
    marginDays: options.marginDays,
    ...boundaryAgreement(inLine(options.gold, options), inLine(options.found, options), options.marginDays),
  };
}

/** Boundaries that fall inside the line (after its first day, up to its last), as the strings hold them. */
function inLine(days: readonly string[], line: { firstDay: string; lastDay: string }): string[] {
  const first = dayNumber(line.firstDay);
  const last = dayNumber(line.lastDay);
  return days.filter((d) => dayNumber(d) > first && dayNumber(d) <= last);
}

function checkStrings(reference: string, hypothesis: string, k: number): void {
  if (reference.length !== hypothesis.length)
    throw new RangeError(`segmentations differ in length: ${reference.length} and ${hypothesis.length}`);
  if (!Number.isInteger(k) || k < 1 || k > reference.length)
    throw new RangeError(`k must be an integer in 1..${reference.length}, got ${k}`);
}

function count(text: string, from: number, length: number, boundary: string): number {
  let n = 0;
  for (let i = from; i < from + length && i < text.length; i++) if (text[i] === boundary) n += 1;
  return n;
}

/** Days since 1970-01-01 of a YYYY-MM-DD date (or the date part of a timestamp); throws on one that is not. */
function dayNumber(day: string): number {
  return daysBetween('1970-01-01', day.slice(0, 10));
}

/**
 * Stored eras scored against gold boundaries, over the days they cover: each era after the first starts a found
 * boundary. Null when the group has no eras.
 */
export function scoreEras(
  eras: readonly { start: string; end: string }[],
  request: EraScoreRequest,
): SegmentationScore | null {
  const first = eras[0];
  const last = eras.at(-1);
  if (!first || !last) return null;
  const lastDay = addDays(last.end.slice(0, 10), -1);
  return scoreSegmentation({
    firstDay: first.start.slice(0, 10),
    lastDay,
    gold: request.gold,
    found: eras.slice(1).map((era) => era.start),
    marginDays: request.marginDays,
    ...(request.k === undefined ? {} : { k: request.k }),
  });
}

/**
 * Gold boundaries from a CSV or plain list: the first field of each line is a date (YYYY-MM-DD, or a timestamp whose
 * date is taken); a first line that is not one is a header; blank lines are skipped. Throws naming the line.
 */
export function parseGoldBoundaries(text: string): string[] {
  const days: string[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const field = (line.split(',')[0] ?? '').trim().replace(/^"|"$/g, '');
    if (field === '') continue;
    const day = field.slice(0, 10);
    const valid =
      daySchema.safeParse(day).success && (field.length === 10 || field[10] === 'T' || field[10] === ' ');
    if (valid) days.push(day);
    else if (!(index === 0 && days.length === 0))
      throw new RangeError(`line ${index + 1}: "${field}" is not a date (YYYY-MM-DD)`);
  }
  return days;
}
