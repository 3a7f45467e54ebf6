import { createHash } from 'node:crypto';

/** Group ids name a tenant; they may not contain ':' because Strata's natural keys use it as a separator. */
export const GROUP_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The id of a memory sent without one: a hash of what makes it the same message
 * (group, speaker, instant, text), so sending the same batch twice creates nothing new.
 * The instant is normalised to UTC so "10:00+01:00" and "09:00Z" are the same memory.
 */
export function contentHashId(groupId: string, speaker: string, ts: string, text: string): string {
  const instant = new Date(ts).toISOString();
  const digest = createHash('sha256').update([groupId, speaker, instant, text].join('\u0000')).digest('hex');
  return `m_${digest.slice(0, 32)}`;
}

/** Natural key of a summary: `<groupId>:<level>:<periodKey>`, so MERGE makes every roll-up idempotent. */
export function summaryId(groupId: string, level: string, periodKey: string): string {
  return `${groupId}:${level}:${periodKey}`;
}

/** The group a summary id belongs to, read from the id alone (group ids hold no ':'), so it needs no lookup. */
export function groupOfSummaryId(id: string): string {
  const colon = id.indexOf(':');
  return colon < 0 ? id : id.slice(0, colon);
}
