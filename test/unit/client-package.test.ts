import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/api/app.js';
import type { RecallRequest } from '../../src/domain/recall.js';
import { createLogger } from '../../src/log.js';
import { listen } from '../support/listen.js';
import { stubServices } from '../support/stub-services.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGE = join(ROOT, 'packages', 'client');
// Inside the repository, so the unpacked package finds its dependencies (openapi-fetch, @langchain/core) in the
// root node_modules as it would in an application's; test-output/ is ignored by git.
const WORK = join(ROOT, 'test-output', 'client-pack');

/** The ```ts blocks of a Markdown file, in order. */
function typescriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

const clientReadme = readFileSync(join(PACKAGE, 'README.md'), 'utf8');
// The main README is the front door; the agents' page (docs/agents.md) shows the client and the LangChain chain.
const agentsPage = readFileSync(join(ROOT, 'docs', 'agents.md'), 'utf8');
const langchainExample = (markdown: string) =>
  typescriptBlocks(markdown).find((b) => b.includes('StrataRetriever'));

/**
 * Type-checks files as an application with `"type": "module"` would, resolving @strata/client to the unpacked
 * tarball. tsc runs in a child process: a program this size would block the test worker for seconds.
 */
async function typeErrors(files: string[]): Promise<string> {
  const config = join(WORK, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023'],
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules', '@types')],
        strict: true,
        noEmit: true,
        // Type errors inside dependencies are theirs; what matters is the package's declarations and the examples.
        skipLibCheck: true,
      },
      files,
    }),
  );
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    await run(process.execPath, [tsc, '-p', config, '--pretty', 'false']);
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('the client package, packed', () => {
  let packed: { filename: string; files: { path: string }[] };

  beforeAll(async () => {
    rmSync(WORK, { recursive: true, force: true });
    mkdirSync(WORK, { recursive: true });
    // prepack builds dist/ first, as `npm publish` would.
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', WORK], { cwd: PACKAGE });
    [packed] = JSON.parse(stdout);
    await run('tar', ['-xzf', join(WORK, packed.filename), '-C', WORK]);
    mkdirSync(join(WORK, 'node_modules', '@strata'), { recursive: true });
    renameSync(join(WORK, 'package'), join(WORK, 'node_modules', '@strata', 'client'));
    writeFileSync(
      join(WORK, 'package.json'),
      JSON.stringify({ name: 'an-agent', private: true, type: 'module' }),
    );
  }, 120_000);

  afterAll(() => rmSync(WORK, { recursive: true, force: true }));

  it('holds the built code, its declarations and the README, and nothing else', () => {
    const paths = packed.files.map((f) => f.path).sort();
    expect(paths).toEqual(
      expect.arrayContaining([
        'README.md',
        'package.json',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/langchain.js',
        'dist/langchain.d.ts',
        'dist/generated/openapi.d.ts',
      ]),
    );
    expect(paths.filter((p) => !p.startsWith('dist/') && !['README.md', 'package.json'].includes(p))).toEqual(
      [],
    );
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([]);
  });

  it("type-checks every TypeScript example of its README and docs/agents.md, the one-line one first, against the package's declarations", async () => {
    const blocks = typescriptBlocks(clientReadme);
    expect(blocks[0]).toContain("new StrataClient({ url: 'http://localhost:8080'");
    blocks.push(...typescriptBlocks(agentsPage));
    const files = blocks.map((block, i) => {
      const file = join(WORK, `readme-example-${i + 1}.ts`);
      writeFileSync(file, block);
      return file;
    });
    expect(files.length).toBeGreaterThanOrEqual(5);
    expect(await typeErrors(files)).toBe('');
  }, 60_000);

  it('fails the type check for a request the API would refuse', async () => {
    const file = join(WORK, 'wrong.ts');
    writeFileSync(
      file,
      "import { StrataClient } from '@strata/client';\n" +
        "const strata = new StrataClient({ url: 'http://localhost:8080' });\n" +
        "await strata.recall('team-a', { query: 'x', k: 'five' });\n",
    );
    expect(await typeErrors([file])).toMatch(/'string' is not assignable to type 'number'/);
  }, 60_000);

  it('runs the LangChain example, the same in its README and docs/agents.md, against a Strata server', async () => {
    const example = langchainExample(clientReadme);
    expect(example).toBeDefined();
    expect(langchainExample(agentsPage)).toBe(example);

    const recalls: { groupId: string; request: RecallRequest }[] = [];
    const apiKey = 'readme-example-key-0123456789';
    const server = await listen(
      createApp({
        services: stubServices({
          recall: async (groupId, request) => {
            recalls.push({ groupId, request });
            return {
              query: request.query,
              k: request.k,
              items: [],
              minScore: 0.3,
              abstained: false,
              entities: [],
              tookMs: 1,
            };
          },
        }),
        log: createLogger('silent'),
        bodyLimitBytes: 100_000,
        apiKey,
      }),
    );
    try {
      const file = join(WORK, 'langchain-example.ts');
      writeFileSync(file, example ?? '');
      const { stdout } = await run(process.execPath, ['--import', 'tsx', file], {
        cwd: WORK,
        env: { ...process.env, STRATA_URL: server.url, STRATA_API_KEY: apiKey },
      });
      expect(stdout.trim()).toBe('The retro moved to Thursday (msg-1002, 2024-05-02).');
      expect(recalls).toHaveLength(1);
      expect(recalls[0]).toMatchObject({ groupId: 'team-a', request: { query: 'When is the retro?', k: 5 } });
    } finally {
      await server.close();
    }
  }, 60_000);
});
