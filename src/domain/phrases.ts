/**
 * Topic candidates: the noun phrases and named entities of a text, as winkNLP tags them. A noun phrase here is a
 * run of adjectives followed by nouns and proper nouns ("seating plan", "walled garden", "Lisbon", "LGBTQ support
 * group"). Verbs, adverbs, numbers, pronouns, stop words and the words of dates, times, amounts and counts end a
 * run, so a candidate never crosses a phrase boundary the way neighbouring words ("contract yet", "cousin apart")
 * do. Every stretch of up to three words of a run that ends in a noun is a candidate, so "greenhouse" is counted in
 * "greenhouse heater" and "greenhouse seedlings" alike, and weighting decides whether the phrase or its head says more.
 */
import { BoundedCache } from './bounded-cache.js';
import { isEvaluativeAdjective, isGenericNoun, isLaughter, isQuantityNoun } from './generic-words.js';
import { type AnalysedSentence, type AnalysedText, analyse, type TextToken } from './text.js';
import { normalizeTopic } from './topics.js';

/** One occurrence of a candidate topic. */
export interface PhraseOccurrence {
  /** The normalised topic name (lower case, nouns lemmatised): what occurrences are counted by. */
  key: string;
  /** For display: names as written ("Lisbon"), other nouns in dictionary form ("seating plan"). */
  surface: string;
  /** Proper nouns only: a person, place, product or other name. */
  named: boolean;
  /** Begins with an adjective ("short trip", "mental health"). */
  described?: true;
  /** Inside the caption of a shared picture (`[shared image: ...]`), which a captioner wrote, not a speaker. */
  caption?: true;
}

/** How topic candidates are found, counted and picked. */
export interface TopicRules {
  /**
   * Read the text as chat: leave out general nouns, units of time, the media of a shared picture, nouns of quantity
   * before "of" and evaluative adjectives (`generic-words.ts`), and write chat clippings out ("biz": "business").
   */
  chat: boolean;
  /**
   * What an occurrence inside a caption counts for. Imports write a shared picture as `[shared image: <caption>]`,
   * and the caption is a model's description of the picture ("a group of women sitting on a blanket in a park"):
   * it says what was shown, which the conversation may or may not be about.
   */
  captionWeight: number;
  /**
   * A phrase that begins with an adjective names a topic only when it comes up this often in the period: "mental
   * health" said again and again is a term, "short trip" or "loving home" said once describes what its noun names.
   */
  describedMinCount: number;
  /**
   * A topic is what a period talks about: a phrase that comes up in fewer of its texts (messages, or the summaries
   * a longer period is made of) than this is one only when too few others come up as often (a short period), so an
   * aside ("the castle" in one message) does not push out what was talked about.
   */
  minMessages: number;
}

/**
 * The rules topics are found by: generic words left out, a caption counting half of what a speaker says, and what
 * comes up in one message only or is described in passing a topic only to make up the minimum.
 */
export const TOPIC_RULES: TopicRules = {
  chat: true,
  captionWeight: 0.5,
  describedMinCount: 2,
  minMessages: 2,
};

/**
 * Every noun a candidate, a caption counted as speech and any phrase a topic: topics as they were found before
 * issue 57, kept so that `bench:topics` can show both in one run.
 */
export const PLAIN_RULES: TopicRules = {
  chat: false,
  captionWeight: 1,
  describedMinCount: 0,
  minMessages: 0,
};

/** Longer candidates are almost always two phrases the tagger could not tell apart. */
const MAX_PHRASE_WORDS = 3;

/** Nouns inside entities of these kinds are quantities, dates or times ("five percent", "this week"). */
const NOT_TOPICAL_ENTITIES: ReadonlySet<string> = new Set([
  'CARDINAL',
  'ORDINAL',
  'PERCENT',
  'MONEY',
  'DATE',
  'TIME',
  'DURATION',
  'EMAIL',
  'URL',
  'EMOJI',
  'EMOTICON',
  'MENTION',
]);

/**
 * Chat shorthand and courtesies that winkNLP's tagger, trained on edited English, reads as nouns ("btw the
 * deposit" and "Thanks, Mel!" tag "btw" and "thanks" nouns). They are interjections and discourse markers, never
 * what a conversation is about. This corrects the tagger; it is not a stop list (the model's own is used for that).
 */
const CHAT_FILLER: ReadonlySet<string> = new Set([
  ...['afaik', 'brb', 'btw', 'congrats', 'fwiw', 'gonna', 'gotta', 'idk', 'ikr', 'imho', 'imo', 'irl', 'ish'],
  ...['lmk', 'ngl', 'np', 'omg', 'smh', 'tbf', 'tbh', 'thanks', 'thx', 'tho', 'ty', 'ur', 'wanna'],
]);

