import { type TopicsOverTime, topicsOverTimeToCsv } from '../../domain/topics-over-time.js';
import type { OutStream } from '../command.js';
import { tableWidth } from '../output.js';
import { seriesCommand } from '../series-command.js';
import { formatTable } from '../table.js';

export const topicsCommand = seriesCommand({
  name: 'topics',
  summary: 'Topics over time: every topic of every period (table, or long-format JSON or CSV)',
  description:
    'The table lists each period with its topics, heaviest first. --csv and --json give one row per period and\n' +
    'topic (period_start, period_end, level, topic, key, weight, share, rank, message_count), as pandas and R\n' +
    'load it; --csv prints the same CSV as GET /v1/groups/<id>/topics?format=csv.',
  fetch: (services, groupId, query) => services.topicsOverTime(groupId, query),
  toCsv: topicsOverTimeToCsv,
  printTable: printTopics,
});

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
