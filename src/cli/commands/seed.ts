import { type SeededGroup, type SeedProgress, seedDemo, seedGroupId } from '../../../seed/seed.js';
import { addDays } from '../../domain/periods.js';
import { isTimeZone } from '../../domain/time-zone.js';
import { leaseHeld } from '../../jobs/lease-wait.js';
import { type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { printJson, tableWidth } from '../output.js';
import { createProgress, type Progress } from '../progress.js';
import { formatTable, truncate } from '../table.js';
import { cycleFailed } from './aggregate.js';

export interface SeedCommandOptions {
  groups: number;
  months: number;
  messagesPerDay: number;
  seed: number;
  timezone: string;
  prefix: string;
  start?: string;
  json: boolean;
}

export const seedCommand: CommandSpec<SeedCommandOptions> = {
  name: 'seed',
  summary: 'Load demo groups with planted topic eras, then roll them up',
  synopsis: '[--groups 2] [--months 6] [--messages-per-day 40] [--seed 1] [--timezone UTC] [options]',
  description: [
    'Applies the schema, writes deterministic demo chats ending yesterday (the data starts exactly --months',
    'months before today), and runs a cycle per group, so Neo4j Browser shows memories, day, week and month',
    'summaries and eras at once. Older sessions, days and weeks are archived by the usual decay rules: out of',
    'recall, still in the timeline.',
    'Running it again the same day creates nothing.',
  ].join('\n'),
  flags: {
    groups: { type: 'string', value: '<n>', description: 'Demo groups, 1-20 (default 2)' },
    months: { type: 'string', value: '<n>', description: 'Months of chat per group, 1-24 (default 6)' },
    'messages-per-day': {
      type: 'string',
      value: '<n>',
      description: 'Average messages a day, 1-1000 (default 40)',
    },
    seed: {
      type: 'string',
      value: '<n>',
      description: 'Random seed; the same seed gives the same chats (default 1)',
    },
    timezone: { type: 'string', value: '<zone>', description: 'IANA time zone of the groups (default UTC)' },
    prefix: {
      type: 'string',
      value: '<name>',
      description: 'Group ids are <prefix>-1, <prefix>-2... (default demo)',
    },
    start: {
      type: 'string',
      value: '<date>',
      description: 'First day (YYYY-MM-DD) instead of --months before today',
    },
    ...JSON_FLAG,
  },
  parse(flags) {
    const timezone = flags.string('timezone') ?? 'UTC';
    if (!isTimeZone(timezone))
      throw flags.usage(`--timezone "${timezone}" is not an IANA time zone (e.g. UTC, Europe/Berlin)`);
    const prefix = flags.string('prefix') ?? 'demo';
    try {
      seedGroupId(prefix, 1);
    } catch (error) {
      throw flags.usage(`--prefix: ${(error as Error).message}`);
    }
    const start = flags.string('start');
    if (start !== undefined && !isCalendarDate(start)) {
      throw flags.usage(`--start must be a date such as 2024-01-01, got "${start}"`);
    }
    return {
      groups: flags.int('groups', 2, { min: 1, max: 20 }),
      months: flags.int('months', 6, { min: 1, max: 24 }),
      messagesPerDay: flags.int('messages-per-day', 40, { min: 1, max: 1000 }),
      seed: flags.int('seed', 1, { min: 0, max: 2 ** 31 - 1 }),
      timezone,
      prefix,
      start,
      json: flags.boolean('json'),
    };
  },
  needs: 'connection',
  async run(options, { backend, stdout, stderr, now }) {
    stderr.write('applying schema...\n');
    await backend.migrate();
    const reporter = seedProgress(stderr);
    const { groups } = await seedDemo(backend, {
      groups: options.groups,
      months: options.months,
      messagesPerDay: options.messagesPerDay,
      seed: options.seed,
      timezone: options.timezone,
      prefix: options.prefix,
      ...(options.start ? { start: options.start } : {}),
      now: now(),
      onProgress: reporter,
    });

    if (options.json) printJson(stdout, { groups });
    else printSeeded(stdout, groups);
    const failed = groups.filter((g) => cycleFailed(g.report) || leaseHeld(g.report));
    if (failed.length > 0) {
      const reasons = failed.map((g) => `${g.groupId}: ${g.report.reason ?? g.report.errors[0]}`);
      stderr.write(
        `the cycle failed for ${reasons.join('; ')}\nrun strata aggregate --group <id> to retry\n`,
      );
      return EXIT.failed;
    }
    return EXIT.ok;
  },
};

/** A progress bar per group while it is written, then one line while its cycle runs. */
function seedProgress(stderr: OutStream): (p: SeedProgress) => void {
  let current: { groupId: string; bar: Progress } | null = null;
  return (p) => {
    if (p.stage === 'ingest') {
      if (current?.groupId !== p.groupId)
        current = {
          groupId: p.groupId,
          bar: createProgress(`seed ${p.groupId}`, { total: p.total, stream: stderr }),
        };
      current.bar.update(p.done);
      return;
    }
    if (p.done === 0) {
      current?.bar.done(`${p.created} created, ${p.existing} existing`);
      current = null;
      stderr.write(`aggregating ${p.groupId}: sessions, days, weeks, months, eras...\n`);
    }
  };
}

function printSeeded(out: OutStream, groups: SeededGroup[]): void {
  const width = tableWidth(out);
  out.write(
    formatTable(
      [
        { header: 'group' },
        { header: 'from' },
        { header: 'to' },
        { header: 'memories', align: 'right' },
        { header: 'created', align: 'right' },
        { header: 'days', align: 'right' },
        { header: 'weeks', align: 'right' },
        { header: 'months', align: 'right' },
        { header: 'eras', align: 'right' },
        { header: 'planted', align: 'right' },
        { header: 'cycle' },
      ],
      groups.map((g) => [
        g.groupId,
        g.start,
        g.end,
        String(g.memories),
        String(g.created),
        String(g.report.levels.day.created),
        String(g.report.levels.week.created),
        String(g.report.levels.month.created),
        String(g.report.levels.era.created),
        String(g.plantedEras.length),
        g.report.status,
      ]),
      width,
    ),
  );
  out.write('(days, weeks, months and eras count what this run created; "to" is exclusive)\n');
  for (const g of groups) {
    out.write(`\nplanted eras of ${g.groupId}:\n`);
    for (const e of g.plantedEras) out.write(`  ${e.start}..${e.end}  ${truncate(e.theme, width - 26)}\n`);
  }
  const first = groups[0]?.groupId ?? 'demo-1';
  out.write(
    `\nNext: strata eras --group ${first}, strata summaries --group ${first} --level week,\n` +
      `strata recall --group ${first} flights, or Neo4j Browser (http://localhost:7474).\n`,
  );
  if (groups.some((g) => g.report.nextWorkAt)) {
    out.write('The current week and month stay open; the scheduler summarises them once they close.\n');
  }
}

function isCalendarDate(value: string): boolean {
  try {
    return addDays(value, 0) === value;
  } catch {
    return false;
  }
}
