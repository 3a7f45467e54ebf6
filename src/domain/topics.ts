import { BoundedCache } from './bounded-cache.js';
import { analyse, isWordToken, type TextToken } from './text.js';

/** A topic as summaries carry it: a term or short phrase with its weight in one period. */
export interface WeightedTopic {
  name: string;
  weight: number;
}

const keys = new BoundedCache<string>({ maxEntries: 8192, maxChars: 500_000 });

/**
 * The canonical form of a topic name: lower case, words only (punctuation and possessive endings dropped), and
 * every noun in its dictionary form as winkNLP lemmatises it ("Seating Plans" -> "seating plan", "children" ->
 * "child"), so "Cats" and "cat" are one topic. Proper nouns are left as they are ("Cascais" keeps its s).
 * Returns '' when the name has no words.
 */
export function normalizeTopic(name: string): string {
  const cached = keys.get(name);
  if (cached !== undefined) return cached;
  // Lower case first: in isolation a capital would make the tagger call every word a proper noun.
  const words = analyse(name.normalize('NFKC').toLowerCase()).sentences.flatMap((s) =>
    s.tokens.filter(isNameWord).map((t) => (t.pos === 'NOUN' ? t.lemma : t.normal)),
  );
  const key = words.join(' ');
  keys.set(name, key);
  return key;
}

/** Words and numbers, but not the "'s" of a possessive, which winkNLP splits off as a particle. */
function isNameWord(token: TextToken): boolean {
  return isWordToken(token) && !(token.pos === 'PART' && /^['’]/.test(token.text));
}

/** Natural key of a Topic node, so every summary that mentions "Cats" or "cat" MERGEs onto the same node. */
export function topicId(groupId: string, name: string): string {
  return `${groupId}:topic:${normalizeTopic(name)}`;
}

/**
 * One entry per topic: entries whose names normalise alike become one with the highest weight, under the
 * name that came with it (a summarizer that says "cat" and "cats" has not said it twice, and "Lisbon" keeps its
 * capital); names without words are dropped. Ordered by weight, highest first, then by name. Non-finite weights
 * count as 0.
 */
export function mergeTopics(topics: readonly WeightedTopic[]): WeightedTopic[] {
  const merged = new Map<string, WeightedTopic>();
  for (const topic of topics) {
    const key = normalizeTopic(topic.name);
    if (!key) continue;
    const weight = Number.isFinite(topic.weight) ? topic.weight : 0;
    const seen = merged.get(key);
    if (!seen || weight > seen.weight)
      merged.set(key, { name: topic.name.trim().replace(/\s+/g, ' '), weight });
  }
  return [...merged.values()].sort((a, b) => b.weight - a.weight || compareNames(a.name, b.name));
}

/** Plain code-unit order, so sorting never depends on the machine's locale. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
