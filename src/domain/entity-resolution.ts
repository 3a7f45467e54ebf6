import { createHash } from 'node:crypto';
import type { Entity, EntityKind, SpokenMessage } from './entities.js';

/**
 * From mentions in a session's messages to the entities of a group: one node per group and name, whatever the case,
 * a possessive, a title or a leading "the"; a first name beside a full name of the same group (a speaker's, one
 * named in the same batch of sessions, or one the group already has) resolves to the full name when only one full
 * name starts with it; a speaker's name is a person. Everything here is pure; nothing crosses a group.
 */

/** Entities per session that take part in co-occurrence: its most mentioned, so a session adds at most 105 pairs. */
export const PAIRED_PER_SESSION = 15;
/** Aliases kept per mention of a session (the node keeps what every session added). */
const ALIASES_PER_MENTION = 8;

const TITLES = new Set(['dr', 'mr', 'mrs', 'ms', 'mx', 'miss', 'prof', 'professor', 'sir', 'madam', 'dame']);
const EDGE = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const POSSESSIVE = /(?:['’´]s|['’´])$/iu;

/** The kinds as node labels (Browser styles key colours on labels): person -> Person, ... */
export const ENTITY_KIND_LABELS: Record<EntityKind, string> = {
  person: 'Person',
  place: 'Place',
  organisation: 'Organisation',
  product: 'Product',
  work: 'Work',
  event: 'Event',
  other: 'Thing',
};

/**
 * A mention as it names its entity: surrounding marks, a possessive, a leading "the", and (for a person) a title
 * cut off; white space made single. Null when nothing with a letter is left.
 */
export function entityName(surface: string, kind: EntityKind): string | null {
  let name = surface.normalize('NFKC').replace(/\s+/g, ' ').trim();
  name = name.replace(POSSESSIVE, '').replace(EDGE, '');
  let words = name.split(' ').filter(Boolean);
  if (words.length > 1 && words[0]?.toLowerCase() === 'the') words = words.slice(1);
  if (kind === 'person') {
    while (words.length > 1 && TITLES.has((words[0] as string).toLowerCase().replace(/\.$/, ''))) {
      words = words.slice(1);
    }
  }
  name = words.join(' ').replace(EDGE, '');
  if (!/\p{L}/u.test(name) || name.length < 2) return null;
  return name;
}

/** The key an entity is found by within its group: its name in lower case. */
export function entityKey(name: string): string {
  return name.toLowerCase();
}

