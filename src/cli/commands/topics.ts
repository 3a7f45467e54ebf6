import { type TopicsOverTime, topicsOverTimeToCsv } from '../../domain/topics-over-time.js';
import type { CommandSpec, OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { printJson, tableWidth } from '../output.js';
import { parseSeriesFlags, SERIES_FLAGS, SERIES_SYNOPSIS, type SeriesOptions } from '../series-flags.js';
import { formatTable } from '../table.js';

export const topicsCommand: CommandSpec<SeriesOptions> = {
  name: 'topics',
  summary: 'Topics over time: every topic of every period (table, or long-format JSON or CSV)',
  synopsis: SERIES_SYNOPSIS,
  description:
    'The table lists each period with its topics, heaviest first. --csv and --json give one row per period and\n' +
    'topic (period_start, period_end, level, topic, key, weight, share, rank, message_count), as pandas and R\n' +
    'load it; --csv prints the same CSV as GET /v1/groups/<id>/topics?format=csv.',
  flags: SERIES_FLAGS,
  parse: (flags) => parseSeriesFlags(flags, 'topics'),
  needs: 'schema',
  async run(options, { backend, stdout }) {
    const table = await backend.services.topicsOverTime(options.groupId, options.query);
    if (options.output === 'csv') stdout.write(topicsOverTimeToCsv(table));
    else if (options.output === 'json') printJson(stdout, table);
    else printTopics(stdout, table);
    return EXIT.ok;
  },
};

function printTopics(out: OutStream, table: TopicsOverTime): void {
  if (table.rows.length === 0) {
    out.write(`No topics for group ${table.groupId} at level ${table.level} yet.\n`);
    return;
  }
  const periods = new Map<string, { messages: number; topics: string[] }>();
  for (const row of table.rows) {
    const period = periods.get(row.periodStart) ?? { messages: row.messageCount, topics: [] };
    period.topics.push(`${row.topic} ${row.weight.toFixed(2)}`);
    periods.set(row.periodStart, period);
  }
  out.write(
    formatTable(
      [
        { header: 'period' },
        { header: 'messages', align: 'right' },
        { header: 'topics', flex: true, min: 20 },
      ],
      [...periods].map(([start, p]) => [start, String(p.messages), p.topics.join(', ')]),
      tableWidth(out),
    ),
  );
}
