import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-files.js';
import { codeSpans, fencedBlocks, shellCommands, tableRows } from '../support/markdown.js';

const readme = readFileSync(projectPath('README.md'), 'utf8');

/** README stays the front door; the rest lives in docs/ (checked by docs.test.ts). */
const MOST_LINES = 250;

const SHELL = ['bash', 'sh', 'shell', 'console', 'zsh'];

/**
 * Commands README shows that no test runs, and why. Every other command README shows is a request to the API
 * (`curl ... localhost:8080`), which test/integration/readme.test.ts runs as written against a real Strata.
 */
const EXEMPT: Record<string, string> = {
  'docker compose up':
    'needs a Docker engine, which neither CI nor the test machines have (Neo4j is assembled by hand there, see ' +
    'docs/contributing.md); the image it builds runs the same `node dist/src/main.js` the tests exercise',
  'npm install && npm test':
    'is the test run itself: `.ci/run` runs exactly these two commands (checked below), and running them from a ' +
    'test would run the suite inside itself',
};

/** A line that reads as a shell command, in a block that does not say it is one. */
const looksLikeCommand = (line: string) =>
  /^\s*(?:[A-Z_]+=\S+ )*(?:docker|npm|npx|node|curl|tsx|strata) /.test(line);

describe('README', () => {
  it(`is the front door: at most ${MOST_LINES} lines`, () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(MOST_LINES);
  });

  it('shows the test command that CI runs', () => {
    const ci = readFileSync(projectPath('.ci', 'run'), 'utf8');
    expect(readme).toContain('`npm install && npm test`');
    expect(ci).toMatch(/\nnpm install[^\n]*\nnpm test\n/);
  });

  it('shows only commands a test runs, or that are exempt with the reason why', () => {
    // Commands are shown in the "what | command" table and in shell blocks; elsewhere a code span names one.
    const inline = tableRows(readme, ['what', 'command']).flatMap(([, command = '']) => codeSpans(command));
    const blocks = fencedBlocks(readme);
    expect(blocks.filter((b) => b.lang !== '' && !SHELL.includes(b.lang)).map((b) => b.lang)).toEqual([]);
    const unmarked = blocks.filter((b) => b.lang === '').flatMap((b) => b.body.split('\n'));
    expect(unmarked.filter(looksLikeCommand)).toEqual([]);
    const shown = blocks.filter((b) => SHELL.includes(b.lang)).flatMap((b) => shellCommands(b.body));

    expect(inline.filter((c) => !(c in EXEMPT))).toEqual([]);
    // The integration test runs every command of README's shell blocks; it knows how to run requests to the API.
    expect(shown.map((c) => c.text).filter((c) => !/^curl .*localhost:8080\//s.test(c))).toEqual([]);
    expect(shown.length).toBeGreaterThan(0);
    for (const command of Object.keys(EXEMPT)) expect(inline).toContain(command);
  });
});
