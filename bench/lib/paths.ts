import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (two levels above this file), so shared data resolves the same whatever the cwd. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The LoCoMo subset every developer has at ../shared, relative to the project root. */
export const LOCOMO_RELATIVE = '../shared/bench/locomo/locomo-dev.json';

/** Resolves the LoCoMo file (or an explicit --file) and stops with a clear message when it is missing. */
export function locomoPath(explicit?: string): string {
  const path = explicit ? resolve(explicit) : resolve(projectRoot, LOCOMO_RELATIVE);
  if (!existsSync(path)) {
    console.error(
      `LoCoMo file not found: ${path}\n` +
        `expected at ${LOCOMO_RELATIVE} relative to the project root (${projectRoot}); pass --file to use another copy`,
    );
    process.exit(1);
  }
  return path;
}
