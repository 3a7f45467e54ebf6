import { SUMMARY_LEVELS } from '../../domain/levels.js';
import { type Summary, type SummaryListQuery, summaryListQuerySchema } from '../../domain/summary.js';
import { usageFromZod } from '../args.js';
import { type CommandSpec, JSON_FLAG, levelFlag, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { fixed, formatInstant, formatRange, printJson, tableWidth } from '../output.js';
import { formatTable } from '../table.js';

export interface SummariesOptions {
  groupId: string;
  query: SummaryListQuery;
  json: boolean;
}

export const summariesCommand: CommandSpec<SummariesOptions> = {
  name: 'summaries',
  summary: "List a group's summaries, newest first",
  synopsis: '--group <id> [--level <level>] [--from <when>] [--to <when>] [--limit 20] [--json]',
  description:
    'Summaries overlapping [from, to) are listed; --from and --to take a date or a date-time with an offset.',
  flags: {
    group: { type: 'string', value: '<id>', description: 'Group to list (required)' },
    level: levelFlag(SUMMARY_LEVELS, 'all'),
    from: { type: 'string', value: '<when>', description: 'Summaries ending after this' },
    to: { type: 'string', value: '<when>', description: 'Summaries starting before this' },
    limit: { type: 'string', value: '<n>', description: 'At most this many, 1-500 (default 20)' },
    ...JSON_FLAG,
  },
  parse(flags) {
    const groupId = flags.requiredGroup();
    const candidate = {
      level: flags.choice('level', SUMMARY_LEVELS),
      from: flags.string('from'),
      to: flags.string('to'),
      limit: flags.int('limit', 20, { min: 1, max: 500 }),
    };
    const defined = Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined));
    const parsed = summaryListQuerySchema.safeParse(defined);
    if (!parsed.success) throw usageFromZod(parsed.error, 'summaries', {});
    return { groupId, query: parsed.data, json: flags.boolean('json') };
  },
  needs: 'schema',
  async run(options, { backend, stdout }) {
    const summaries = await backend.services.listSummaries(options.groupId, options.query);
    if (options.json) printJson(stdout, { summaries });
    else printSummaries(stdout, options.groupId, summaries);
    return EXIT.ok;
  },
};

/** Sessions are named by their times, calendar periods by their days. */
function period(s: Summary): string {
  if (s.level === 'session') return `${formatInstant(s.startsAt)}..${formatInstant(s.endsAt).slice(11)}`;
  return formatRange(s.periodStart, s.periodEnd);
}

function printSummaries(out: OutStream, groupId: string, summaries: Summary[]): void {
  if (summaries.length === 0) {
    out.write(
      `No summaries for group ${groupId} (import memories, then run strata aggregate --group ${groupId}).\n`,
    );
    return;
  }
  out.write(
    formatTable(
      [
        { header: 'level' },
        { header: 'period' },
        { header: 'messages', align: 'right' },
        { header: 'activity', align: 'right' },
        { header: 'decay', align: 'right' },
        { header: 'topics', max: 40 },
        { header: 'text', flex: true, min: 20 },
      ],
      summaries.map((s) => [
        s.level,
        period(s),
        String(s.messageCount),
        fixed(s.activityScore, 2),
        fixed(s.decay, 2),
        s.topics
          .slice(0, 3)
          .map((t) => t.name)
          .join(', '),
        s.text,
      ]),
      tableWidth(out),
    ),
  );
}
