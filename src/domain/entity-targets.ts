import { entityKey, entityName, type KnownEntity, type RawMention } from './entity-names.js';
import { shorterSurfaces } from './entity-repair.js';
import { firstNameOf, initialsOf, shortNameOf, writtenAsInitials } from './entity-short-forms.js';

/**
 * Which of a group's names a mention stands for, as far as a batch of sessions and the group's entities the graph
 * returned (lookupsFor) tell: a speaker's name is the speaker; a name the batch always writes on into the same
 * capitalised word takes it in; a mention with a word too many is the name the group uses inside it; a short form is
 * the one longer name of the group that has it. Pure.
 */

/** What the graph is asked for: the group's entities a batch's mentions may stand for. */
export interface EntityLookups {
  /** Single words of people: people of several words starting so (by `firstName`). */
  firstNames: string[];
  /** Names that may be a body's short name: bodies named so with a designator (by `shortName`). */
  shortNames: string[];
  /** Names written in capitals: names of several words with those initials (by `initials`). */
  initials: string[];
  /** Names inside a mention with a word too many: entities of exactly that key. */
  keys: string[];
}

/** The lookups a batch's mentions need, each list sorted and without repeats. */
export function lookupsFor(sessions: readonly { mentions: readonly RawMention[] }[]): EntityLookups {
  const firstNames = new Set<string>();
  const shortNames = new Set<string>();
  const initials = new Set<string>();
  const keys = new Set<string>();
  for (const s of sessions) {
    for (const m of s.mentions) {
      if (m.kind === 'person' && !m.key.includes(' ')) firstNames.add(m.key);
      if (m.kind !== 'person') shortNames.add(m.key);
      if (writtenAsInitials(m.surface)) initials.add(m.key);
      for (const shorter of shorterSurfaces(m.surface, m.sentenceStart === true)) {
        const name = entityName(shorter.surface, m.kind);
        if (!name) continue;
        const key = entityKey(name);
        keys.add(key);
        shortNames.add(key);
        if (!key.includes(' ')) firstNames.add(key);
        if (writtenAsInitials(shorter.surface)) initials.add(key);
      }
    }
  }
  const sorted = (set: Set<string>) => [...set].sort();
  return {
    firstNames: sorted(firstNames),
    shortNames: sorted(shortNames),
    initials: sorted(initials),
    keys: sorted(keys),
  };
}

export interface GroupNames {
  /** The key a mention stands for, and the mention as it names it (its word too many cut). */
  resolve(m: RawMention): { key: string; mention: RawMention };
  speakerName(key: string): string | undefined;
  known(key: string): KnownEntity | undefined;
}

/** The names a batch resolves to: its speakers', its mentions', and those of the group the graph returned. */
export function groupNames(
  speakers: readonly string[],
  mentions: readonly RawMention[],
  known: readonly KnownEntity[],
): GroupNames {
  const speakerNames = new Map<string, string>();
  for (const speaker of speakers) {
    const name = entityName(speaker, 'person');
    if (name) speakerNames.set(entityKey(name), name);
  }
  const knownByKey = new Map(known.map((k) => [k.key, k]));
  const counts = new Map<string, number>();
  // Keys written at a sentence start at least once: their first word's capital is in doubt wherever they are written.
  const startsOne = new Set<string>();
  // The capitalised word after each key's mentions; '' for one with none.
  const nextWords = new Map<string, Set<string>>();
  for (const m of mentions) {
    counts.set(m.key, (counts.get(m.key) ?? 0) + 1);
    if (m.sentenceStart) startsOne.add(m.key);
    const set = nextWords.get(m.key) ?? new Set<string>();
    set.add(m.next?.toLowerCase() ?? '');
    nextWords.set(m.key, set);
  }

  // Longer names by their short forms: people's full names by first word, other names by the short name and initials.
  const byFirst = new Map<string, Set<string>>();
  const byShort = new Map<string, Set<string>>();
  const byInitials = new Map<string, Set<string>>();
  const add = (index: Map<string, Set<string>>, form: string | null, key: string) => {
    if (!form || form === key) return;
    const set = index.get(form) ?? new Set<string>();
    set.add(key);
    index.set(form, set);
  };
  const addName = (key: string, person: boolean) => {
    if (person) add(byFirst, firstNameOf(key), key);
    else {
      add(byShort, shortNameOf(key), key);
      add(byInitials, initialsOf(key), key);
    }
  };
  for (const key of speakerNames.keys()) addName(key, true);
  for (const m of mentions) addName(m.key, m.kind === 'person');
  for (const k of known) addName(k.key, k.kind === 'person');

  const one = (set: Set<string> | undefined) => (set?.size === 1 ? ([...set][0] as string) : null);
  /**
   * The one longer name a short form stands for; `any` when the mention's kind is in doubt (a repaired one). A single
   * word the tagger took for a person is a body's short name when no person's full name starts with it ("Northwind").
   */
  const longerName = (m: RawMention, any: boolean): string | null => {
    if (speakerNames.has(m.key)) return null;
    const first = m.kind === 'person' || any ? one(byFirst.get(m.key)) : null;
    if (first) return first;
    if (m.kind === 'person' && !any && byFirst.has(m.key)) return null;
    const short = one(byShort.get(m.key));
    if (short) return short;
    return m.kind !== 'person' || any
      ? writtenAsInitials(m.surface)
        ? one(byInitials.get(m.key))
        : null
      : null;
  };
  const isName = (key: string) => speakerNames.has(key) || counts.has(key) || knownByKey.has(key);
  const count = (key: string | null) => (key ? (counts.get(key) ?? 0) : 0);

  /** The mention with its word too many cut, when what is left is a name of the group. */
  const repaired = (m: RawMention): RawMention | null => {
    for (const shorter of shorterSurfaces(m.surface, m.sentenceStart === true || startsOne.has(m.key))) {
      const name = entityName(shorter.surface, m.kind);
      if (!name) continue;
      const cut: RawMention = { ...m, key: entityKey(name), name, surface: shorter.surface };
      // A title is no word too many ("Dr. Ana Costa" is Ana Costa already).
      if (cut.key === m.key) continue;
      const longer = longerName(cut, true);
      if (!isName(cut.key) && !longer) continue;
      // A first word is cut only where the group uses the rest more than the whole ("Call Clara" beside "Clara"), or
      // the graph knows the rest and not the whole: "Ana Costa" at a sentence start does not become "Costa".
      if (shorter.leading) {
        const rest = count(cut.key) + (longer ? count(longer) : 0);
        const knownRest = knownByKey.has(cut.key) || (longer !== null && knownByKey.has(longer));
        if (!(rest > count(m.key) || (knownRest && !knownByKey.has(m.key)))) continue;
      }
      return cut;
    }
    return null;
  };

  /** The mention run on into the word after it, when at least two mentions of its key and all of them have it. */
  const extended = (m: RawMention): RawMention | null => {
    const after = nextWords.get(m.key);
    if (!m.next || (counts.get(m.key) ?? 0) < 2 || after?.size !== 1) return null;
    const surface = `${m.surface} ${m.next}`;
    const name = entityName(surface, m.kind);
    return name ? { ...m, key: entityKey(name), name, surface, next: null } : null;
  };

  return {
    resolve(raw) {
      if (speakerNames.has(raw.key)) return { key: raw.key, mention: raw };
      const m = extended(raw) ?? raw;
      const cut = repaired(m);
      const mention = cut ?? m;
      return { key: longerName(mention, cut !== null) ?? mention.key, mention };
    },
    speakerName: (key) => speakerNames.get(key),
    known: (key) => knownByKey.get(key),
  };
}
