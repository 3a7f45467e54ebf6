import { readableDate, SPEAKER_PREFIX } from './context.js';
import type { EntityRecord } from './entity-shapes.js';
import { indexOfRun } from './named-entities.js';
import { localDate } from './periods.js';
import { splitSentences, words } from './text.js';

/** What the context block says of an entity the query names, beside its own fields (recall/entity-briefs.cypher). */
export interface EntityBrief {
  id: string;
  /** Sessions that name it (by `asOf`, when asked then). */
  sessions: number;
  /** Null when no session had named it by `asOf`. */
  firstSeen: string | null;
  lastSeen: string | null;
  /** The entities it comes up with most, by name. */
  related: string[];
  /** The text of the latest session summary that names it. */
  latest: string | null;
}

/** How many of an entity's other spellings its line shows. */
const ALIASES_SHOWN = 3;

/**
 * One line (on the group's calendar) saying who or what an entity is, as far as the group's memory tells: its kind and other names, how
 * often and over what span it came up, what it comes up with, and the latest thing said of it.
 * "Ana Costa (person, also Ana): named in 3 sessions, 4 March 2024 to 8 March 2024; comes up with Lisbon, Maria
 * Silva. Latest: Ana booked her flight to Lisbon."
 */
export function entityBriefLine(
  entity: Pick<EntityRecord, 'name' | 'kind' | 'aliases'>,
  brief: EntityBrief,
  timeZone: string,
): string {
  const aliases = entity.aliases.slice(0, ALIASES_SHOWN);
  const head = `${entity.name} (${entity.kind}${aliases.length > 0 ? `, also ${aliases.join(', ')}` : ''})`;
  const parts: string[] = [];
  if (brief.sessions > 0 && brief.firstSeen && brief.lastSeen) {
    const first = readableDate(localDate(brief.firstSeen, timeZone));
    const last = readableDate(localDate(brief.lastSeen, timeZone));
    const span = first === last ? `on ${first}` : `${first} to ${last}`;
    parts.push(`named in ${brief.sessions} session${brief.sessions === 1 ? '' : 's'}, ${span}`);
  }
  if (brief.related.length > 0) parts.push(`comes up with ${brief.related.join(', ')}`);
  const latest = brief.latest ? sentenceNaming(brief.latest, [entity.name, ...entity.aliases]) : null;
  return `- ${head}${parts.length > 0 ? `: ${parts.join('; ')}.` : '.'}${latest ? ` Latest: ${latest}` : ''}`;
}

/**
 * The first sentence of `text` that names one of `names` as whole words, in any case, beyond a speaker's name
 * leading it; null when none does.
 */
export function sentenceNaming(text: string, names: string[]): string | null {
  const spelled = names.map((n) => words(n)).filter((w) => w.length > 0);
  for (const sentence of splitSentences(text)) {
    const said = words(sentence.replace(SPEAKER_PREFIX, ''));
    if (spelled.some((name) => indexOfRun(said, name) >= 0)) return sentence.trim();
  }
  return null;
}
