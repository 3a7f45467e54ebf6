import type { EntityExtractor } from '../../domain/entities.js';
import { ENTITY_KINDS } from '../../domain/entities.js';
import {
  type EntitiesOverTime,
  type EntitiesOverTimeQuery,
  entitiesOverTimeQuerySchema,
  entitiesOverTimeToCsv,
  PERIOD_ENTITIES,
} from '../../domain/entities-over-time.js';
import {
  type EntityList,
  type EntityListQuery,
  type EntityProfile,
  entityListQuerySchema,
} from '../../domain/entity-shapes.js';
import { CALENDAR_LEVELS } from '../../domain/levels.js';
import { usageFromZod } from '../args.js';
import { type CommandSpec, levelFlag, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { printJson, tableWidth } from '../output.js';
import { parseSeriesFlags } from '../series-command.js';
import { formatTable } from '../table.js';

export type EntitiesOptions =
  | {
      action: 'extract';
      /** Speakers for every line, from --speakers; a line's own "speakers" are added to them. */
      speakers: string[];
      /** Another model file than the shipped one (bench/train-entities.ts writes them). */
      model?: string;
    }
  | { action: 'list'; groupId: string; query: EntityListQuery; json: boolean }
  | { action: 'show'; groupId: string; entityId: string; json: boolean }
  | { action: 'over-time'; groupId: string; query: EntitiesOverTimeQuery; output: 'table' | 'json' | 'csv' };

const ACTIONS = 'extract, list, show or over-time';

export const entitiesCommand: CommandSpec<EntitiesOptions> = {
  name: 'entities',
  summary:
    'The people, places, organisations, products, works and events a group talks about, or named in text',
  synopsis:
    'extract [--speakers <name,name>] [--model <file>]\n' +
    '  list --group <id> [--kind <kind>] [--name <part>] [--from <when>] [--to <when>] [--sort mentions|recent]\n' +
    '       [--limit 20] [--offset 0] [--json]\n' +
    '  show --group <id> <entity-id> [--json]\n' +
    `  over-time --group <id> [--level week] [--from <date>] [--to <date>] [--top ${PERIOD_ENTITIES}] [--csv | --json]`,
  description:
    'extract reads JSON Lines on stdin, {"text": "..."} (optionally "speakers": ["Ana", ...]), and writes one line\n' +
    'for each: {"entities": [{"text", "start", "end", "kind"}]}, start and end JavaScript string indices into\n' +
    'the text, end exclusive. Blank lines are skipped. A line that is not such an object gets\n' +
    '{"error": "line N: ..."} in its place (and the same on stderr), the rest go on, and the exit code is 1.\n' +
    'Needs no Neo4j and no settings. Kinds: person, place, organisation, product, work, event, other.\n' +
    "list shows a group's entities as the cycle linked them (most mentioned first, or --sort recent), by kind,\n" +
    "a part of the name or an alias, and seen within [from, to); show one entity's profile: mentions per month,\n" +
    'what it comes up with, the latest sessions and messages that name it. Exit code 1 for an unknown entity.\n' +
    'over-time lists every period of a level with the entities its sessions name most; --csv prints one row per\n' +
    'period and entity (period_start, period_end, level, entity_id, name, kind, mentions, sessions, share, rank,\n' +
    'period_sessions, period_mentions), the same CSV as GET /v1/groups/<id>/entities/over-time?format=csv.',
  flags: {
    speakers: {
      type: 'string',
      value: '<names>',
      description: "extract: comma-separated names of the group's speakers: people wherever they are named",
    },
    model: {
      type: 'string',
      value: '<file>',
      description: 'extract: a tagger model of your own (bench/train-entities.ts) instead of the shipped one',
    },
    group: { type: 'string', value: '<id>', description: 'list, show, over-time: the group (required)' },
    kind: {
      type: 'string',
      value: '<kind>',
      description: `list: only this kind (${ENTITY_KINDS.join(', ')})`,
    },
    name: { type: 'string', value: '<part>', description: 'list: a part of the name or an alias, any case' },
    from: {
      type: 'string',
      value: '<when>',
      description: 'list: last seen at or after this; over-time: the first period start (YYYY-MM-DD)',
    },
    to: {
      type: 'string',
      value: '<when>',
      description: 'list: first seen before this; over-time: periods starting before this',
    },
    level: {
      ...levelFlag(CALENDAR_LEVELS, 'week'),
      description: `over-time: ${CALENDAR_LEVELS.join(', ')} (default week)`,
    },
    top: {
      type: 'string',
      value: '<n>',
      description: `over-time: the most mentioned entities kept per period (default ${PERIOD_ENTITIES})`,
    },
    csv: { type: 'boolean', description: 'over-time: CSV with a header row, one row per period and entity' },
    sort: { type: 'string', value: '<order>', description: 'list: mentions (default) or recent' },
    limit: { type: 'string', value: '<n>', description: 'list: at most this many, 1-200 (default 20)' },
    offset: { type: 'string', value: '<n>', description: 'list: skip this many (the next page)' },
    json: { type: 'boolean', description: 'One JSON document (extract: always JSON Lines)' },
  },
  positionals: true,
  parse(flags) {
    const [action, ...rest] = flags.positionals;
    if (action === 'show') {
      const [entityId, ...more] = rest;
      if (entityId === undefined) throw flags.usage('show needs an entity id');
      if (more.length > 0) throw flags.usage(`unexpected argument "${more[0]}"`);
      return { action, groupId: flags.requiredGroup(), entityId, json: flags.boolean('json') };
    }
    if (action === 'over-time') {
      if (rest.length > 0) throw flags.usage(`unexpected argument "${rest[0]}"`);
      const series = parseSeriesFlags(flags, 'entities', entitiesOverTimeQuerySchema, {
        top: flags.string('top'),
      });
      return { action, ...series };
    }
    if (action === 'list') {
      if (rest.length > 0) throw flags.usage(`unexpected argument "${rest[0]}"`);
      const groupId = flags.requiredGroup();
      const candidate = {
        kind: flags.choice('kind', ENTITY_KINDS),
        name: flags.string('name'),
        from: flags.string('from'),
        to: flags.string('to'),
        sort: flags.choice('sort', ['mentions', 'recent'] as const),
        limit: flags.int('limit', 20, { min: 1, max: 200 }),
        offset: flags.int('offset', 0, { min: 0, max: 100_000 }),
      };
      const defined = Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined));
      const parsed = entityListQuerySchema.safeParse(defined);
      if (!parsed.success) throw usageFromZod(parsed.error, 'entities', {});
      return { action, groupId, query: parsed.data, json: flags.boolean('json') };
    }
    if (action !== 'extract') {
      throw flags.usage(
        action === undefined ? `missing action: ${ACTIONS}` : `unknown action "${action}" (${ACTIONS})`,
      );
    }
    if (rest.length > 0) throw flags.usage(`unexpected argument "${rest[0]}"`);
    const speakers = (flags.string('speakers') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const model = flags.string('model');
    return model === undefined ? { action, speakers } : { action, speakers, model };
  },
  needs: (options) => (options.action === 'extract' ? 'nothing' : 'schema'),
  async run(options, { backend, stdin, stdout, stderr }) {
    if (options.action === 'list') {
      const page = await backend.services.listEntities(options.groupId, options.query);
      if (!page) {
        stderr.write(`strata entities: group ${options.groupId} has no memories yet\n`);
        return EXIT.failed;
      }
      if (options.json) printJson(stdout, page);
      else printEntities(stdout, options.groupId, page);
      return EXIT.ok;
    }
    if (options.action === 'over-time') {
      const table = await backend.services.entitiesOverTime(options.groupId, options.query);
      if (options.output === 'csv') stdout.write(entitiesOverTimeToCsv(table));
      else if (options.output === 'json') printJson(stdout, table);
      else printPeriods(stdout, table);
      return EXIT.ok;
    }
    if (options.action === 'show') {
      const profile = await backend.services.getEntity(options.groupId, options.entityId);
      if (!profile) {
        stderr.write(`strata entities: group ${options.groupId} has no entity ${options.entityId}\n`);
        return EXIT.failed;
      }
      if (options.json) printJson(stdout, profile);
      else printProfile(stdout, profile);
      return EXIT.ok;
    }
    // Loaded here, not at the top: the model file is read only by the command that uses it.
    const { loadLocalEntityExtractor } = await import('../../ai/entities/local.js');
    const extractor = loadLocalEntityExtractor(options.model);
    const { lines, bad } = await extractLines(stdin, extractor, options.speakers, stdout, stderr);
    if (bad > 0) {
      stderr.write(`strata entities: ${bad} of ${lines} lines were not {"text": "..."} objects\n`);
      return EXIT.failed;
    }
    return EXIT.ok;
  },
};

