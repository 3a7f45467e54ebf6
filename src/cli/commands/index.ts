import { aggregateCommand } from './aggregate.js';
import { driftCommand } from './drift.js';
import { entitiesCommand } from './entities.js';
import { erasCommand } from './eras.js';
import { exportCommand } from './export.js';
import { importCommand } from './import.js';
import { mcpCommand } from './mcp.js';
import { migrateCommand } from './migrate.js';
import { profileCommand } from './profile.js';
import { recallCommand } from './recall.js';
import { reembedCommand } from './reembed.js';
import { seedCommand } from './seed.js';
import { summariesCommand } from './summaries.js';
import { topicsCommand } from './topics.js';
import { verifyCommand } from './verify.js';

/** Every `strata <command>`, in the order the help lists them. */
export const COMMANDS = {
  migrate: migrateCommand,
  import: importCommand,
  export: exportCommand,
  aggregate: aggregateCommand,
  recall: recallCommand,
  summaries: summariesCommand,
  verify: verifyCommand,
  reembed: reembedCommand,
  eras: erasCommand,
  drift: driftCommand,
  topics: topicsCommand,
  profile: profileCommand,
  entities: entitiesCommand,
  mcp: mcpCommand,
  seed: seedCommand,
};

export type CommandName = keyof typeof COMMANDS;

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}