/** Chat clippings of nouns, written out so that they count with the full word ("the biz" and "the business"). */
const CLIPPINGS: ReadonlyMap<string, string> = new Map([
  ['biz', 'business'],
  ['fam', 'family'],
  ['bday', 'birthday'],
  ['convo', 'conversation'],
  ['vacay', 'vacation'],
  ['uni', 'university'],
  ['hubby', 'husband'],
  ['bro', 'brother'],
  ['sis', 'sister'],
  ['gf', 'girlfriend'],
  ['bf', 'boyfriend'],
]);

/**
 * The candidates of a text in reading order. `names` are lower-case names not to count (the group's speakers):
 * what people call each other is who is talking, not what about. A word counts as a name when it is one of
 * them or, from three letters on, the start of one ("Mel" for Melanie).
 */
export function phraseOccurrences(
  text: string | AnalysedText,
  names: ReadonlySet<string> = new Set(),
  rules: TopicRules = TOPIC_RULES,
): PhraseOccurrence[] {
  const analysed = typeof text === 'string' ? analyse(text) : text;
  const isName = nameMatcher(names);
  const out: PhraseOccurrence[] = [];
  for (const sentence of analysed.sentences) {
    // Every stretch is a candidate, so leaving out those with a name in them is the same as cutting runs at names.
    for (const occurrence of sentencePhrases(sentence, rules.chat)) {
      if (!occurrence.key.split(' ').some(isName)) out.push(occurrence);
    }
  }
  return out;
}

/** A sentence is read again as an item, as a candidate for the summary and as background: found once. */
const phrasesOfSentence = {
  chat: new WeakMap<AnalysedSentence, PhraseOccurrence[]>(),
  plain: new WeakMap<AnalysedSentence, PhraseOccurrence[]>(),
};

function sentencePhrases(sentence: AnalysedSentence, chat: boolean): PhraseOccurrence[] {
  const cache = chat ? phrasesOfSentence.chat : phrasesOfSentence.plain;
  const cached = cache.get(sentence);
  if (cached) return cached;
  const out: PhraseOccurrence[] = [];
  let run: TextToken[] = [];
  let caption = false;
  const tokens = sentence.tokens;
  tokens.forEach((token, i) => {
    // The brackets of a caption's markup end a phrase, and what lies between them is marked as the caption's.
    const opens = token.text === '[' && tokens[i + 1]?.normal === 'shared';
    const closes = token.text === ']' && caption;
    const counts =
      chat && token.pos === 'NOUN' && tokens[i + 1]?.normal === 'of' && isQuantityNoun(token.lemma);
    const role = opens || closes || counts ? null : roleOf(token, chat);
    // An adjective after a noun starts a new phrase; anything that is neither ends the current one.
    if (role === null || (role === 'modifier' && run.some(isNoun))) {
      spansOf(run, out, caption, chat);
      run = [];
    }
    if (opens) caption = true;
    if (closes) caption = false;
    if (role !== null) run.push(token);
  });
  spansOf(run, out, caption, chat);
  cache.set(sentence, out);
  return out;
}

/** What a token can be in a noun phrase: its noun (head or compound part), an adjective before it, or nothing. */
function roleOf(token: TextToken, chat: boolean): 'noun' | 'modifier' | null {
  if (token.kind !== 'word' || token.stop || CHAT_FILLER.has(token.normal)) return null;
  if (token.entity !== null && NOT_TOPICAL_ENTITIES.has(token.entity)) return null;
  // One letter, no letters at all ("x", "2nd"), or an abbreviation the sentence splitter left a full stop on
  // ("in." where two sentences ran together) names nothing.
  if (token.normal.length < 2 || !/\p{L}/u.test(token.normal) || token.normal.endsWith('.')) return null;
  if (isNumberOrPronoun(token.normal) || isNumberOrPronoun(token.lemma)) return null;
  if (token.pos === 'PROPN') return chat && isLaughter(token.normal) ? null : 'noun';
  // General nouns ("thing", "people", "time"), units of time and the media of a shared picture are how people
  // talk, never what about; "great" or "tough" before a noun judges it without saying what it is.
  if (!chat) return token.pos === 'NOUN' ? 'noun' : token.pos === 'ADJ' ? 'modifier' : null;
  if (token.pos === 'NOUN') return isGenericNoun(token.normal) || isGenericNoun(token.lemma) ? null : 'noun';
  return token.pos === 'ADJ' && !isEvaluativeAdjective(token.normal) ? 'modifier' : null;
}

// Words of the groups' own texts: without a bound, every new word (names, typos, links) would stay for good.
const numberOrPronoun = new BoundedCache<boolean>({ maxEntries: 16_384, maxChars: 500_000 });

