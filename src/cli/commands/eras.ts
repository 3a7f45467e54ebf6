import type { Era } from '../../domain/era.js';
import { type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { printJson, tableWidth } from '../output.js';
import { formatTable } from '../table.js';

export interface ErasOptions {
  groupId: string;
  json: boolean;
}

export const erasCommand: CommandSpec<ErasOptions> = {
  name: 'eras',
  summary: "List a group's eras, oldest first, the current one last",
  synopsis: '--group <id> [--json]',
  flags: {
    group: { type: 'string', value: '<id>', description: 'Group to list (required)' },
    ...JSON_FLAG,
  },
  parse: (flags) => ({ groupId: flags.requiredGroup(), json: flags.boolean('json') }),
  needs: 'schema',
  async run(options, { backend, stdout }) {
    const eras = await backend.services.eras(options.groupId);
    if (options.json) printJson(stdout, { eras });
    else printEras(stdout, options.groupId, eras);
    return EXIT.ok;
  },
};

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
