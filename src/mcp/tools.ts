import { z } from 'zod';
import { contextQuerySchema, contextResponseSchema } from '../api/routes/recall.js';
import type { ApiServices } from '../api/services.js';
import { entityListQuerySchema, entityProfileSchema, entitySchema } from '../domain/entity-shapes.js';
import { driftResponseSchema, eraSchema, seriesQuerySchema } from '../domain/era.js';
import { ingestResultSchema, MAX_BATCH, memoryInputSchema } from '../domain/memory.js';
import { recallRequestSchema, recallResponseSchema } from '../domain/recall.js';
import { summaryListQuerySchema, summarySchema } from '../domain/summary.js';
import {
  contextText,
  driftText,
  entitiesText,
  entityProfileText,
  erasText,
  ingestText,
  recallText,
  summariesText,
} from './tool-text.js';

/**
 * One MCP tool over the API's services. `input` holds the tool's own arguments; the group is added by
 * the server (or fixed by it), so the same tool serves `strata mcp --group x` and the HTTP endpoint.
 * Input fields reuse the API's zod schemas, and the result is the API's response shape, so an agent
 * sees the same ids, periods and limits as an HTTP client.
 */
export interface ToolSpec<S extends z.ZodRawShape, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** The structured result; its JSON Schema is published as the tool's outputSchema. */
  output: O;
  readOnly: boolean;
  run(
    services: ApiServices,
    groupId: string,
    args: z.output<z.ZodObject<S>>,
  ): Promise<{ data: z.output<O>; text: string }>;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of tools with different shapes; each is checked where it is defined.
export type AnyToolSpec = ToolSpec<any, any>;

function defineTool<S extends z.ZodRawShape, O extends z.ZodObject>(spec: ToolSpec<S, O>): AnyToolSpec {
  return spec;
}

/** A copy without the schema's component id, so its JSON Schema is an inline object (MCP wants type: object at the root). */
function inline<T extends z.ZodObject>(schema: T): z.ZodObject<T['shape']> {
  return z.object(schema.shape);
}

/** Memories as an agent sends them: `ts` may be left out and means now. */
const agentMemorySchema = memoryInputSchema.extend({
  ts: memoryInputSchema.shape.ts
    .optional()
    .meta({ description: 'When it was said, ISO 8601 with an offset (2024-05-02T09:30:00Z); default now' }),
  text: memoryInputSchema.shape.text.meta({ description: 'What was said or noted, in the words used' }),
  speaker: memoryInputSchema.shape.speaker.meta({
    description: 'Who said it: a person, or the agent itself',
  }),
});

const recall = recallRequestSchema.shape;
const summaryQuery = summaryListQuerySchema.shape;
const series = seriesQuerySchema.shape;
const entityQuery = entityListQuerySchema.shape;

