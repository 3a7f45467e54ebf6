import { driftToCsv } from '../../domain/drift.js';
import type { DriftResponse, SeriesQuery } from '../../domain/era.js';
import { seriesQuerySchema } from '../../domain/era.js';
import { CALENDAR_LEVELS } from '../../domain/levels.js';
import { usageFromZod } from '../args.js';
import { type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { fixed, printJson, tableWidth } from '../output.js';
import { formatTable } from '../table.js';

export interface DriftOptions {
  groupId: string;
  query: SeriesQuery;
  output: 'table' | 'json' | 'csv';
}

export const driftCommand: CommandSpec<DriftOptions> = {
  name: 'drift',
  summary: 'Topic drift between consecutive periods (table, JSON or CSV)',
  synopsis: '--group <id> [--level week] [--from <date>] [--to <date>] [--csv | --json]',
  description:
    "topic is the topic drift: Jensen-Shannon divergence of the topic mixes smoothed toward the group's\n" +
    'background (0 same, 1 disjoint; read it for era changes); jsd the same unsmoothed; cosine the distance of\n' +
    "the periods' content vectors. --csv prints the same CSV as GET /v1/groups/<id>/drift?format=csv.",
  flags: {
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
  },
  parse(flags) {
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
    if (!parsed.success) throw usageFromZod(parsed.error, 'drift', {});
    return { groupId, query: parsed.data, output: csv ? 'csv' : json ? 'json' : 'table' };
  },
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
