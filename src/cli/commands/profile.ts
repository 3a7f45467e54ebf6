import type { GroupProfile } from '../../domain/era.js';
import { type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { fixed, printJson, tableWidth } from '../output.js';
import { formatTable } from '../table.js';

export interface ProfileOptions {
  groupId: string;
  json: boolean;
  /** The current era with the entities its sessions name most. */
  entities: boolean;
}

export const profileCommand: CommandSpec<ProfileOptions> = {
  name: 'profile',
  summary: "A group's current era and the top topics of its last 12 weeks",
  synopsis: '--group <id> [--entities] [--json]',
  flags: {
    group: { type: 'string', value: '<id>', description: 'Group to read (required)' },
    entities: {
      type: 'boolean',
      description: "The current era's most named entities (reads every session link in its span)",
    },
    ...JSON_FLAG,
  },
  parse: (flags) => ({
    groupId: flags.requiredGroup(),
    json: flags.boolean('json'),
    entities: flags.boolean('entities'),
  }),
  needs: 'schema',
  async run(options, { backend, stdout }) {
    const profile = await backend.services.profile(options.groupId, { entities: options.entities });
    if (options.json) printJson(stdout, profile);
    else printProfile(stdout, profile);
    return EXIT.ok;
  },
};

function printProfile(out: OutStream, profile: GroupProfile): void {
  const era = profile.currentEra;
  out.write(`group: ${profile.groupId}\n`);
  if (era) {
    out.write(`current era: since ${era.started}: ${era.theme}\n`);
    if (era.keyTopics.length > 0) out.write(`key topics: ${era.keyTopics.join(', ')}\n`);
    if (era.entities && era.entities.length > 0)
      out.write(`entities: ${era.entities.map((c) => `${c.name} (${c.kind}, ${c.mentions})`).join(', ')}\n`);
  } else {
    out.write('current era: none yet\n');
  }
  if (profile.topicEvolution.length === 0) {
    out.write('No week summaries yet.\n');
    return;
  }
  out.write('\n');
  out.write(
    formatTable(
      [{ header: 'week' }, { header: 'activity', align: 'right' }, { header: 'top topics', flex: true }],
      profile.topicEvolution.map((w) => [w.period, fixed(w.activityScore, 2), w.topTopics.join(', ')]),
      tableWidth(out),
    ),
  );
}
