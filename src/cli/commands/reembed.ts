import type { ReembedReport } from '../../domain/reembed.js';
import { type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { plural, printJson } from '../output.js';
import { createProgress, type Progress } from '../progress.js';

export interface ReembedCommandOptions {
  dryRun: boolean;
  dropPrevious: boolean;
  pageSize: number;
  json: boolean;
}

export const reembedCommand: CommandSpec<ReembedCommandOptions> = {
  name: 'reembed',
  summary: "Move the database's vectors to the configured embedder, beside the old ones, then switch",
  synopsis: '[--dry-run] [--page <n>] [--drop-previous] [--json]',
  description:
    'Run it with the new embedder configured (EMBEDDER, EMBEDDING_DIMENSION, OPENAI_*) while Strata keeps running\n' +
    'with the old one: recall keeps answering from the old vectors. Every memory, summary and era is embedded again\n' +
    "into the database's other vector slot, a page at a time; then that slot's indexes are built and, once online,\n" +
    'the database switches to them. Stopped or killed, it carries on where it stopped when run again. Afterwards,\n' +
    'restart Strata with the new configuration (run this once more first if the old one kept taking memories),\n' +
    'and once no old Strata answers, free the old vectors with --drop-previous.\n' +
    'With the embedder the database already has, it fills in any vector its slot lacks.',
  flags: {
    'dry-run': {
      type: 'boolean',
      description: 'Count what is to embed and estimate time and calls; write nothing',
    },
    page: {
      type: 'string',
      value: '<n>',
      description: 'Nodes read, embedded and written together (default 1000)',
    },
    'drop-previous': {
      type: 'boolean',
      description: 'Remove the vectors and indexes a finished switch left behind, and nothing else',
    },
    ...JSON_FLAG,
  },
  parse(flags) {
    const dryRun = flags.boolean('dry-run');
    const dropPrevious = flags.boolean('drop-previous');
    if (dryRun && dropPrevious) throw flags.usage('give --dry-run or --drop-previous, not both');
    return {
      dryRun,
      dropPrevious,
      pageSize: flags.int('page', 1000, { min: 1, max: 10_000 }),
      json: flags.boolean('json'),
    };
  },
  // Not 'schema': the point is a database whose vectors are not this embedder's.
  needs: 'connection',
  async run(options, { backend, stdout, stderr }) {
    if (options.dropPrevious) {
      const dropped = await backend.dropPreviousVectors();
      if (options.json) printJson(stdout, dropped);
      else
        stdout.write(
          `dropped slot ${dropped.slot}'s vectors and indexes (${plural(dropped.cleared, 'node')} held them)\n`,
        );
      return EXIT.ok;
    }
    let progress: Progress | null = null;
    let report: ReembedReport;
    try {
      report = await backend.reembed({
        pageSize: options.pageSize,
        dryRun: options.dryRun,
        onProgress: (done, total) => {
          progress ??= createProgress('reembed', { total, stream: stderr });
          progress.update(done);
        },
      });
    } finally {
      (progress as Progress | null)?.done();
    }
    if (options.json) printJson(stdout, report);
    else printReport(stdout, report);
    return EXIT.ok;
  },
};

function printReport(out: OutStream, report: ReembedReport): void {
  const { estimate } = report;
  if (estimate) {
    const { memories, summaries, eras } = estimate.pending;
    out.write(
      `${report.mode === 'fill' ? 'to fill in' : `to move from ${report.from ?? 'unrecorded vectors'} to ${report.to}`}: ` +
        `${plural(memories, 'memory', 'memories')}, ${plural(summaries, 'summary', 'summaries')}, ${plural(eras, 'era')}\n` +
        `about ${plural(estimate.texts, 'text')} in ${plural(estimate.calls, 'embedder call')}; ` +
        `embedding them takes about ${estimate.embedSeconds.toFixed(1)} s (from a sample, embedded now), ` +
        'writing and building the indexes come on top\n',
    );
    return;
  }
  const { memories, summaries, eras } = report.embedded;
  out.write(
    `embedded ${plural(memories, 'memory', 'memories')}, ${plural(summaries, 'summary', 'summaries')} and ` +
      `${plural(eras, 'era')} with ${report.to} into slot ${report.slot} in ${report.seconds.toFixed(1)} s ` +
      `(${plural(report.calls, 'embedder call')})${report.resumed ? ', carrying on from a stopped run' : ''}\n`,
  );
  if (report.stopped) out.write('stopped before the end: run it again to carry on\n');
  else if (report.switched)
    out.write(
      `switched: the database now reads ${report.to}'s vectors. Restart Strata with this configuration; once no ` +
        'Strata with the old one answers, free the old vectors with `strata reembed --drop-previous`.\n',
    );
}
