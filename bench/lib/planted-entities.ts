import type { PlantedEntity } from '../../seed/planted-entities.js';

/**
 * The entity profiles of a seeded group against what the generator planted (bench/entities-planted.ts). A profile's
 * spellings are its name and its aliases; two spellings are the same when they are equal in lower case, white space
 * made single and a leading "the" cut ("The Pixel Board" is "Pixel Board"; "Dr. Ana Costa" is not "Ana Costa").
 *
 * - A profile is scored when one of its spellings is a planted entity's name or alias, or is a lookalike: it shares
 *   a word with one (not a function word or title, and not one of the generator's filler words, such as a weekday or a
 *   member's name: "Monday" beside "Blue Monday" is the day, not the song). "Costa", "Berlin", "Pixel Board demo" and
 *   "Northwind Labs requested" are lookalikes; "Alfama" or "Saturday" are not scored either way.
 * - It is right when every one of its spellings is a spelling of one and the same planted entity. Precision is right
 *   ones over scored ones: a profile that merges two planted entities, or carries a lookalike, counts against it.
 * - A planted entity is found when exactly one profile carries any of its spellings, that profile carries every
 *   spelling the messages wrote it by, and no other planted entity's. Recall is found over planted (those the kept
 *   messages name). A profile only for its alias ("Northwind" beside "Northwind Labs") makes it split: not found.
 * - Its profile is the one carrying its name, else the most mentioned carrying one of its spellings. The alias merge
 *   rate is the written aliases on that profile over the written aliases; kind accuracy is over the planted entities
 *   that have a profile.
 */

export interface ProfileView {
  id: string;
  name: string;
  kind: string;
  aliases: string[];
  mentions: number;
}

export interface WrongProfile {
  name: string;
  aliases: string[];
  why: string;
}

export interface PlantedScore {
  planted: number;
  found: number;
  /** Planted entities whose spellings are on two or more profiles, with those profiles' names. */
  split: { name: string; profiles: string[] }[];
  /** Planted entities no profile carries. */
  missing: string[];
  /** Found neither split nor missing: one profile, but an alias absent or another entity merged in. */
  incomplete: { name: string; profile: string; lacks: string[]; merged: string[] }[];
  aliasesWritten: number;
  aliasesMerged: number;
  kindChecked: number;
  kindRight: number;
  kindWrong: { name: string; planted: string; profile: string }[];
  scored: number;
  right: number;
  wrong: WrongProfile[];
  /** Profiles neither planted nor lookalike: named things the generator did not plant, its members. */
  unscored: number;
}

const FUNCTION_WORDS = new Set(['the', 'of', 'a', 'an', 'and', 'at', 'in', 'on', 'for', 'to', 'from', 'by']);
const TITLE_WORDS = new Set(['dr', 'mr', 'mrs', 'ms', 'mx', 'prof', 'sir']);

/** A spelling as compared: lower case, single spaces, no leading "the". */
export function sameSpelling(spelling: string): string {
  return spelling.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().replace(/^the /, '');
}

function contentWords(spelling: string, filler: ReadonlySet<string>): string[] {
  return (sameSpelling(spelling).match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu) ?? []).filter(
    (w) => !FUNCTION_WORDS.has(w) && !TITLE_WORDS.has(w) && !filler.has(w),
  );
}

/**
 * Scores profiles against the planted entities; `filler` holds the generator's own filler words (lower case) that
 * make no lookalike.
 */
