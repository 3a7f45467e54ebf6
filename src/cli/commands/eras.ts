import { readFile } from 'node:fs/promises';
import type { Era, EraParameters, EraPreview } from '../../domain/era.js';
import { ERA_SIGNALS } from '../../domain/era-series.js';
import { parseGoldBoundaries } from '../../domain/segmentation.js';
import { type CommandContext, type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { printJson, tableWidth } from '../output.js';
import { formatTable } from '../table.js';

export interface ErasOptions {
  groupId: string;
  json: boolean;
  /** Each era with the entities its sessions name most. */
  entities: boolean;
  /** A file of gold boundaries to score the eras against, instead of listing them. */
  score?: string;
  marginDays: number;
  k?: number;
  /** What-if parameters: list (or score) the eras they give instead of the stored ones. */
  preview?: EraParameters;
}

export const erasCommand: CommandSpec<ErasOptions> = {
  name: 'eras',
  summary:
    "List a group's eras, oldest first, the current one last; preview other parameters; score against gold",
  synopsis:
    '--group <id> [--preview [--min-days <n>] [--max-eras <n>] [--penalty <x>] [--signal <s>]] ' +
    '[--score <gold.csv> [--margin <days>] [--k <days>]] [--entities] [--json]',
  description:
    'With --score, the eras are scored against the gold boundaries in the file (the first field of each line a\n' +
    'date, the first day of a new segment; a header line is allowed): Pk and WindowDiff as NLTK computes them\n' +
    '(k: half the mean gold segment length unless --k), boundary precision, recall and F1 within --margin days\n' +
    '(default 7), and the Hausdorff distance in days.\n' +
    'With --preview, the eras other detector parameters give, from the stored series (nothing is written): with\n' +
    "none changed, what a cycle computes from the whole history at once. With --score too, the preview's eras\n" +
    'are scored.',
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
    preview: { type: 'boolean', description: 'The eras other parameters give, written nowhere' },
    'min-days': { type: 'string', value: '<n>', description: 'Shortest era in days, with --preview' },
    'max-eras': { type: 'string', value: '<n>', description: 'Eras kept distinct, with --preview' },
    penalty: { type: 'string', value: '<x>', description: 'Change-point penalty, with --preview' },
    signal: {
      type: 'string',
      value: '<embeddings|topics|both>',
      description: 'What the detector reads of each day, with --preview',
    },
    entities: {
      type: 'boolean',
      description:
        "Each era's most named entities (reads every session link in its span: slower on long eras)",
    },
    ...JSON_FLAG,
  },
  parse: (flags) => {
    const score = flags.string('score');
    const whole = (name: string, range: { min: number; max: number }) =>
      flags.string(name) === undefined ? undefined : flags.int(name, range.min, range);
    const asked = {
      minDays: whole('min-days', { min: 0, max: 3650 }),
      maxEras: whole('max-eras', { min: 1, max: 100 }),
      penalty: flags.number('penalty', { min: 1e-9, max: 1e9 }),
      signal: flags.choice('signal', ERA_SIGNALS),
    };
    const parameters = Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined));
    const preview = flags.boolean('preview');
    if (!preview && Object.keys(parameters).length > 0)
      throw flags.usage('--min-days, --max-eras, --penalty and --signal go with --preview');
    const k = whole('k', { min: 1, max: 100_000 });
    return {
      groupId: flags.requiredGroup(),
      json: flags.boolean('json'),
      entities: flags.boolean('entities'),
      ...(score ? { score } : {}),
      marginDays: flags.int('margin', 7, { min: 0, max: 365 }),
      ...(k === undefined ? {} : { k }),
      ...(preview ? { preview: parameters } : {}),
    };
  },
  needs: 'schema',
  async run(options, { backend, stdout, stderr }) {
    if (options.score) return scoreAgainstGold(options, options.score, { backend, stdout, stderr });
    if (options.preview) {
      const preview = await backend.services.previewEras(options.groupId, options.preview);
      if (options.json) printJson(stdout, preview);
      else printPreview(stdout, options.groupId, preview);
      return EXIT.ok;
    }
    const eras = await backend.services.eras(options.groupId, { entities: options.entities });
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
  const request = {
    gold,
    marginDays: options.marginDays,
    ...(options.k ? { k: options.k } : {}),
    ...(options.preview ? { preview: options.preview } : {}),
  };
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
  const withEntities = eras.some((e) => e.entities !== undefined);
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
        ...(withEntities ? [{ header: 'entities', max: 50 }] : []),
        { header: 'theme', flex: true, min: 20 },
      ],
      eras.map((e) => [
        e.start,
        e.end,
        String(e.periodCount),
        e.current ? 'current' : e.earlier ? 'earlier' : '',
        e.keyTopics.join(', '),
        ...(withEntities ? [(e.entities ?? []).map((c) => `${c.name} ${c.mentions}`).join(', ')] : []),
        e.theme,
      ]),
      tableWidth(out),
    ),
  );
  out.write(
    withEntities
      ? '(end is exclusive; entities: those its sessions name most, with their mentions)\n'
      : '(end is exclusive)\n',
  );
}

function printPreview(out: OutStream, groupId: string, preview: EraPreview): void {
  const p = preview.parameters;
  out.write(
    `Preview for group ${groupId} over ${preview.cut.days} day summaries (nothing written), ${preview.detector}: ` +
      `min days ${p.minDays}, max eras ${p.maxEras}, penalty ${p.penalty ?? 'from the noise of the series'}, ` +
      `signal ${p.signal}\n`,
  );
  if (preview.eras.length === 0) {
    out.write('No eras: the group has no day summaries yet (strata aggregate).\n');
    return;
  }
  out.write(
    formatTable(
      [{ header: 'start' }, { header: 'end' }, { header: '' }, { header: 'theme', flex: true, min: 20 }],
      preview.eras.map((e) => [e.start, e.end, e.current ? 'current' : e.earlier ? 'earlier' : '', e.theme]),
      tableWidth(out),
    ),
  );
  out.write('(end is exclusive)\n');
}
