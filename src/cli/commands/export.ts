import type { EventEmitter } from 'node:events';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { plural, printJson } from '../output.js';
import { createProgress } from '../progress.js';

export interface ExportOptions {
  groupId: string;
  out?: string;
  summaries: boolean;
  json: boolean;
}

export const exportCommand: CommandSpec<ExportOptions> = {
  name: 'export',
  summary: "Export a group's memories (and, with --summaries, its summaries and eras) as NDJSON",
  synopsis: '--group <id> [--out <file>] [--summaries] [--json]',
  description: [
    'One JSON object a line: a header with the group and its time zone, every memory oldest first (id, text,',
    'speaker, ts, sessionId, meta), with --summaries every summary level by level and the eras, and an end line',
    'with the counts. Read a page at a time, so it runs in constant memory whatever the size of the group.',
    '`strata import <file>` reads it back into the group (or --group); importing it again creates nothing.',
    'Without --out the export goes to stdout; progress goes to stderr.',
  ].join('\n'),
  flags: {
    group: { type: 'string', value: '<id>', description: 'Group to export (required)' },
    out: { type: 'string', value: '<file>', description: 'File to write (stdout when absent)' },
    summaries: { type: 'boolean', description: 'Also the summaries and eras' },
    ...JSON_FLAG,
  },
  parse: (flags) => ({
    groupId: flags.requiredGroup(),
    out: flags.string('out'),
    summaries: flags.boolean('summaries'),
    json: flags.boolean('json'),
  }),
  needs: 'schema',
  async run(options, { backend, stdout, stderr }) {
    const group = await backend.services.getGroup(options.groupId);
    if (!group) {
      stderr.write(`No group ${options.groupId}: it has no memories.\n`);
      return EXIT.failed;
    }
    const progress = createProgress('export', { total: group.memories, stream: stderr });
    const file = options.out ? createWriteStream(options.out) : null;
    const target: OutStream = file ?? stdout;
    const counts = { memories: 0, summaries: 0, eras: 0 };
    try {
      for await (const line of backend.services.exportGroup(options.groupId, {
        summaries: options.summaries,
      })) {
        // A full stream says so (false) and is waited for: memory stays that of one page.
        if (target.write(`${JSON.stringify(line)}\n`) === false && isEmitter(target))
          await once(target, 'drain');
        if (line.kind === 'memory') {
          counts.memories += 1;
          if (counts.memories % 1000 === 0) progress.update(counts.memories, options.groupId);
        } else if (line.kind === 'end') Object.assign(counts, { summaries: line.summaries, eras: line.eras });
      }
    } finally {
      progress.done(`${plural(counts.memories, 'memory', 'memories')} exported`);
      if (file) {
        file.end();
        await once(file, 'close');
      }
    }
    if (options.json && options.out)
      printJson(stdout, { groupId: options.groupId, file: options.out, ...counts });
    else if (options.out) {
      stdout.write(
        `${options.groupId}: ${plural(counts.memories, 'memory', 'memories')}` +
          (options.summaries
            ? `, ${plural(counts.summaries, 'summary', 'summaries')}, ${plural(counts.eras, 'era')}`
            : '') +
          ` written to ${options.out}\n`,
      );
    }
    return EXIT.ok;
  },
};

function isEmitter(stream: OutStream): stream is OutStream & EventEmitter {
  return typeof (stream as Partial<EventEmitter>).once === 'function';
}