/**
 * In context the tagger may read "the one I bought" or "loved ones" as nouns; a word that on its own (or in its
 * dictionary form) is a number or a pronoun is neither a topic nor part of one.
 */
function isNumberOrPronoun(word: string): boolean {
  let answer = numberOrPronoun.get(word);
  if (answer === undefined) {
    const alone = analyse(word).sentences[0]?.tokens[0];
    answer = alone?.pos === 'NUM' || alone?.pos === 'PRON';
    numberOrPronoun.set(word, answer);
  }
  return answer;
}

function isNoun(token: TextToken): boolean {
  return token.pos === 'NOUN' || token.pos === 'PROPN';
}

function isProper(token: TextToken): boolean {
  return token.pos === 'PROPN';
}

/** Every stretch of up to MAX_PHRASE_WORDS tokens of the run that ends in a noun. */
function spansOf(run: readonly TextToken[], out: PhraseOccurrence[], caption: boolean, chat: boolean): void {
  for (let end = 0; end < run.length; end++) {
    const head = run[end] as TextToken;
    if (!isNoun(head)) continue;
    for (let start = Math.max(0, end - MAX_PHRASE_WORDS + 1); start <= end; start++) {
      const occurrence = toOccurrence(run.slice(start, end + 1), chat);
      if (!occurrence) continue;
      out.push({
        ...occurrence,
        ...(run[start]?.pos === 'ADJ' ? { described: true as const } : {}),
        ...(caption ? { caption: true as const } : {}),
      });
    }
  }
}

/**
 * The phrase as it is shown: names as written ("Lisbon", "RSVPs"), other nouns in the dictionary form the tagger
 * gave them in their sentence ("seating plans" -> "seating plan"). Its key is the normalised display form, so
 * the key and what any later normalisation of the displayed name gives are the same by construction.
 */
function toOccurrence(span: TextToken[], chat: boolean): PhraseOccurrence | null {
  const noun = (t: TextToken) => (chat ? (CLIPPINGS.get(t.normal) ?? t.lemma) : t.lemma);
  const surface = span.map((t) => (isProper(t) ? t.text : t.pos === 'NOUN' ? noun(t) : t.normal)).join(' ');
  const key = normalizeTopic(surface);
  return key ? { key, surface, named: span.every(isProper) } : null;
}

function nameMatcher(names: ReadonlySet<string>): (word: string) => boolean {
  if (names.size === 0) return () => false;
  const list = [...names];
  return (word) => names.has(word) || (word.length >= 3 && list.some((name) => name.startsWith(word)));
}

/** Candidate names to their count and the surface form written most often (the first of equals). */
export interface PhraseCounts {
  /** Occurrences, those in captions counted at the rules' caption weight. */
  counts: Map<string, number>;
  /** The number of texts that say it, one that says it only in a caption counting at the caption weight. */
  messages: Map<string, number>;
  surfaces: Map<string, string>;
  /** Candidates that were written as names (proper nouns only) at least once. */
  named: Set<string>;
  /** Candidates that begin with an adjective. */
  described: Set<string>;
}

/** Counts the candidates of many texts and remembers how each was most often written. */
export function countPhrases(
  texts: readonly (string | AnalysedText)[],
  names: ReadonlySet<string> = new Set(),
  rules: TopicRules = TOPIC_RULES,
): PhraseCounts {
  const counts = new Map<string, number>();
  const named = new Set<string>();
  const described = new Set<string>();
  const written = new Map<string, Map<string, number>>();
  const messages = new Map<string, number>();
  for (const text of texts) {
    const here = new Map<string, number>();
    for (const occurrence of phraseOccurrences(text, names, rules)) {
      const { key, surface } = occurrence;
      here.set(key, Math.max(here.get(key) ?? 0, occurrence.caption ? rules.captionWeight : 1));
      counts.set(key, (counts.get(key) ?? 0) + (occurrence.caption ? rules.captionWeight : 1));
      if (occurrence.named) named.add(key);
      if (occurrence.described) described.add(key);
      let forms = written.get(key);
      if (!forms) {
        forms = new Map();
        written.set(key, forms);
      }
      forms.set(surface, (forms.get(surface) ?? 0) + 1);
    }
    for (const [key, share] of here) messages.set(key, (messages.get(key) ?? 0) + share);
  }
  const surfaces = new Map<string, string>();
  for (const [key, forms] of written) {
    let best = '';
    let bestCount = 0;
    for (const [form, n] of forms) {
      if (n > bestCount) {
        best = form;
        bestCount = n;
      }
    }
    surfaces.set(key, best);
  }
  return { counts, messages, surfaces, named, described };
}
