import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file or folder of the project that the compiler does not copy (Cypher files, page assets, package.json).
 * Walks upward from this module, so it is found from src/ under tsx and from dist/src/ after a build alike.
 */
export function projectPath(...segments: string[]): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, ...segments);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`${join(...segments)} not found above ${start}`);
  }
}
