import { createHash } from 'node:crypto';
import type { Entity, EntityKind, SpokenMessage } from './entities.js';
import {
  EDGE,
  entityKey,
  entityName,
  type KnownEntity,
  POSSESSIVE,
  type RawMention,
  TITLES,
} from './entity-names.js';
import { capitalisedAfter, startsSentence } from './entity-repair.js';
import { initialsOf, kindByForm, shortNameOf } from './entity-short-forms.js';
import { groupNames } from './entity-targets.js';

export { entityKey, entityName, type KnownEntity, type RawMention } from './entity-names.js';
export { type EntityLookups, lookupsFor } from './entity-targets.js';

/**
 * From mentions in a session's messages to the entities of a group: one node per group and name, whatever the case,
 * a possessive, a title or a leading "the". A shorter form of a longer name of the same group (a speaker's, one named
 * in the same batch of sessions, or one the group already has) resolves to it when only one such name has that form:
 * a first name, a body's name without "Labs" or "Ltd", initials in capitals (entity-short-forms.ts). A mention with
 * a word too many ("IKEA order", "Call Clara" at a sentence start) is the name the group uses inside it
 * (entity-repair.ts). A speaker's name is a person. Everything here is pure; nothing crosses a group.
 */

/** Entities per session that take part in co-occurrence: its most mentioned, so a session adds at most 105 pairs. */
export const PAIRED_PER_SESSION = 15;
/** Aliases kept per mention of a session (the node keeps what every session added). */
const ALIASES_PER_MENTION = 8;

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

/** Natural key of an entity: `<groupId>:entity:<hash of its key>`, scoped to its group like summary ids. */
export function entityId(groupId: string, key: string): string {
  return `${groupId}:entity:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/** The group an entity id belongs to (group ids hold no ':'). */
export function groupOfEntityId(id: string): string {
  const colon = id.indexOf(':');
  return colon < 0 ? id : id.slice(0, colon);
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
        const { surface, start } = withTitle(m.text, e);
        const sentenceStart = startsSentence(m.text, start);
        const next = capitalisedAfter(m.text, e.end);
        return [{ key: entityKey(name), name, surface, kind: e.kind, sentenceStart, next }];
      }),
    ),
  }));
}

const TITLE_BEFORE = /(?:^|[^\p{L}])((?:dr|mr|mrs|ms|mx|prof)\.?\s+)$/iu;

/**
 * The mention as written, with the title before a person's name when the extractor left it out ("Dr. Ana Costa"),
 * and where it starts.
 */
function withTitle(text: string, e: Entity): { surface: string; start: number } {
  const surface = e.text.trim();
  if (e.kind !== 'person') return { surface, start: e.start };
  const title = TITLE_BEFORE.exec(text.slice(Math.max(0, e.start - 8), e.start));
  if (!title) return { surface, start: e.start };
  const written = title[1] as string;
  return { surface: `${written}${surface}`.replace(/\s+/g, ' '), start: e.start - written.length };
}

/** One entity as a session mentions it, resolved: what the write needs. */
export interface ResolvedMention {
  id: string;
  key: string;
  name: string;
  kind: EntityKind;
  /** A body's name without its designator, and its initials, by which a later mention finds it (not a person's). */
  shortName: string | null;
  initials: string | null;
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
 * Resolves the mentions of a batch of sessions of one group to the group's names (entity-targets.ts): a short form to
 * the one longer name that has it among the speakers, the batch's mentions and `known` (with two or more it stays its
 * own entity), a mention with a word too many to the name inside it, a speaker's whole name to the speaker. A key's
 * kind is person for a speaker or a person the group has, the one its last word says ("Labs", "Marathon"), or else
 * the one most of its mentions in the batch give.
 */
export function resolveSessions(
  groupId: string,
  sessions: readonly { summaryId: string; mentions: readonly RawMention[] }[],
  speakers: readonly string[],
  known: readonly KnownEntity[],
): SessionEntities[] {
  const group = groupNames(
    speakers,
    sessions.flatMap((s) => s.mentions),
    known,
  );

  // Per key over the batch: the kinds its mentions give, and its best-written name.
  const kindVotes = new Map<string, Map<EntityKind, number>>();
  const spellings = new Map<string, Map<string, number>>();
  const resolvedOf = sessions.map((s) =>
    s.mentions.map((raw) => {
      const { key, mention: m } = group.resolve(raw);
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
    if (group.speakerName(key) || group.known(key)?.kind === 'person') return { kind: 'person', sure: true };
    const byForm = kindByForm(key);
    if (byForm) return { kind: byForm, sure: true };
    const votes = [...(kindVotes.get(key) ?? new Map<EntityKind, number>())].sort(
      (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
    );
    return { kind: votes[0]?.[0] ?? 'other', sure: false };
  };
  const nameOf = (key: string): string => {
    const fromSpeakerOrKnown = group.speakerName(key) ?? group.known(key)?.name;
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
        shortName: shortNameOf(key),
        initials: initialsOf(key),
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