function printEntities(out: OutStream, groupId: string, page: EntityList): void {
  if (page.entities.length === 0) {
    out.write(
      `No entities for group ${groupId} match (the cycle links them: strata aggregate --group ${groupId}).\n`,
    );
    return;
  }
  out.write(
    formatTable(
      [
        { header: 'kind' },
        { header: 'name', max: 30 },
        { header: 'mentions', align: 'right' },
        { header: 'sessions', align: 'right' },
        { header: 'seen' },
        { header: 'aliases', flex: true, min: 10 },
        { header: 'id' },
      ],
      page.entities.map((e) => [
        e.kind,
        e.name,
        String(e.mentions),
        String(e.sessions),
        `${e.firstSeen.slice(0, 10)}..${e.lastSeen.slice(0, 10)}`,
        e.aliases.join(', '),
        e.id,
      ]),
      tableWidth(out),
    ),
  );
  if (page.nextOffset !== null) out.write(`More: --offset ${page.nextOffset}\n`);
}

function printPeriods(out: OutStream, table: EntitiesOverTime): void {
  if (table.periods.length === 0) {
    out.write(`No ${table.level} summaries for group ${table.groupId} in that window yet.\n`);
    return;
  }
  out.write(
    formatTable(
      [
        { header: 'period' },
        { header: 'sessions', align: 'right' },
        { header: 'entities (mentions)', flex: true, min: 20 },
      ],
      table.periods.map((p) => [
        p.periodStart,
        String(p.sessionCount),
        p.entities.map((e) => `${e.name} ${e.mentions}`).join(', '),
      ]),
      tableWidth(out),
    ),
  );
}