/** Natural key of an entity: `<groupId>:entity:<hash of its key>`, scoped to its group like summary ids. */
export function entityId(groupId: string, key: string): string {
  return `${groupId}:entity:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/** The group an entity id belongs to (group ids hold no ':'). */
export function groupOfEntityId(id: string): string {
  const colon = id.indexOf(':');
  return colon < 0 ? id : id.slice(0, colon);
}

/** One mention found in a session, before resolution. */
export interface RawMention {
  key: string;
  name: string;
  /** The text as written (a title, a possessive), kept as an alias. */
  surface: string;
  kind: EntityKind;
}

export interface SessionMessages {
  summaryId: string;
  messages: readonly SpokenMessage[];
}

/** The mentions of each session, from the entities found in each of its messages (`found[session][message]`). */
export function sessionMentions(
  sessions: readonly SessionMessages[],
  found: readonly (readonly (readonly Entity[])[])[],
): { summaryId: string; mentions: RawMention[] }[] {
  return sessions.map((session, s) => ({
    summaryId: session.summaryId,
    mentions: session.messages.flatMap((m, i) =>
      (found[s]?.[i] ?? []).flatMap((e) => {
        const name = entityName(e.text, e.kind);
        // A title on its own ("Mr" split from "Mr. Duncan Hale") names no one.
        if (!name || TITLES.has(name.toLowerCase())) return [];
        return [{ key: entityKey(name), name, surface: withTitle(m.text, e), kind: e.kind }];
      }),
    ),
  }));
}

const TITLE_BEFORE = /(?:^|[^\p{L}])((?:dr|mr|mrs|ms|mx|prof)\.?\s+)$/iu;

/** The mention as written, with the title before a person's name when the extractor left it out ("Dr. Ana Costa"). */
function withTitle(text: string, e: Entity): string {
  const surface = e.text.trim();
  if (e.kind !== 'person') return surface;
  const title = TITLE_BEFORE.exec(text.slice(Math.max(0, e.start - 8), e.start));
  return title ? `${title[1] as string}${surface}`.replace(/\s+/g, ' ') : surface;
}

/** A person of the group already in the graph with a name of several words, found by its first word. */
export interface KnownPerson {
  key: string;
  name: string;
}

/** The first word of a key of several words, or null. */
export function firstNameOf(key: string): string | null {
  const space = key.indexOf(' ');
  return space < 0 ? null : key.slice(0, space);
}

/** The single words among the mentions that may be first names: the graph is asked for full names starting so. */
export function firstNameCandidates(sessions: readonly { mentions: readonly RawMention[] }[]): string[] {
  const out = new Set<string>();
  for (const s of sessions)
    for (const m of s.mentions) if (m.kind === 'person' && !m.key.includes(' ')) out.add(m.key);
  return [...out].sort();
}

/** One entity as a session mentions it, resolved: what the write needs. */
export interface ResolvedMention {
  id: string;
  key: string;
  name: string;
  kind: EntityKind;
  /** A speaker, or a person the group already has: its kind (person) and name hold whatever a session says. */
  kindSure: boolean;
  count: number;
  aliases: string[];
  /** Among the session's most mentioned: its pairs with the other paired ones are co-occurrences. */
  paired: boolean;
}

export interface SessionEntities {
  summaryId: string;
  mentions: ResolvedMention[];
  /** Co-occurring entity ids, each pair once, lower id first. */
  pairs: [string, string][];
}

/**
 * Resolves the mentions of a batch of sessions of one group. A single word resolves to the one full name of a
 * person that starts with it among the speakers, the batch's mentions and `known`; with two or more it stays its
 * own entity, and a single word that is a speaker's whole name stays that speaker. A key's kind is the one most of
 * its mentions in the batch give, person for a speaker.
 */
export function resolveSessions(
  groupId: string,
  sessions: readonly { summaryId: string; mentions: readonly RawMention[] }[],
  speakers: readonly string[],
  known: readonly KnownPerson[],
): SessionEntities[] {
  const speakerNames = new Map<string, string>();
  for (const speaker of speakers) {
    const name = entityName(speaker, 'person');
    if (name) speakerNames.set(entityKey(name), name);
  }
  // Full names of people, by first word: speakers, the batch's, the group's.
  const fullNames = new Map<string, Set<string>>();
  const addFull = (key: string) => {
    const first = firstNameOf(key);
    if (!first) return;
    const set = fullNames.get(first) ?? new Set<string>();
    set.add(key);
    fullNames.set(first, set);
  };
  for (const key of speakerNames.keys()) addFull(key);
  for (const s of sessions) for (const m of s.mentions) if (m.kind === 'person') addFull(m.key);
  const knownNames = new Map(known.map((k) => [k.key, k.name]));
  for (const k of known) addFull(k.key);

  const target = (m: RawMention): string => {
    if (m.key.includes(' ') || speakerNames.has(m.key)) return m.key;
    const isPersonWord = m.kind === 'person';
    const fulls = fullNames.get(m.key);
    return isPersonWord && fulls?.size === 1 ? ([...fulls][0] as string) : m.key;
  };

  // Per key over the batch: the kinds its mentions give, and its best-written name.
  const kindVotes = new Map<string, Map<EntityKind, number>>();
  const spellings = new Map<string, Map<string, number>>();
  const resolvedOf = sessions.map((s) =>
    s.mentions.map((m) => {
      const key = target(m);
      const votes = kindVotes.get(key) ?? new Map<EntityKind, number>();
      votes.set(m.kind, (votes.get(m.kind) ?? 0) + 1);
      kindVotes.set(key, votes);
      if (key === m.key) {
        const names = spellings.get(key) ?? new Map<string, number>();
        names.set(m.name, (names.get(m.name) ?? 0) + 1);
        spellings.set(key, names);
      }
      return { key, mention: m };
    }),
  );
  const kindOf = (key: string): { kind: EntityKind; sure: boolean } => {
    if (speakerNames.has(key) || knownNames.has(key)) return { kind: 'person', sure: true };
    const votes = [...(kindVotes.get(key) ?? new Map<EntityKind, number>())].sort(
      (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
    );
    return { kind: votes[0]?.[0] ?? 'other', sure: false };
  };
  const nameOf = (key: string): string => {
    const fromSpeakerOrKnown = speakerNames.get(key) ?? knownNames.get(key);
    if (fromSpeakerOrKnown) return fromSpeakerOrKnown;
    const names = [...(spellings.get(key) ?? new Map<string, number>())].sort(
      (a, b) => b[1] - a[1] || capitals(b[0]) - capitals(a[0]) || a[0].localeCompare(b[0]),
    );
    return names[0]?.[0] ?? key;
  };

  return sessions.map((s, i) => {
    const byKey = new Map<string, { count: number; aliases: Map<string, string> }>();
    for (const { key, mention } of resolvedOf[i] ?? []) {
      const entry = byKey.get(key) ?? { count: 0, aliases: new Map<string, string>() };
      entry.count += 1;
      // As written, less a possessive: "Dr. Ana Costa" and "Ana" are aliases, "Lisbon's" and "LISBON" are not.
      const alias = mention.surface.replace(/\s+/g, ' ').trim().replace(POSSESSIVE, '').replace(EDGE, '');
      if (alias && alias.toLowerCase() !== key && !entry.aliases.has(alias.toLowerCase()))
        entry.aliases.set(alias.toLowerCase(), alias);
      byKey.set(key, entry);
    }
    const mentions: ResolvedMention[] = [...byKey].map(([key, entry]) => {
      const { kind, sure } = kindOf(key);
      const name = nameOf(key);
      return {
        id: entityId(groupId, key),
        key,
        name,
        kind,
        kindSure: sure,
        count: entry.count,
        aliases: [...entry.aliases.values()].filter((a) => a !== name).slice(0, ALIASES_PER_MENTION),
        paired: false,
      };
    });
    mentions.sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const paired = mentions.slice(0, PAIRED_PER_SESSION);
    for (const m of paired) m.paired = true;
    const ids = paired.map((m) => m.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const pairs: [string, string][] = [];
    for (let a = 0; a < ids.length; a++)
      for (let b = a + 1; b < ids.length; b++) pairs.push([ids[a] as string, ids[b] as string]);
    return { summaryId: s.summaryId, mentions, pairs };
  });
}

function capitals(name: string): number {
  return [...name].filter((c) => c !== c.toLowerCase()).length;
}
