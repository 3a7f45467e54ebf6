/**
 * The text an MCP tool returns beside its structured result. Models read this text, so every line names
 * the id and the date or period it rests on: an agent can cite what it uses and fetch more around it.
 */

import type { BuiltContext } from '../domain/context.js';
import type { EntityCount, EntityProfile, EntityRecord } from '../domain/entity-shapes.js';
import type { DriftResponse, Era } from '../domain/era.js';
import type { IngestResult } from '../domain/memory.js';
import type { RecallItem, RecallResponse } from '../domain/recall.js';
import type { Summary } from '../domain/summary.js';

/** "2024-04-29..2024-05-05" for a period, the instant for a memory. */
function when(item: Pick<RecallItem, 'ts' | 'periodStart' | 'periodEnd'>): string {
  if (item.periodStart) {
    return item.periodEnd && item.periodEnd !== item.periodStart
      ? `${item.periodStart}..${item.periodEnd}`
      : item.periodStart;
  }
  return item.ts ?? 'undated';
}

function ids(list: string[]): string {
  return list.length > 0 ? `: ${list.join(', ')}` : '';
}

export function ingestText(groupId: string, result: IngestResult): string {
  return [
    `Stored ${result.created.length} new memories in group ${groupId}${ids(result.created)}.`,
    `${result.existing.length} were already stored${ids(result.existing)}.`,
  ].join('\n');
}

export function recallText(response: RecallResponse): string {
  if (response.items.length === 0) return `No memories match "${response.query}".`;
  const lines = [`${response.items.length} hits for "${response.query}", best first:`];
  response.items.forEach((item, i) => {
    const who = item.speaker ? ` ${item.speaker}:` : '';
    lines.push(
      `${i + 1}. [${item.level} ${item.id} | ${when(item)} | score ${item.score.toFixed(3)}]${who} ${item.text}`,
    );
    for (const detail of item.details) {
      lines.push(`   - [memory ${detail.id} | ${detail.ts}] ${detail.speaker}: ${detail.text}`);
    }
  });
  if (response.entities.length > 0)
    lines.push(
      `The query names: ${response.entities.map((e) => `${e.name} (${e.kind}, ${e.id})`).join(', ')}.`,
    );
  return lines.join('\n');
}

export function contextText(context: BuiltContext): string {
  if (!context.text.trim()) return 'The group has no memories or summaries yet.';
  return context.truncated ? `${context.text}\n(cut to the token budget)` : context.text;
}

export function summariesText(groupId: string, summaries: Summary[]): string {
  if (summaries.length === 0) return `No summaries for group ${groupId} in that range yet.`;
  return summaries
    .map((s) => {
      const topics = s.topics.map((t) => t.name).join(', ');
      return (
        `[${s.level} ${s.id} | ${s.periodStart}..${s.periodEnd} | ${s.messageCount} messages` +
        `${topics ? ` | topics: ${topics}` : ''}] ${s.text}`
      );
    })
    .join('\n');
}

/** "Lisbon (place, 12 mentions), Ana Costa (person, 9 mentions)". */
export function entityCountsText(counts: readonly EntityCount[]): string {
  return counts.map((c) => `${c.name} (${c.kind}, ${c.mentions} mentions)`).join(', ');
}

export function erasText(groupId: string, eras: Era[]): string {
  if (eras.length === 0) {
    return `No eras for group ${groupId} yet: eras need several weeks of week summaries.`;
  }
  return eras
    .map((e) => {
      const mark = e.current ? ' | current' : e.earlier ? ' | earlier eras folded together' : '';
      const entities = e.entities?.length ? `; entities: ${entityCountsText(e.entities)}` : '';
      return `[era ${e.id} | ${e.start} to ${e.end} (exclusive)${mark}] ${e.theme}; key topics: ${e.keyTopics.join(', ')}${entities}`;
    })
    .join('\n');
}

export function driftText(series: DriftResponse): string {
  if (series.points.length === 0) {
    return `No ${series.level} drift for group ${series.groupId} yet: it needs two ${series.level} summaries.`;
  }
  return series.points
    .map((p) => {
      const appeared = p.appeared.length ? `; appeared: ${p.appeared.join(', ')}` : '';
      const faded = p.faded.length ? `; faded: ${p.faded.join(', ')}` : '';
      const embedding =
        p.cosineDistance === null ? '' : `, embedding distance ${p.cosineDistance.toFixed(3)}`;
      const figures = `topic drift ${p.topicDrift.toFixed(3)} (unsmoothed jsd ${p.jsd.toFixed(3)}${embedding})`;
      return `[${series.level} ${p.periodStart} vs ${p.previousStart}] ${figures}${appeared}${faded}`;
    })
    .join('\n');
}

export function entitiesText(groupId: string, entities: EntityRecord[], nextOffset: number | null): string {
  if (entities.length === 0) return `No entities for group ${groupId} match (they appear after a cycle).`;
  const lines = entities.map(
    (e) =>
      `[${e.kind} ${e.id} | ${e.mentions} mentions in ${e.sessions} sessions | ${e.firstSeen.slice(0, 10)}..` +
      `${e.lastSeen.slice(0, 10)}] ${e.name}${e.aliases.length > 0 ? ` (also: ${e.aliases.join(', ')})` : ''}`,
  );
  if (nextOffset !== null) lines.push(`More: offset ${nextOffset}.`);
  return lines.join('\n');
}

export function entityProfileText(profile: EntityProfile): string {
  const e = profile.entity;
  const lines = [
    `${e.name} (${e.kind}${e.aliases.length > 0 ? `; also ${e.aliases.join(', ')}` : ''}): ${e.mentions} mentions ` +
      `in ${e.sessions} sessions, ${e.firstSeen.slice(0, 10)} to ${e.lastSeen.slice(0, 10)}.`,
    `By month: ${profile.months.map((m) => `${m.month} ${m.mentions}`).join(', ')}.`,
  ];
  if (profile.related.length > 0)
    lines.push(
      `Comes up with: ${profile.related.map((r) => `${r.name} (${r.kind}, ${r.sessions})`).join(', ')}.`,
    );
  for (const m of profile.memories) lines.push(`[${m.ts} ${m.speaker}] ${m.text}`);
  return lines.join('\n');
}
