import { RECALL_LEVELS } from '../../domain/levels.js';
import {
  type RecallItem,
  type RecallRequest,
  type RecallResponse,
  recallRequestSchema,
} from '../../domain/recall.js';
import { usageFromZod } from '../args.js';
import { type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { fixed, formatInstant, formatRange, printJson, tableWidth } from '../output.js';
import { layoutTable, oneLine, truncate } from '../table.js';

export interface RecallOptions {
  groupId: string;
  request: RecallRequest;
  json: boolean;
}

const MODES = ['hybrid', 'vector', 'lexical'] as const;

/** Request fields named as the flags that set them, for error messages. */
const FLAG_OF: Record<string, string> = {
  query: '<query>',
  k: '--k',
  levels: '--levels',
  from: '--from',
  to: '--to',
  mode: '--mode',
  asOf: '--as-of',
  minScore: '--min-score',
};

export const recallCommand: CommandSpec<RecallOptions> = {
  name: 'recall',
  summary: "Search a group's memories, summaries and eras",
  synopsis: '--group <id> <query...> [--k 10] [--levels <list>] [--from <when>] [--to <when>] [options]',
  description: [
    'The same search as POST /v1/groups/<id>/recall. Summary hits list the memories under them, indented.',
    '--from and --to take a date (2024-05-01) or a date-time with an offset (2024-05-01T09:30:00Z);',
    'the window is [from, to), and a plain --to date includes that whole day.',
    '--as-of asks the question at that moment (a date-time with an offset): "last week" is read against it,',
    'and nothing after it is returned.',
  ].join('\n'),
  flags: {
    group: { type: 'string', value: '<id>', description: 'Group to search (required)' },
    k: { type: 'string', value: '<n>', description: 'Hits to return, 1-100 (default 10)' },
    levels: {
      type: 'string',
      value: '<list>',
      description: `Comma-separated, from ${RECALL_LEVELS.join(', ')} (default all)`,
    },
    from: { type: 'string', value: '<when>', description: 'Start of the time window (inclusive)' },
    to: { type: 'string', value: '<when>', description: 'End of the time window (exclusive)' },
    mode: { type: 'string', value: '<mode>', description: `${MODES.join(', ')} (default hybrid)` },
    'as-of': {
      type: 'string',
      value: '<when>',
      description: 'The moment the question is asked (default now)',
    },
    'min-score': {
      type: 'string',
      value: '<0-1>',
      description: 'Answer only when a hit scores this (0: everything)',
    },
    ...JSON_FLAG,
  },
  positionals: true,
  parse(flags) {
    const groupId = flags.requiredGroup();
    const query = flags.positionals.join(' ').trim();
    if (!query) throw flags.usage('missing <query...>: the words to search for');
    const candidate = {
      query,
      k: flags.int('k', 10, { min: 1, max: 100 }),
      levels: flags.list('levels', RECALL_LEVELS),
      from: flags.string('from'),
      to: flags.string('to'),
      mode: flags.choice('mode', MODES),
      asOf: flags.string('as-of'),
      minScore: flags.number('min-score', { min: 0, max: 1 }),
    };
    // The API's own schema decides what a valid request is; absent flags are left out, not sent as undefined.
    const defined = Object.fromEntries(Object.entries(candidate).filter(([, v]) => v !== undefined));
    const parsed = recallRequestSchema.safeParse(defined);
    if (!parsed.success) throw usageFromZod(parsed.error, 'recall', FLAG_OF);
    return { groupId, request: parsed.data, json: flags.boolean('json') };
  },
  needs: 'schema',
  async run(options, { backend, stdout }) {
    const response = await backend.services.recall(options.groupId, options.request);
    if (options.json) printJson(stdout, response);
    else printRecall(stdout, response);
    return EXIT.ok;
  },
};

/** When a hit happened: the instant of a memory, the period of a summary or era. */
export function hitWhen(item: Pick<RecallItem, 'ts' | 'periodStart' | 'periodEnd'>): string {
  if (item.ts) return formatInstant(item.ts);
  if (item.periodStart) return formatRange(item.periodStart, item.periodEnd ?? item.periodStart);
  return '';
}

export function printRecall(out: OutStream, response: RecallResponse): void {
  if (response.items.length === 0) {
    out.write(`No hits for "${response.query}".\n`);
    return;
  }
  const width = tableWidth(out);
  const table = layoutTable(
    [
      { header: '#', align: 'right' },
      { header: 'level' },
      { header: 'score', align: 'right' },
      { header: 'when' },
      { header: 'text', flex: true, min: 20 },
    ],
    response.items.map((item, i) => [
      String(i + 1),
      item.level,
      fixed(item.score),
      hitWhen(item),
      item.speaker ? `${item.speaker}: ${item.text}` : item.text,
    ]),
    width,
  );
  // Details sit under the text column, so each hit reads as one block.
  const indent = table.starts[4] ?? 0;
  const lines = [table.header, table.rule];
  response.items.forEach((item, i) => {
    lines.push(table.rows[i] as string);
    for (const d of item.details) {
      const detail = `- ${formatInstant(d.ts)} ${d.speaker}: ${oneLine(d.text)}`;
      lines.push(' '.repeat(indent) + truncate(detail, Math.max(width - indent, 20)));
    }
  });
  out.write(`${lines.join('\n')}\n`);
  out.write(`${response.items.length} hits in ${Math.round(response.tookMs)} ms\n`);
  if (response.entities.length > 0)
    out.write(`names: ${response.entities.map((e) => `${e.name} (${e.kind})`).join(', ')}\n`);
}
