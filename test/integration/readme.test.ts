import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-files.js';
import type { Strata } from '../../src/strata.js';
import { fencedBlocks, type ShellCommand, shellCommands } from '../support/markdown.js';
import { serveTestApp } from '../support/test-app.js';
import { deleteGroup, eventually, hasNeo4j, openTestStrata, testGroupId } from './neo4j.js';

const run = promisify(execFile);
const readme = readFileSync(projectPath('README.md'), 'utf8');
/** Every command of README's shell blocks; test/unit/readme.test.ts checks that each is a request to the API. */
const commands = fencedBlocks(readme)
  .filter((b) => b.lang === 'bash')
  .flatMap((b) => shellCommands(b.body));

/** `shown` as README prints it: a string ending in `…` stands for any string that starts with what precedes it. */
function matchesShown(actual: unknown, shown: unknown): boolean {
  if (typeof shown === 'string' && shown.endsWith('…')) {
    return typeof actual === 'string' && actual.startsWith(shown.slice(0, -1));
  }
  if (Array.isArray(shown)) {
    return (
      Array.isArray(actual) &&
      actual.length === shown.length &&
      shown.every((s, i) => matchesShown(actual[i], s))
    );
  }
  if (shown && typeof shown === 'object') {
    const entries = Object.entries(shown);
    return (
      Boolean(actual) &&
      typeof actual === 'object' &&
      Object.keys(actual as object).length === entries.length &&
      entries.every(([k, v]) => matchesShown((actual as Record<string, unknown>)[k], v))
    );
  }
  return actual === shown;
}

const hasCurl = spawnSync('curl', ['--version']).status === 0;
if (hasNeo4j && !hasCurl) console.log("skipped: README's first session (no curl to run its commands with)");

describe.skipIf(!hasNeo4j || !hasCurl)(
  "README's first session, its commands run as written against a real Strata",
  () => {
    let strata: Strata;
    let server: { url: string; close: () => Promise<void> };
    const group = testGroupId('readme');

    beforeAll(async () => {
      strata = await openTestStrata();
      server = await serveTestApp(strata);
    });
    afterAll(async () => {
      await server?.close();
      await deleteGroup(strata.graph, group);
      await strata?.close();
    });

    /** Runs a command of README with bash, against this test's server and group; its output as JSON. */
    async function runAsShown(command: ShellCommand): Promise<Record<string, unknown>> {
      expect(command.text).toContain('localhost:8080/v1/groups/team-a/');
      const text = command.text
        .replaceAll('localhost:8080', server.url.replace('http://', ''))
        .replaceAll('/groups/team-a/', `/groups/${group}/`);
      const { stdout } = await run('bash', ['-c', text]);
      const body = JSON.parse(stdout) as Record<string, unknown>;
      expect(body.error, stdout).toBeUndefined();
      return body;
    }

    /** What each request README makes must answer, by its route. */
    const expectations: [RegExp, (command: ShellCommand) => Promise<void>][] = [
      [
        /\/memories /,
        async (command) => {
          const first = await runAsShown(command);
          expect(command.prints, 'README shows what storing prints').toBeDefined();
          expect(matchesShown(first, JSON.parse(command.prints ?? '')), JSON.stringify(first)).toBe(true);
          // "idempotent (the same batch twice creates nothing)"
          const again = await runAsShown(command);
          expect(again).toEqual({ created: [], existing: first.created });
        },
      ],
      [
        /\/aggregate'/,
        async (command) => {
          await runAsShown(command);
          expect(await strata.services.listSummaries(group, { level: 'day', limit: 10 })).toHaveLength(1);
        },
      ],
      [
        /\/recall /,
        async (command) => {
          // The full-text index refreshes asynchronously after a write.
          await eventually(async () => {
            const answer = await runAsShown(command);
            expect(answer.abstained).toBe(false);
            expect(JSON.stringify(answer.items)).toContain('Shall we move the retro to Thursday?');
          });
        },
      ],
      [
        /\/context\?/,
        async (command) => {
          const block = await runAsShown(command);
          expect(block.text).toMatch(/retro/i);
          expect(block.tokens).toBeLessThanOrEqual(800);
        },
      ],
    ];

    it.each(commands.map((command) => [command.text.split('\n')[0], command] as const))(
      '%s',
      async (_, command) => {
        const match = expectations.find(([route]) => route.test(command.text));
        if (!match) throw new Error(`README shows a command this test does not run: ${command.text}`);
        await match[1](command);
      },
      60_000,
    );
  },
);
