import { pino } from 'pino';
import type { Config } from '../config.js';
import { checkEmbedder, listStrataIndexes } from '../graph/schema.js';
import type { Logger } from '../log.js';
import { createStrata, type Strata } from '../strata.js';
import type { Backend, OutStream } from './command.js';

/** The commands' view of a real Strata. */
export function backendOf(strata: Strata): Backend {
  return {
    services: strata.services,
    cycle: (groupId, options) => strata.cycle(groupId, options),
    groupsDue: () => strata.runs.groupsDue(),
    tick: { concurrency: strata.config.scheduler.concurrency, shareCommits: () => strata.shareCommits() },
    migrate: () => strata.migrate(),
    indexes: () => listStrataIndexes(strata.graph),
    checkEmbedder: async () => {
      await checkEmbedder(strata.graph, strata.embedder);
    },
    reembed: (options) => strata.reembed(options),
    dropPreviousVectors: () => strata.dropPreviousVectors(),
    close: () => strata.close(),
  };
}

export async function openStrataBackend(config: Config, log: Logger): Promise<Backend> {
  return backendOf(await createStrata(config, log));
}

/**
 * The server logs JSON to stdout; the CLI keeps stdout for its output, so its logs go to stderr
 * (src/log.ts has no destination option, hence this second, otherwise identical logger).
 */
export function createCliLogger(level: string, stream: OutStream): Logger {
  return pino({ level, base: { service: 'strata' } }, { write: (line: string) => void stream.write(line) });
}
