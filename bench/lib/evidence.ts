/** Turn-level evidence recall for LoCoMo questions: pure bookkeeping, shared by the measured and offline runs. */
import type { RecallResponse } from '../../src/domain/recall.js';

export const KS = [5, 10, 20] as const;
export const CATEGORIES = [1, 2, 3, 4] as const;
export const CATEGORY_NAMES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
};

/** Share of a question's evidence dia ids found among the retrieved ones; 0 for a question with no evidence. */
export function evidenceRecall(evidence: readonly string[], found: ReadonlySet<string>): number {
  if (evidence.length === 0) return 0;
  return evidence.filter((e) => found.has(e)).length / evidence.length;
}

/** Mean recall@k per category and overall, accumulated question by question. */
export class RecallTally {
  private readonly sums = new Map<string, number>();
  private readonly counts = new Map<number, number>();

  /** `rankedDiaIds(k)`: the dia ids reached within the first k retrieved items. */
  add(category: number, evidence: readonly string[], rankedDiaIds: (k: number) => Iterable<string>): void {
    this.counts.set(category, (this.counts.get(category) ?? 0) + 1);
    for (const k of KS) {
      const key = `${category}@${k}`;
      this.sums.set(key, (this.sums.get(key) ?? 0) + evidenceRecall(evidence, new Set(rankedDiaIds(k))));
    }
  }

  questions(category?: number): number {
    if (category !== undefined) return this.counts.get(category) ?? 0;
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }

  /** Mean recall@k in one category, or over every question (each question weighing the same) when none is given. */
  mean(k: number, category?: number): number {
    const cats = category === undefined ? [...this.counts.keys()] : [category];
    const n = cats.reduce((s, c) => s + (this.counts.get(c) ?? 0), 0);
    const sum = cats.reduce((s, c) => s + (this.sums.get(`${c}@${k}`) ?? 0), 0);
    return n > 0 ? sum / n : Number.NaN;
  }
}

/** Table rows "config @k | per category | overall" for several tallies, ready for format.table. */
export function recallRows(tallies: [string, RecallTally][]): { header: string[]; rows: string[][] } {
  const first = tallies[0]?.[1];
  const header = [
    'configuration',
    'k',
    ...CATEGORIES.map((c) => `${CATEGORY_NAMES[c]} (${first?.questions(c) ?? 0})`),
    `overall (${first?.questions() ?? 0})`,
  ];
  const fmt = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(3));
  const rows = tallies.flatMap(([name, tally]) =>
    KS.map((k) => [name, `@${k}`, ...CATEGORIES.map((c) => fmt(tally.mean(k, c))), fmt(tally.mean(k))]),
  );
  return { header, rows };
}

/** LoCoMo questions worth scoring: categories 1-4 (5 has no answer in the text), evidence limited to real turns. */
export function scorableQuestions<Q extends { category: number; evidence: string[] }>(
  questions: readonly Q[],
  turnIds: ReadonlySet<string>,
): { questions: Q[]; droppedEvidence: number; noEvidence: number } {
  let droppedEvidence = 0;
  let noEvidence = 0;
  const kept: Q[] = [];
  for (const q of questions) {
    if (!(CATEGORIES as readonly number[]).includes(q.category)) continue;
    const evidence = [...new Set(q.evidence)].filter((e) => turnIds.has(e));
    droppedEvidence += q.evidence.length - evidence.length;
    if (evidence.length === 0) {
      noEvidence++;
      continue;
    }
    kept.push({ ...q, evidence });
  }
  return { questions: kept, droppedEvidence, noEvidence };
}

/** The memory ids a response names, in order: each hit that is a memory, then the memories under it. */
export function memoryIds(response: Pick<RecallResponse, 'items'>): string[] {
  return response.items.flatMap((item) => [
    ...(item.kind === 'memory' ? [item.id] : []),
    ...item.details.map((d) => d.id),
  ]);
}

/** First k distinct ids. */
export function firstK(ids: readonly string[], k: number): string[] {
  return [...new Set(ids)].slice(0, k);
}
