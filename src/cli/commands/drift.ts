import { driftToCsv } from '../../domain/drift.js';
import type { DriftResponse } from '../../domain/era.js';
import type { OutStream } from '../command.js';
import { fixed, tableWidth } from '../output.js';
import { seriesCommand } from '../series-command.js';
import { formatTable } from '../table.js';

export const driftCommand = seriesCommand({
  name: 'drift',
  summary: 'Topic drift between consecutive periods (table, JSON or CSV)',
  description:
    "topic is the topic drift: Jensen-Shannon divergence of the topic mixes smoothed toward the group's\n" +
    'background (0 same, 1 disjoint; read it for era changes); jsd the same unsmoothed; cosine the distance of\n' +
    "the periods' content vectors. --csv prints the same CSV as GET /v1/groups/<id>/drift?format=csv.",
  fetch: (services, groupId, query) => services.drift(groupId, query),
  toCsv: (series) => driftToCsv(series.points),
  printTable: printDrift,
});

function printDrift(out: OutStream, series: DriftResponse): void {
  if (series.points.length === 0) {
    out.write(
      `No drift for group ${series.groupId} at level ${series.level}: it needs two ${series.level} summaries.\n`,
    );
    return;
  }
  out.write(
    formatTable(
      [
        { header: 'period' },
        { header: 'previous' },
        { header: 'topic', align: 'right' },
        { header: 'jsd', align: 'right' },
        { header: 'cosine', align: 'right' },
        { header: 'appeared', max: 50 },
        { header: 'faded', flex: true, min: 12 },
      ],
      series.points.map((p) => [
        p.periodStart,
        p.previousStart,
        fixed(p.topicDrift),
        fixed(p.jsd),
        fixed(p.cosineDistance),
        p.appeared.join(', '),
        p.faded.join(', '),
      ]),
      tableWidth(out),
    ),
  );
}
