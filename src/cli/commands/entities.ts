import type { EntityExtractor } from '../../domain/entities.js';
import type { CommandSpec, OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';

export interface EntitiesOptions {
  action: 'extract';
  /** Speakers for every line, from --speakers; a line's own "speakers" are added to them. */
  speakers: string[];
  /** Another model file than the shipped one (bench/train-entities.ts writes them). */
  model?: string;
}

export const entitiesCommand: CommandSpec<EntitiesOptions> = {
  name: 'entities',
  summary: 'Find the people, places, organisations, products, works and events named in text (offline)',
  synopsis: 'extract [--speakers <name,name>] [--model <file>]',
  description:
    'extract reads JSON Lines on stdin, {"text": "..."} (optionally "speakers": ["Ana", ...]), and writes one line\n' +
    'for each: {"entities": [{"text", "start", "end", "kind"}]}, start and end JavaScript string indices into\n' +
    'the text, end exclusive. Blank lines are skipped. A line that is not such an object gets\n' +
    '{"error": "line N: ..."} in its place (and the same on stderr), the rest go on, and the exit code is 1.\n' +
    'Needs no Neo4j and no settings. Kinds: person, place, organisation, product, work, event, other.',
  flags: {
    speakers: {
      type: 'string',
      value: '<names>',
      description: "Comma-separated names of the group's speakers: people wherever they are named",
    },
    model: {
      type: 'string',
      value: '<file>',
      description: 'A tagger model of your own (bench/train-entities.ts) instead of the shipped one',
    },
    json: { type: 'boolean', description: 'Accepted as by every command; the output is always JSON Lines' },
  },
  positionals: true,
  parse(flags) {
    const [action, ...rest] = flags.positionals;
    if (action !== 'extract') {
      throw flags.usage(action === undefined ? 'missing action: extract' : `unknown action "${action}"`);
    }
    if (rest.length > 0) throw flags.usage(`unexpected argument "${rest[0]}"`);
    const speakers = (flags.string('speakers') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const model = flags.string('model');
    return model === undefined ? { action, speakers } : { action, speakers, model };
  },
  needs: 'nothing',
  async run(options, { stdin, stdout, stderr }) {
    // Loaded here, not at the top: the model file is read only by the command that uses it.
    const { loadLocalEntityExtractor } = await import('../../ai/entities/local.js');
    const extractor = loadLocalEntityExtractor(options.model);
    const { lines, bad } = await extractLines(stdin, extractor, options.speakers, stdout, stderr);
    if (bad > 0) {
      stderr.write(`strata entities: ${bad} of ${lines} lines were not {"text": "..."} objects\n`);
      return EXIT.failed;
    }
    return EXIT.ok;
  },
};

/**
 * The JSON Lines loop: one output line per non-blank input line, in order, written as each chunk of input is
 * done. Returns how many lines it read and how many were bad.
 */
export async function extractLines(
  input: AsyncIterable<string | Buffer>,
  extractor: EntityExtractor,
  speakers: readonly string[],
  stdout: OutStream,
  stderr: OutStream,
): Promise<{ lines: number; bad: number }> {
  let lineNumber = 0;
  let read = 0;
  let bad = 0;
  let pending = '';
  const decoder = new TextDecoder();
  const handle = (line: string): string => {
    lineNumber += 1;
    if (line.trim() === '') return '';
    read += 1;
    const parsed = parseLine(line, lineNumber);
    if ('error' in parsed) {
      bad += 1;
      stderr.write(`strata entities: ${parsed.error}\n`);
      return `${JSON.stringify(parsed)}\n`;
    }
    const entities = extractor.extract(parsed.text, { speakers: [...speakers, ...parsed.speakers] });
    return `${JSON.stringify({ entities })}\n`;
  };
  for await (const chunk of input) {
    const text = pending + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    const lines = text.split('\n');
    pending = lines.pop() ?? '';
    const out = lines.map((l) => handle(l.endsWith('\r') ? l.slice(0, -1) : l)).join('');
    if (out) stdout.write(out);
  }
  const last = handle(pending + decoder.decode());
  if (last) stdout.write(last);
  return { lines: read, bad };
}

function parseLine(line: string, n: number): { text: string; speakers: string[] } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { error: `line ${n}: not JSON (${(error as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: `line ${n}: expected an object like {"text": "..."}` };
  }
  const { text, speakers } = value as { text?: unknown; speakers?: unknown };
  if (typeof text !== 'string') return { error: `line ${n}: "text" must be a string` };
  if (speakers !== undefined && !(Array.isArray(speakers) && speakers.every((s) => typeof s === 'string'))) {
    return { error: `line ${n}: "speakers" must be an array of strings` };
  }
  return { text, speakers: (speakers as string[] | undefined) ?? [] };
}
