import { readFile } from 'node:fs/promises';
import type { Era } from '../../domain/era.js';
import { parseGoldBoundaries } from '../../domain/segmentation.js';
import { type CommandContext, type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { printJson, tableWidth } from '../output.js';
import { formatTable } from '../table.js';

export interface ErasOptions {
  groupId: string;
  json: boolean;
  /** A file of gold boundaries to score the eras against, instead of listing them. */
  score?: string;
  marginDays: number;
  k?: number;
}

export const erasCommand: CommandSpec<ErasOptions> = {
  name: 'eras',
  summary: "List a group's eras, oldest first, the current one last; or score them against gold boundaries",
  synopsis: '--group <id> [--score <gold.csv> [--margin <days>] [--k <days>]] [--json]',
  description:
    'With --score, the eras are scored against the gold boundaries in the file (the first field of each line a\n' +
    'date, the first day of a new segment; a header line is allowed): Pk and WindowDiff as NLTK computes them\n' +
    '(k: half the mean gold segment length unless --k), boundary precision, recall and F1 within --margin days\n' +
    '(default 7), and the Hausdorff distance in days.',
  flags: {
    group: { type: 'string', value: '<id>', description: 'Group to list (required)' },
    score: {
      type: 'string',
      value: '<gold.csv>',
      description: 'Score the eras against these gold boundaries',
    },
    margin: {
      type: 'string',
      value: '<days>',
      description: 'How far a boundary may miss and still count (7)',
    },
    k: {
      type: 'string',
      value: '<days>',
      description: 'Window of Pk and WindowDiff (half the mean gold segment)',
    },
    ...JSON_FLAG,
  },
  parse: (flags) => {
    const score = flags.string('score');
    const k = flags.string('k') === undefined ? undefined : flags.int('k', 1, { min: 1, max: 100_000 });
    return {
      groupId: flags.requiredGroup(),
      json: flags.boolean('json'),
      ...(score ? { score } : {}),
      marginDays: flags.int('margin', 7, { min: 0, max: 365 }),
      ...(k === undefined ? {} : { k }),
    };
  },
  needs: 'schema',
  async run(options, { backend, stdout, stderr }) {
    if (options.score) return scoreAgainstGold(options, options.score, { backend, stdout, stderr });
    const eras = await backend.services.eras(options.groupId);
    if (options.json) printJson(stdout, { eras });
    else printEras(stdout, options.groupId, eras);
    return EXIT.ok;
  },
};

async function scoreAgainstGold(
  options: ErasOptions,
  file: string,
  { backend, stdout, stderr }: Pick<CommandContext, 'backend' | 'stdout' | 'stderr'>,
): Promise<number> {
  let gold: string[];
  try {
    gold = parseGoldBoundaries(await readFile(file, 'utf8'));
  } catch (error) {
    stderr.write(`${file}: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  const request = { gold, marginDays: options.marginDays, ...(options.k ? { k: options.k } : {}) };
  const score = await backend.services.scoreEras(options.groupId, request);
  if (!score) {
    stdout.write(`No eras for group ${options.groupId} yet: nothing to score.\n`);
    return EXIT.failed;
  }
  if (options.json) {
    printJson(stdout, score);
    return EXIT.ok;
  }
  const rows: [string, string][] = [
    ['days', `${score.days} (${score.firstDay} to ${score.lastDay})`],
    ['boundaries', `${score.goldBoundaries} gold, ${score.foundBoundaries} found`],
    ['Pk', `${score.pk.toFixed(3)} (k = ${score.k} days; NLTK's pk)`],
    ['WindowDiff', `${score.windowDiff.toFixed(3)} (NLTK's windowdiff)`],
    [
      `within ${score.marginDays} days`,
      `precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}, F1 ${score.f1.toFixed(3)}`,
    ],
    [
      'Hausdorff',
      score.hausdorffDays === null ? 'n/a (a side has no boundary)' : `${score.hausdorffDays} days`,
    ],
  ];
  stdout.write(
    formatTable([{ header: 'measure' }, { header: 'value', flex: true }], rows, tableWidth(stdout)),
  );
  return EXIT.ok;
}

function printEras(out: OutStream, groupId: string, eras: Era[]): void {
  if (eras.length === 0) {
    out.write(
      `No eras for group ${groupId} yet: eras need a few weeks of week summaries (strata aggregate).\n`,
    );
    return;
  }
  out.write(
    formatTable(
      [
        { header: 'start' },
        { header: 'end' },
        { header: 'weeks', align: 'right' },
        { header: '' },
        { header: 'key topics', max: 50 },
        { header: 'theme', flex: true, min: 20 },
      ],
      eras.map((e) => [
        e.start,
        e.end,
        String(e.periodCount),
        e.current ? 'current' : e.earlier ? 'earlier' : '',
        e.keyTopics.join(', '),
        e.theme,
      ]),
      tableWidth(out),
    ),
  );
  out.write('(end is exclusive)\n');
}