export function scorePlanted(
  planted: readonly PlantedEntity[],
  profiles: readonly ProfileView[],
  filler: ReadonlySet<string>,
): PlantedScore {
  const owner = new Map<string, string>();
  const plantedWords = new Set<string>();
  for (const e of planted) {
    for (const s of [e.name, ...e.aliases]) {
      owner.set(sameSpelling(s), e.name);
      for (const w of contentWords(s, filler)) plantedWords.add(w);
    }
  }
  const spellingsOf = (p: ProfileView) => [p.name, ...p.aliases];
  const ownersOf = (p: ProfileView) =>
    new Set(spellingsOf(p).flatMap((s) => owner.get(sameSpelling(s)) ?? []));
  const extrasOf = (p: ProfileView) => spellingsOf(p).filter((s) => !owner.has(sameSpelling(s)));

  const wrong: WrongProfile[] = [];
  let scored = 0;
  let right = 0;
  for (const p of profiles) {
    const owners = ownersOf(p);
    const extras = extrasOf(p);
    const lookalikes = extras.filter((s) => contentWords(s, filler).some((w) => plantedWords.has(w)));
    if (owners.size === 0 && lookalikes.length === 0) continue;
    scored++;
    if (owners.size === 1 && extras.length === 0) {
      right++;
      continue;
    }
    const why =
      owners.size > 1
        ? `merges ${[...owners].join(' + ')}`
        : owners.size === 1
          ? `${[...owners][0]} with ${extras.map((s) => `"${s}"`).join(', ')}`
          : 'a lookalike of a planted name';
    wrong.push({ name: p.name, aliases: p.aliases, why });
  }

  const score: PlantedScore = {
    planted: planted.length,
    found: 0,
    split: [],
    missing: [],
    incomplete: [],
    aliasesWritten: 0,
    aliasesMerged: 0,
    kindChecked: 0,
    kindRight: 0,
    kindWrong: [],
    scored,
    right,
    wrong,
    unscored: profiles.length - scored,
  };
  for (const e of planted) {
    const carriers = profiles.filter((p) => ownersOf(p).has(e.name));
    const aliases = e.written.filter((s) => s !== e.name);
    score.aliasesWritten += aliases.length;
    if (carriers.length === 0) {
      score.missing.push(e.name);
      continue;
    }
    const main =
      carriers.find((p) => sameSpelling(p.name) === sameSpelling(e.name)) ??
      [...carriers].sort((a, b) => b.mentions - a.mentions)[0];
    if (!main) continue;
    const onMain = new Set(spellingsOf(main).map(sameSpelling));
    score.aliasesMerged += aliases.filter((s) => onMain.has(sameSpelling(s))).length;
    score.kindChecked++;
    if (main.kind === e.kind) score.kindRight++;
    else score.kindWrong.push({ name: e.name, planted: e.kind, profile: main.kind });
    if (carriers.length > 1) {
      score.split.push({ name: e.name, profiles: carriers.map((p) => p.name) });
      continue;
    }
    const lacks = e.written.filter((s) => !onMain.has(sameSpelling(s)));
    const merged = [...ownersOf(main)].filter((o) => o !== e.name);
    if (lacks.length === 0 && merged.length === 0) score.found++;
    else score.incomplete.push({ name: e.name, profile: main.name, lacks, merged });
  }
  return score;
}

/**
 * The baseline of exact-name grouping, from the same profiles: every distinct spelling its own profile (its kind and
 * mentions those of the profile it came from), as a group would look if no two spellings were resolved to one. The
 * spans are those resolution kept, so a lookalike it cut away is not counted against the baseline either.
 */
export function exactNameProfiles(profiles: readonly ProfileView[]): ProfileView[] {
  const out = new Map<string, ProfileView>();
  for (const p of profiles) {
    for (const s of [p.name, ...p.aliases]) {
      const key = sameSpelling(s);
      if (!out.has(key))
        out.set(key, { id: `${p.id}/${key}`, name: s, kind: p.kind, aliases: [], mentions: 0 });
    }
  }
  return [...out.values()];
}

/** Sums of several groups' scores (micro averages: every entity and profile weighs the same). */
export function addScores(scores: readonly PlantedScore[]): PlantedScore {
  const sum = (f: (s: PlantedScore) => number) => scores.reduce((n, s) => n + f(s), 0);
  return {
    planted: sum((s) => s.planted),
    found: sum((s) => s.found),
    split: scores.flatMap((s) => s.split),
    missing: scores.flatMap((s) => s.missing),
    incomplete: scores.flatMap((s) => s.incomplete),
    aliasesWritten: sum((s) => s.aliasesWritten),
    aliasesMerged: sum((s) => s.aliasesMerged),
    kindChecked: sum((s) => s.kindChecked),
    kindRight: sum((s) => s.kindRight),
    kindWrong: scores.flatMap((s) => s.kindWrong),
    scored: sum((s) => s.scored),
    right: sum((s) => s.right),
    wrong: scores.flatMap((s) => s.wrong),
    unscored: sum((s) => s.unscored),
  };
}

/** A share, 1 when there is nothing to share (no planted alias: none to miss). */
export function share(part: number, whole: number): number {
  return whole === 0 ? 1 : part / whole;
}
