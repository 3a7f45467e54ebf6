import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (two levels above this file), so shared data resolves the same whatever the cwd. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The LoCoMo subset every developer has at ../shared, relative to the project root. */
export const LOCOMO_RELATIVE = '../shared/bench/locomo/locomo-dev.json';

/** The LongMemEval-S development questions every developer has at ../shared, relative to the project root. */
export const LONGMEMEVAL_RELATIVE = '../shared/bench/longmemeval/longmemeval_s_dev.json.gz';

/** Resolves the LoCoMo file (or an explicit --file) and stops with a clear message when it is missing. */
export function locomoPath(explicit?: string): string {
  return dataPath('LoCoMo', LOCOMO_RELATIVE, explicit);
}

/** Resolves the LongMemEval file (or an explicit --file) and stops with a clear message when it is missing. */
export function longMemEvalPath(explicit?: string): string {
  return dataPath('LongMemEval', LONGMEMEVAL_RELATIVE, explicit);
}

function dataPath(name: string, relative: string, explicit?: string): string {
  const path = explicit ? resolve(explicit) : resolve(projectRoot, relative);
  if (!existsSync(path)) {
    console.error(
      `${name} file not found: ${path}\n` +
        `expected at ${relative} relative to the project root (${projectRoot}); pass --file to use another copy`,
    );
    process.exit(1);
  }
  return path;
}
