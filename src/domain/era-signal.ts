import { z } from 'zod';
import { csvNumber, toCsv } from './csv.js';
import { cosineDistance } from './drift.js';
import { eraPreviewSchema } from './era.js';
import { type DaySignal, dataCut, ERA_DETECTOR } from './eras.js';

/**
 * What the era detector reads, day by day, for a researcher's own tools (ruptures, R): each day's message and
 * speaker counts, the embedding distance from the day before, and its topic weights, in long format (one row per
 * day and topic; a day without topics has one row with none). The rows' order is the series' order, so the
 * breakpoints of eras/preview index into it. Stated with it: the detector, the parameters and the data cut.
 */
export const eraSignalSchema = z
  .object({
    groupId: z.string(),
    detector: z.string(),
    parameters: eraPreviewSchema.shape.parameters,
    cut: eraPreviewSchema.shape.cut,
    rows: z.array(
      z.object({
        index: z.number().int().meta({ description: "The day's position in the series (0-based)" }),
        day: z.string(),
        messageCount: z.number().int(),
        speakerCount: z.number().int(),
        embeddingDistance: z.number().nullable().meta({
          description: '1 - cosine similarity with the day before; null for the first or without vectors',
        }),
        topic: z.string().nullable(),
        weight: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'EraSignal' });

export type EraSignal = z.infer<typeof eraSignalSchema>;

export function eraSignal(
  groupId: string,
  days: readonly DaySignal[],
  parameters: EraSignal['parameters'],
): EraSignal {
  const sorted = [...days].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const rows: EraSignal['rows'] = [];
  sorted.forEach((d, index) => {
    const before = sorted[index - 1];
    const distance =
      before?.embedding && d.embedding && before.embedding.length === d.embedding.length
        ? cosineDistance(before.embedding, d.embedding)
        : null;
    const base = {
      index,
      day: d.day,
      messageCount: d.messageCount ?? 0,
      speakerCount: new Set(d.activeUsers ?? []).size,
      embeddingDistance: distance === null ? null : Number(distance.toFixed(6)),
    };
    const topics = d.topics ?? [];
    if (topics.length === 0) rows.push({ ...base, topic: null, weight: null });
    for (const [i, topic] of topics.entries())
      rows.push({ ...base, topic, weight: d.topicWeights?.[i] ?? 0 });
  });
  return { groupId, detector: ERA_DETECTOR, parameters, cut: dataCut(days), rows };
}

export const ERA_SIGNAL_CSV_HEADER = [
  'index',
  'day',
  'message_count',
  'speaker_count',
  'embedding_distance',
  'topic',
  'weight',
] as const;

export function eraSignalToCsv(signal: EraSignal): string {
  return toCsv(
    ERA_SIGNAL_CSV_HEADER,
    signal.rows.map((r) => [
      String(r.index),
      r.day,
      String(r.messageCount),
      String(r.speakerCount),
      csvNumber(r.embeddingDistance),
      r.topic ?? '',
      csvNumber(r.weight),
    ]),
  );
}
