import { driftToCsv } from '../../domain/drift.js';
import type { DriftResponse } from '../../domain/era.js';
import type { CommandSpec, OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { fixed, printJson, tableWidth } from '../output.js';
import { parseSeriesFlags, SERIES_FLAGS, SERIES_SYNOPSIS, type SeriesOptions } from '../series-flags.js';
import { formatTable } from '../table.js';

export const driftCommand: CommandSpec<SeriesOptions> = {
  name: 'drift',
  summary: 'Topic drift between consecutive periods (table, JSON or CSV)',
  synopsis: SERIES_SYNOPSIS,
  description:
    "topic is the topic drift: Jensen-Shannon divergence of the topic mixes smoothed toward the group's\n" +
    'background (0 same, 1 disjoint; read it for era changes); jsd the same unsmoothed; cosine the distance of\n' +
    "the periods' content vectors. --csv prints the same CSV as GET /v1/groups/<id>/drift?format=csv.",
  flags: SERIES_FLAGS,
  parse: (flags) => parseSeriesFlags(flags, 'drift'),
  needs: 'schema',
  async run(options, { backend, stdout }) {
    const series = await backend.services.drift(options.groupId, options.query);
    if (options.output === 'csv') stdout.write(driftToCsv(series.points));
    else if (options.output === 'json') printJson(stdout, series);
    else printDrift(stdout, series);
    return EXIT.ok;
  },
};

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
