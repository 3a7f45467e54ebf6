/**
 * LoCoMo as a topic-drift dataset: the conversations laid end to end in one stream (each starts the day after the
 * previous one ends; both speakers renamed Alex and Sam, in the text too), written as JSON Lines for `strata
 * import` and the joins as gold boundaries (CSV, a date a line) for `strata eras --score`. The same stream
 * bench:eras measures; docs/drift-walkthrough.md starts from it.
 *
 *   npm run -s locomo:stream -- --out locomo-stream.jsonl --gold locomo-gold.csv [--file path/to/locomo.json]
 *
 * Data: LoCoMo (Maharana et al., ACL 2024), CC BY-NC 4.0; see ../shared/bench/locomo/NOTICE.md.
 */
import { writeFile } from 'node:fs/promises';
import { readLocomoFile } from '../src/ingest/importers/locomo.js';
import { options, run } from './lib/cli.js';
import { concatenate, type EraStream, scrubNames } from './lib/era-stream.js';
import { locomoPath } from './lib/paths.js';

const SPEAKERS: [string, string] = ['Alex', 'Sam'];

/** The stream of the LoCoMo file at `path`, its memories ids prefixed with `prefix`. */
export async function locomoStream(path: string, prefix = 'stream'): Promise<EraStream> {
  const renamed = await readLocomoFile(path, { renameSpeakers: SPEAKERS });
  const originals = await readLocomoFile(path);
  const scrubbed = renamed.map((c, i) => scrubNames(c, originals[i]?.speakers ?? c.speakers, SPEAKERS));
  return concatenate(scrubbed, prefix);
}

/** Writes the stream as JSON Lines and its joins as a gold CSV; returns how many of each. */
export async function writeLocomoStream(
  stream: EraStream,
  files: { out: string; gold: string },
): Promise<{ memories: number; boundaries: number }> {
  await writeFile(files.out, `${stream.memories.map((m) => JSON.stringify(m)).join('\n')}\n`);
  const gold = stream.conversationStarts.slice(1);
  await writeFile(files.gold, `boundary\n${gold.join('\n')}\n`);
  return { memories: stream.memories.length, boundaries: gold.length };
}

if (process.argv[1]?.endsWith('locomo-stream.ts')) {
  const args = options({
    file: { type: 'string' },
    out: { type: 'string', default: 'locomo-stream.jsonl' },
    gold: { type: 'string', default: 'locomo-gold.csv' },
  });
  run(async () => {
    const stream = await locomoStream(locomoPath(args.file));
    const written = await writeLocomoStream(stream, { out: String(args.out), gold: String(args.gold) });
    console.log(
      `wrote ${written.memories} memories to ${args.out} (${stream.firstDay} to ${stream.lastDay}) and ` +
        `${written.boundaries} gold boundaries to ${args.gold}`,
    );
  });
}