export const TOOLS: AnyToolSpec[] = [
  defineTool({
    name: 'add_memories',
    title: 'Add memories',
    description:
      "Store messages, facts or decisions in the group's long-term memory so they can be recalled later, " +
      'in this conversation or another one. Send each utterance as one memory: who said it (speaker), the ' +
      'words (text) and when (ts, ISO 8601 with an offset; leave it out for now). Safe to repeat: a memory ' +
      'already stored (same id, or same speaker, ts and text) is not stored twice. Returns the ids created ' +
      'and the ids that already existed. New memories can be recalled within seconds; day, week and month ' +
      'summaries of them appear after the next roll-up cycle.',
    input: {
      memories: z
        .array(agentMemorySchema)
        .min(1)
        .max(MAX_BATCH)
        .meta({ description: `1 to ${MAX_BATCH} memories, in any order` }),
    },
    output: inline(ingestResultSchema),
    readOnly: false,
    async run(services, groupId, { memories }) {
      const now = new Date().toISOString();
      const data = await services.ingest(
        groupId,
        memories.map((m) => ({ ...m, ts: m.ts ?? now })),
      );
      return { data, text: ingestText(groupId, data) };
    },
  }),
  defineTool({
    name: 'recall',
    title: 'Recall',
    description:
      "Search the group's long-term memory for what was said, planned or decided about something. Returns " +
      'the best matches, best first: raw messages (level memory) and summaries of sessions, days, weeks, ' +
      'months and eras, each with its id and the time or period it covers; summary hits also bring the ' +
      'original messages under them. Quote ids and dates when you rely on a hit. Narrow with levels (e.g. ' +
      '["memory"] for exact words, ["week","month"] for the big picture) and with from/to for a time window. Pass ' +
      'asOf when the question is asked at another moment than now: "last week" is read against it, and nothing ' +
      'later is returned.',
    input: {
      query: recall.query.meta({ description: 'What to look for, in plain words' }),
      k: recall.k,
      levels: recall.levels,
      from: recall.from,
      to: recall.to,
      mode: recall.mode,
      asOf: recall.asOf,
    },
    output: inline(recallResponseSchema),
    readOnly: true,
    async run(services, groupId, args) {
      // The request schema also checks what the shape alone cannot (from before to) and fills in defaults.
      const data = await services.recall(groupId, recallRequestSchema.parse(args));
      return { data, text: recallText(data) };
    },
  }),
  defineTool({
    name: 'get_context',
    title: 'Get context',
    description:
      "A prompt-ready overview of what the group's memory holds, filled to a token budget by value: given a " +
      'query, the turns that answer it (each naming its speaker, under its date) come first; then the current ' +
      'era, recent months, weeks and days, and the latest turns. No sentence appears twice. Call it at the start ' +
      'of a conversation to catch up, or with a question to gather what answers it.',
    input: {
      budgetTokens: contextQuerySchema.shape.budgetTokens.meta({
        description: 'Most tokens the overview may take (50-100000, default 1500)',
      }),
      query: contextQuerySchema.shape.query.meta({
        description: 'A question or topic: what answers it comes first',
      }),
      asOf: contextQuerySchema.shape.asOf,
    },
    output: inline(contextResponseSchema),
    readOnly: true,
    async run(services, groupId, args) {
      const data = await services.context(groupId, contextQuerySchema.parse(args));
      return { data, text: contextText(data) };
    },
  }),
  defineTool({
    name: 'list_summaries',
    title: 'List summaries',
    description:
      "The group's summaries, newest first: what happened in each session, day, week or month, with its id, " +
      'period, topics and message count. Use it to review a stretch of time (level week or month with ' +
      'from/to) rather than to search for something, which recall does better.',
    input: {
      level: summaryQuery.level.meta({ description: 'session, day, week or month; all levels when absent' }),
      from: summaryQuery.from.meta({ description: 'Only periods ending after this date or instant' }),
      to: summaryQuery.to.meta({ description: 'Only periods starting before this date or instant' }),
      limit: summaryQuery.limit.meta({ description: 'Most summaries to return (1-500, default 50)' }),
    },
    output: z.object({ summaries: z.array(summarySchema) }),
    readOnly: true,
    async run(services, groupId, args) {
      const summaries = await services.listSummaries(groupId, summaryListQuerySchema.parse(args));
      return { data: { summaries }, text: summariesText(groupId, summaries) };
    },
  }),
  defineTool({
    name: 'get_eras',
    title: 'Get eras',
    description:
      "The group's eras in time order, the current one last: long stretches in which the conversation kept " +
      'to the same themes, found where the weekly topics changed. Each has an id, its start and (exclusive) ' +
      'end date, a theme and key topics; with entities, also the people, places, organisations and things its ' +
      'sessions name most (slower on long eras). Use it to place events in the longer story of the group.',
    input: {
      entities: z
        .boolean()
        .optional()
        .meta({ description: "Add each era's most named entities (reads every session link in its span)" }),
    },
    output: z.object({ eras: z.array(eraSchema) }),
    readOnly: true,
    async run(services, groupId, input) {
      const eras = await services.eras(groupId, { entities: input.entities ?? false });
      return { data: { eras }, text: erasText(groupId, eras) };
    },
  }),
  defineTool({
    name: 'get_drift',
    title: 'Get topic drift',
    description:
      "How the group's topics changed from one period to the next: for each period, how far its topics " +
      'moved from the previous one (topic drift, 0 = same mix, 1 = nothing shared, with topics smoothed ' +
      "toward the group's background so that an era change stands out) and which topics appeared or " +
      'faded. Use it to answer "when did we start or stop talking about X" or "what changed lately".',
    input: {
      level: series.level.meta({ description: 'Period length: day, week (default) or month' }),
      from: series.from,
      to: series.to,
    },
    output: inline(driftResponseSchema),
    readOnly: true,
    async run(services, groupId, args) {
      const data = await services.drift(groupId, seriesQuerySchema.parse(args));
      return { data, text: driftText(data) };
    },
  }),
  defineTool({
    name: 'entities',
    title: 'Entities',
    description:
      'Who and what the group talks about: the people, places, organisations, products, works and events named ' +
      'in its sessions, each with its aliases, when it was first and last seen and how often it is mentioned. ' +
      'Without an id, a list (filter by kind, a part of the name or an alias, a time window; most mentioned or ' +
      'most recent first). With an id from that list, its profile: mentions per month, the entities it comes up ' +
      'with, and the latest sessions and messages that name it. Use it to answer "who is X" or "what do we know ' +
      'about X", then recall for the details.',
    input: {
      id: z
        .string()
        .min(1)
        .max(300)
        .optional()
        .meta({ description: "An entity's id: its profile instead of a list" }),
      kind: entityQuery.kind.meta({
        description: 'person, place, organisation, product, work, event or other',
      }),
      name: entityQuery.name,
      from: entityQuery.from,
      to: entityQuery.to,
      sort: entityQuery.sort,
      limit: entityQuery.limit.meta({ description: 'Most entities to return (1-200, default 50)' }),
      offset: entityQuery.offset,
    },
    output: z.object({
      entities: z.array(entitySchema).optional(),
      nextOffset: z.number().int().nullable().optional(),
      profile: inline(entityProfileSchema).optional(),
    }),
    readOnly: true,
    async run(services, groupId, { id, ...query }) {
      if (id !== undefined) {
        const profile = await services.getEntity(groupId, id);
        return profile
          ? { data: { profile }, text: entityProfileText(profile) }
          : { data: {}, text: `Group ${groupId} has no entity ${id}.` };
      }
      const page = await services.listEntities(groupId, entityListQuerySchema.parse(query));
      const data = page ?? { entities: [], nextOffset: null };
      return { data, text: entitiesText(groupId, data.entities, data.nextOffset) };
    },
  }),
];
