/** A topic as summaries carry it: a term or short phrase with its weight in one period. */
export interface WeightedTopic {
  name: string;
  weight: number;
}

/** Irregular plurals common enough in chat topics to be worth mapping by hand. */
const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map([
  ['analyses', 'analysis'],
  ['buses', 'bus'],
  ['children', 'child'],
  ['crises', 'crisis'],
  ['diagnoses', 'diagnosis'],
  ['feet', 'foot'],
  ['gases', 'gas'],
  ['hypotheses', 'hypothesis'],
  ['men', 'man'],
  ['mice', 'mouse'],
  ['teeth', 'tooth'],
  ['theses', 'thesis'],
  ['women', 'woman'],
]);

/** Words that end in "s" but are singular already (or have no useful singular), so they stay as they are. */
const ALREADY_SINGULAR: ReadonlySet<string> = new Set(
  `aerobics alias analytics athletics atlas bias canvas christmas clothes diabetes economics electronics
  ethics genetics gymnastics jeans kansas kubernetes lens linguistics logistics mathematics means measles
  news olympics pants pancreas physics politics rabies robotics scissors series species statistics texas
  vegas whereas`
    .split(/\s+/)
    .filter(Boolean),
);

/** Nouns whose singular ends in "ie", so "-ies" must lose only the "s" (movies -> movie, not movy). */
const IE_NOUNS: ReadonlySet<string> = new Set(
  `aunties brownies calories cookies freebies genies goalies hippies hoodies movies newbies prairies rookies
  selfies smoothies techies veggies zombies`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * The singular of one lower-case word by simple English rules. Deliberately conservative: short words, words
 * ending in "ss", "us" or "is", and a list of known singulars are left alone, because a wrong merge of two
 * topics is worse than two spellings of one.
 */
function singularize(word: string): string {
  const irregular = IRREGULAR_PLURALS.get(word);
  if (irregular) return irregular;
  if (word.length <= 3 || !word.endsWith('s') || /\d/.test(word) || ALREADY_SINGULAR.has(word)) return word;
  if (/(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) {
    // ties, pies and lies are "-ie" words too short to be "-y" plurals.
    return word.length <= 4 || IE_NOUNS.has(word) ? word.slice(0, -1) : `${word.slice(0, -3)}y`;
  }
  if (/(sses|xes|zzes|shes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('ches')) {
    // beaches and coaches drop "es"; headaches and caches only drop "s".
    return /[^eo]aches$/.test(word) || word === 'aches' ? word.slice(0, -1) : word.slice(0, -2);
  }
  if (word.endsWith('oes')) {
    // potatoes -> potato, but shoes -> shoe and toes -> toe.
    return word.length > 5 ? word.slice(0, -2) : word.slice(0, -1);
  }
  return word.slice(0, -1);
}

/**
 * The canonical form of a topic name: lower case, apostrophes folded away (as `tokenize` does), any run of
 * other punctuation or whitespace turned into one space, edges trimmed, and each word made singular.
 * Returns '' when nothing but punctuation was given.
 */
export function normalizeTopic(name: string): string {
  const words = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  return words.map(singularize).join(' ');
}

/** Natural key of a Topic node, so every summary that mentions "Cats" or "cat" MERGEs onto the same node. */
export function topicId(groupId: string, name: string): string {
  return `${groupId}:topic:${normalizeTopic(name)}`;
}

/**
 * Topics with normalised names: entries that normalise to the same name become one with the highest weight
 * (a summarizer that says "cat" and "cats" has not said it twice), empty names are dropped, and the result
 * is ordered by weight, highest first, then by name. Non-finite weights count as 0.
 */
export function mergeTopics(topics: readonly WeightedTopic[]): WeightedTopic[] {
  const merged = new Map<string, number>();
  for (const topic of topics) {
    const name = normalizeTopic(topic.name);
    if (!name) continue;
    const weight = Number.isFinite(topic.weight) ? topic.weight : 0;
    merged.set(name, Math.max(weight, merged.get(name) ?? Number.NEGATIVE_INFINITY));
  }
  return [...merged]
    .map(([name, weight]) => ({ name, weight }))
    .sort((a, b) => b.weight - a.weight || compareNames(a.name, b.name));
}

/** Plain code-unit order, so sorting never depends on the machine's locale. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
