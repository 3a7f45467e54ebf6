import type { SeriesQuery } from '../domain/era.js';
import { seriesQuerySchema } from '../domain/era.js';
import { CALENDAR_LEVELS } from '../domain/levels.js';
import { type Flags, usageFromZod } from './args.js';
import { JSON_FLAG } from './command.js';

/** The flags of the commands that read a series of periods (drift, topics): which group, level, window, format. */
export const SERIES_FLAGS = {
  group: { type: 'string', value: '<id>', description: 'Group to read (required)' },
  level: {
    type: 'string',
    value: '<level>',
    description: `One of ${CALENDAR_LEVELS.join(', ')} (default week)`,
  },
  from: { type: 'string', value: '<date>', description: 'First period start to include (YYYY-MM-DD)' },
  to: { type: 'string', value: '<date>', description: 'Periods starting before this date (YYYY-MM-DD)' },
  csv: { type: 'boolean', description: 'Print CSV with a header row' },
  ...JSON_FLAG,
} as const;

export const SERIES_SYNOPSIS = '--group <id> [--level week] [--from <date>] [--to <date>] [--csv | --json]';

export interface SeriesOptions {
  groupId: string;
  query: SeriesQuery;
  output: 'table' | 'json' | 'csv';
}

/** The group, the validated series query and the output format; usage errors name the command. */
export function parseSeriesFlags(flags: Flags, command: string): SeriesOptions {
  const groupId = flags.requiredGroup();
  const csv = flags.boolean('csv');
  const json = flags.boolean('json');
  if (csv && json) throw flags.usage('give --csv or --json, not both');
  const candidate = {
    level: flags.choice('level', CALENDAR_LEVELS),
    from: flags.string('from'),
    to: flags.string('to'),
  };
  const defined = Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined));
  const parsed = seriesQuerySchema.safeParse(defined);
  if (!parsed.success) throw usageFromZod(parsed.error, command, {});
  return { groupId, query: parsed.data, output: csv ? 'csv' : json ? 'json' : 'table' };
}
