import type { z } from 'zod';
import type { ApiServices } from '../api/services.js';
import type { SeriesQuery } from '../domain/era.js';
import { seriesQuerySchema } from '../domain/era.js';
import { CALENDAR_LEVELS } from '../domain/levels.js';
import { type Flags, usageFromZod } from './args.js';
import { type CommandSpec, JSON_FLAG, levelFlag, type OutStream } from './command.js';
import { EXIT } from './exit-codes.js';
import { printJson } from './output.js';

/** Which group, level, window and format: the flags of every series command. */
const SERIES_FLAGS = {
  group: { type: 'string', value: '<id>', description: 'Group to read (required)' },
  level: levelFlag(CALENDAR_LEVELS, 'week'),
  from: { type: 'string', value: '<date>', description: 'First period start to include (YYYY-MM-DD)' },
  to: { type: 'string', value: '<date>', description: 'Periods starting before this date (YYYY-MM-DD)' },
  csv: { type: 'boolean', description: 'Print CSV with a header row' },
  ...JSON_FLAG,
} as const;

const SERIES_SYNOPSIS = '--group <id> [--level week] [--from <date>] [--to <date>] [--csv | --json]';

export interface SeriesOptions {
  groupId: string;
  query: SeriesQuery;
  output: 'table' | 'json' | 'csv';
}

/**
 * The group, the series query (level, window and any `extra` flags, validated by `schema`) and the output format;
 * usage errors name the command. Shared by every command that prints periods as a table, JSON or CSV.
 */
export function parseSeriesFlags<S extends z.ZodType = typeof seriesQuerySchema>(
  flags: Flags,
  command: string,
  schema: S = seriesQuerySchema as unknown as S,
  extra: Record<string, string | undefined> = {},
): { groupId: string; query: z.output<S>; output: SeriesOptions['output'] } {
  const groupId = flags.requiredGroup();
  const csv = flags.boolean('csv');
  const json = flags.boolean('json');
  if (csv && json) throw flags.usage('give --csv or --json, not both');
  const candidate = {
    level: flags.choice('level', CALENDAR_LEVELS),
    from: flags.string('from'),
    to: flags.string('to'),
    ...extra,
  };
  const defined = Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined));
  const parsed = schema.safeParse(defined);
  if (!parsed.success) throw usageFromZod(parsed.error, command, {});
  return { groupId, query: parsed.data, output: csv ? 'csv' : json ? 'json' : 'table' };
}

/**
 * A command that reads one series of periods (drift, topics) through the API's services and prints it as a
 * table, as JSON, or as the same CSV the API gives for format=csv.
 */
export function seriesCommand<T>(spec: {
  name: string;
  summary: string;
  description: string;
  fetch: (services: ApiServices, groupId: string, query: SeriesQuery) => Promise<T>;
  toCsv: (value: T) => string;
  printTable: (out: OutStream, value: T) => void;
}): CommandSpec<SeriesOptions> {
  return {
    name: spec.name,
    summary: spec.summary,
    synopsis: SERIES_SYNOPSIS,
    description: spec.description,
    flags: SERIES_FLAGS,
    parse: (flags) => parseSeriesFlags(flags, spec.name),
    needs: 'schema',
    async run(options, { backend, stdout }) {
      const value = await spec.fetch(backend.services, options.groupId, options.query);
      if (options.output === 'csv') stdout.write(spec.toCsv(value));
      else if (options.output === 'json') printJson(stdout, value);
      else spec.printTable(stdout, value);
      return EXIT.ok;
    },
  };
}
