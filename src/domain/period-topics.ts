/**
 * A period's topics: its noun phrases and names (`phrases.ts`) weighted by class-based TF-IDF against the
 * group's other periods (`topic-weights.ts`), then the few that best describe it, each named as it was written.
 */
import { BoundedCache } from './bounded-cache.js';
import { countPhrases, TOPIC_RULES, type TopicRules } from './phrases.js';
import { type AnalysedText, words } from './text.js';
import { classTfIdf } from './topic-weights.js';
import { compareNames, type WeightedTopic } from './topics.js';

/** What a period's texts say, weighed against the background. */
export interface TopicModel {
  /** Normalised phrase to weight, highest first, the top one 1. */
  weights: Map<string, number>;
  /** Normalised phrase to the way it is shown ("Lisbon", "seating plan"). */
  surfaces: Map<string, string>;
  /** Normalised phrase to its number of occurrences in the period. */
  counts: Map<string, number>;
  /** Phrases written as names (Lisbon, Sintra), which stand on their own. */
  named: ReadonlySet<string>;
  /** Phrases that begin with an adjective and come up too seldom to name a topic ("short trip" said once). */
  passing: ReadonlySet<string>;
  /** Phrases that come up in too few of the period's texts to be a topic but to make up the minimum. */
  asides: ReadonlySet<string>;
  /** What found the phrases, which the summary's sentences are weighed by too. */
  rules: TopicRules;
  /** Lower-case words of speakers' names, which are never topics. */
  names: ReadonlySet<string>;
}

const MAX_TOPICS = 7;
const MIN_TOPICS = 3;
/** Topics below this share of the top weight are dropped once the minimum count is met. */
const TOPIC_CUTOFF = 0.25;
/** A phrase stands in for a word inside it when it holds at least this share of the word's occurrences. */
const PHRASE_SHARE = 0.8;

/**
 * Speakers are who talks, not what about: the words of their names (lower case, two letters or more) are left
 * out of every phrase.
 */
export function speakerNameWords(speakers: Iterable<string | undefined>): Set<string> {
  const names = new Set<string>();
  for (const speaker of speakers) {
    for (const word of words(speaker ?? '')) {
      if (word.length > 1) names.add(word);
    }
  }
  return names;
}

const backgroundCaches = new Map<TopicRules, BoundedCache<Map<string, number>>>();

/**
 * The phrase counts of one background text. The same texts are the background of period after period, so they
 * are counted once. Names are not left out here: only the period's own phrases, which hold none, are looked up.
 */
function backgroundCounts(text: string, rules: TopicRules): Map<string, number> {
  let cache = backgroundCaches.get(rules);
  if (!cache) {
    cache = new BoundedCache({ maxEntries: 2048, maxChars: 1_000_000 });
    backgroundCaches.set(rules, cache);
  }
  return cache.getOrSet(text, (t) => countPhrases([t], new Set(), rules).counts);
}

/** The period's phrases weighted against the background texts (the group's other periods, one text each). */
export function topicModel(
  items: readonly AnalysedText[],
  background: readonly string[],
  names: ReadonlySet<string>,
  rules: TopicRules = TOPIC_RULES,
): TopicModel {
  const period = countPhrases(items, names, rules);
  const others = background.map((text) => backgroundCounts(text, rules));
  const passing = [...period.described].filter(
    (key) => (period.counts.get(key) ?? 0) < rules.describedMinCount,
  );
  return {
    weights: classTfIdf(period.counts, others),
    surfaces: period.surfaces,
    counts: period.counts,
    named: period.named,
    passing: new Set(passing),
    asides: asides(items.length > 1 ? period.messages : period.counts, rules.minMessages),
    rules,
    names,
  };
}

/**
 * Phrases that come up in fewer texts than `min`; in a period of one text (a week of one day), those said fewer
 * times than that.
 */
function asides(seen: ReadonlyMap<string, number>, min: number): Set<string> {
  return new Set([...seen].filter(([, n]) => n < min).map(([key]) => key));
}

/**
 * 3-7 topics, best first, stopping early once the weights fall well below the top. A passing description ("short
 * trip" said once) is never one, and an aside (in fewer texts than the rules' `minMessages`) is one only to make
 * up the minimum. A common noun that nearly always comes inside one phrase is named by that phrase ("class" that is
 * always "puppy class") unless the phrase shares a word with a better topic; a topic that shares a word with a
 * better one is skipped ("plan" after "seating plan"). Names stand on their own ("Norway" in "Norway card
 * payments").
 */
export function pickTopics(
  model: Pick<TopicModel, 'weights' | 'surfaces' | 'counts' | 'named'> &
    Partial<Pick<TopicModel, 'passing' | 'asides'>>,
): WeightedTopic[] {
  const topics: WeightedTopic[] = [];
  const usedWords = new Set<string>();
  const sharesWord = (key: string) => key.split(' ').some((w) => usedWords.has(w));
  const passing = (key: string) => model.passing?.has(key) === true;
  const aside = (key: string) => model.asides?.has(key) === true;
  const pick = (skip: (key: string) => boolean, limit: number) => {
    for (const [key, weight] of model.weights) {
      if (topics.length >= limit) break;
      if (topics.length >= MIN_TOPICS && weight < TOPIC_CUTOFF) break;
      if (skip(key)) continue;
      const enclosing = model.named.has(key) ? key : enclosingPhrase(key, model.counts, skip);
      const phrase = sharesWord(enclosing) ? key : enclosing;
      if (sharesWord(phrase)) continue;
      for (const w of phrase.split(' ')) usedWords.add(w);
      topics.push({ name: model.surfaces.get(phrase) ?? phrase, weight });
    }
  };
  pick((key) => passing(key) || aside(key), MAX_TOPICS);
  if (topics.length < MIN_TOPICS) {
    pick(passing, MIN_TOPICS);
    topics.sort((a, b) => b.weight - a.weight || compareNames(a.name, b.name));
  }
  return topics;
}

/** The longest phrase holding most of the key's occurrences, or the key itself; never one that is skipped. */
function enclosingPhrase(
  key: string,
  counts: ReadonlyMap<string, number>,
  skip: (key: string) => boolean,
): string {
  const own = counts.get(key) ?? 0;
  let best = key;
  for (const [other, count] of counts) {
    if (count < PHRASE_SHARE * own || other.length <= best.length || skip(other)) continue;
    if (` ${other} `.includes(` ${key} `)) best = other;
  }
  return best;
}