function printProfile(out: OutStream, profile: EntityProfile): void {
  const e = profile.entity;
  out.write(`${e.name} (${e.kind})  ${e.id}\n`);
  if (e.aliases.length > 0) out.write(`also: ${e.aliases.join(', ')}\n`);
  out.write(
    `${e.mentions} mentions in ${e.sessions} sessions, ${e.firstSeen.slice(0, 10)} to ${e.lastSeen.slice(0, 10)}\n`,
  );
  out.write(`by month: ${profile.months.map((m) => `${m.month} ${m.mentions}`).join(', ')}\n`);
  if (profile.related.length > 0)
    out.write(
      `comes up with: ${profile.related.map((r) => `${r.name} (${r.kind}, ${r.sessions})`).join(', ')}\n`,
    );
  for (const s of profile.summaries.slice(0, 5))
    out.write(`[session ${s.startsAt.slice(0, 16)}] ${s.text}\n`);
  for (const m of profile.memories) out.write(`[${m.ts.slice(0, 16)} ${m.speaker}] ${m.text}\n`);
}

/**
 * The JSON Lines loop: one output line per non-blank input line, in order, written as each chunk of input is
 * done. Returns how many lines it read and how many were bad.
 */
export async function extractLines(
  input: AsyncIterable<string | Buffer>,
  extractor: EntityExtractor,
  speakers: readonly string[],
  stdout: OutStream,
  stderr: OutStream,
): Promise<{ lines: number; bad: number }> {
  let lineNumber = 0;
  let read = 0;
  let bad = 0;
  let pending = '';
  const decoder = new TextDecoder();
  const handle = (line: string): string => {
    lineNumber += 1;
    if (line.trim() === '') return '';
    read += 1;
    const parsed = parseLine(line, lineNumber);
    if ('error' in parsed) {
      bad += 1;
      stderr.write(`strata entities: ${parsed.error}\n`);
      return `${JSON.stringify(parsed)}\n`;
    }
    const entities = extractor.extract(parsed.text, { speakers: [...speakers, ...parsed.speakers] });
    return `${JSON.stringify({ entities })}\n`;
  };
  for await (const chunk of input) {
    const text = pending + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    const lines = text.split('\n');
    pending = lines.pop() ?? '';
    const out = lines.map((l) => handle(l.endsWith('\r') ? l.slice(0, -1) : l)).join('');
    if (out) stdout.write(out);
  }
  const last = handle(pending + decoder.decode());
  if (last) stdout.write(last);
  return { lines: read, bad };
}

function parseLine(line: string, n: number): { text: string; speakers: string[] } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { error: `line ${n}: not JSON (${(error as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: `line ${n}: expected an object like {"text": "..."}` };
  }
  const { text, speakers } = value as { text?: unknown; speakers?: unknown };
  if (typeof text !== 'string') return { error: `line ${n}: "text" must be a string` };
  if (speakers !== undefined && !(Array.isArray(speakers) && speakers.every((s) => typeof s === 'string'))) {
    return { error: `line ${n}: "speakers" must be an array of strings` };
  }
  return { text, speakers: (speakers as string[] | undefined) ?? [] };
}
