import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allRoutes } from '../../src/api/app.js';
import { METRICS_PATH } from '../../src/api/metrics.js';
import { type Config, envSchema, loadConfig } from '../../src/config.js';
import { MCP_PATH } from '../../src/mcp/http.js';
import { projectPath } from '../../src/project-files.js';
import { codeSpans, headingAnchors, links, tableRows } from '../support/markdown.js';
import { stubServices } from '../support/stub-services.js';

const ROOT = dirname(projectPath('package.json'));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('docs/settings.md matches envSchema (src/config.ts)', () => {
  /** One entry per variable: a row may name several (`WEEK_MIN_DAYS` / `MONTH_MIN_WEEKS`), defaults split alike. */
  const documented = tableRows(read('docs/settings.md'), ['variable', 'default', 'meaning']).flatMap(
    ([variables = '', defaults = '']) => {
      const names = codeSpans(variables);
      const values = names.length > 1 ? defaults.split(' / ') : [defaults];
      if (values.length !== names.length) throw new Error(`row ${variables}: ${values.length} defaults`);
      return names.map((name, i) => ({ name, cell: (values[i] ?? '').trim() }));
    },
  );
  const shape = envSchema.shape as Record<string, z.ZodType>;

  it('lists every setting once, and none the schema lacks', () => {
    const names = documented.map((d) => d.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(Object.keys(shape).filter((n) => !names.includes(n))).toEqual([]);
    expect(names.filter((n) => !(n in shape))).toEqual([]);
  });

  /** The config a variable's derived default is read from, for each embedder (openai needs a key to load). */
  const configFor = (embedder: string): Config =>
    loadConfig({ EMBEDDER: embedder, OPENAI_API_KEY: embedder === 'openai' ? 'sk-docs-test' : undefined });
  const EMBEDDERS = ['hashing', 'glove', 'openai'];

  /** A cell like "384 for hashing, 128 for glove" or "`scores` for glove, else `ranks`", against the config. */
  function perEmbedder(cell: string, read: (config: Config) => unknown): void {
    const named: string[] = [];
    for (const part of cell.split(/,\s*/)) {
      const forOne = /^`?([^`\s]+)`? for (\w+)$/.exec(part);
      const otherwise = /^else `?([^`\s]+)`?$/.exec(part);
      if (forOne) {
        named.push(forOne[2] as string);
        expect(String(read(configFor(forOne[2] as string))), part).toBe(forOne[1]);
      } else if (otherwise) {
        for (const e of EMBEDDERS.filter((e) => !named.includes(e))) {
          expect(String(read(configFor(e))), `${part} (${e})`).toBe(otherwise[1]);
        }
      } else throw new Error(`cannot read "${part}" as "<value> for <embedder>" or "else <value>"`);
    }
  }

  /**
   * Settings with no default in the schema whose value, when unset, is derived elsewhere: each row's cell is
   * checked against what the code derives. A new derived default needs a check here (the test below says so).
   */
  const derived: Record<string, (cell: string) => void> = {
    EMBEDDING_DIMENSION: (cell) => perEmbedder(cell, (c) => c.embedder.dimension),
    RECALL_VECTOR_WEIGHT: (cell) => perEmbedder(cell, (c) => c.recall.listWeights.vector),
    RECALL_FUSION: (cell) => perEmbedder(cell, (c) => c.recall.fusion),
    // Derived when the glove embedder is built (createEmbedder), not by loadConfig: read off its source.
    WORD_VECTORS_CACHE: (cell) => {
      const [first, ...rest] = (codeSpans(cell)[0] ?? '').split('/');
      const source = read('src/ai/embeddings/index.ts');
      expect(source).toContain(`projectPath('${first}'), ${rest.map((p) => `'${p}'`).join(', ')}`);
    },
  };

  it.each(documented)('$name: the default the table shows is the one Strata uses', ({ name, cell }) => {
    const parsed = shape[name]?.safeParse(undefined);
    expect(parsed?.success, `${name} must be optional or have a default`).toBe(true);
    const fallback = parsed?.data;
    if (fallback !== undefined) {
      expect(cell).toBe(`\`${String(fallback)}\``);
    } else if (cell !== 'unset') {
      const check = derived[name];
      if (!check)
        throw new Error(`${name} shows "${cell}" with no default in the schema: add a check to derived`);
      check(cell);
    }
  });
});

describe('docs/api.md matches the routes the server declares', () => {
  /** Served beside the declared routes: MCP is JSON-RPC (its own tools/list), /metrics Prometheus's format. */
  const EXTRA = [`POST ${MCP_PATH}`, `GET ${METRICS_PATH}`];
  /**
   * Query parameters a route accepts without their meaning anything there: the chart and the timeline share the
   * series' query schema, whose `format` picks CSV for the series routes only.
   */
  const UNSHOWN: Record<string, string[]> = {
    'GET /v1/groups/:groupId/drift/chart': ['format'],
    'GET /v1/groups/:groupId/topics/:name/timeline': ['format'],
  };

  const documented = new Map<string, string[]>();
  for (const [method = '', paths = ''] of tableRows(read('docs/api.md'), ['method', 'path', 'what'])) {
    for (const span of codeSpans(paths)) {
      const [path, query] = span.split('?');
      const params = query ? query.split('&').map((p) => p.replace(/=$/, '')) : [];
      documented.set(`${method} ${path}`, params);
    }
  }
  const routes = allRoutes(stubServices());

  it('lists every route, and none the server lacks', () => {
    const declared = [...routes.map((r) => `${r.method.toUpperCase()} ${r.path}`), ...EXTRA];
    expect(declared.filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented.keys()].filter((r) => !declared.includes(r))).toEqual([]);
  });

  it("shows each route's query parameters as the route declares them", () => {
    const differ: string[] = [];
    for (const route of routes) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      const query = (route as { query?: { shape?: Record<string, unknown> } }).query;
      const accepted = Object.keys(query?.shape ?? {}).filter((p) => !UNSHOWN[key]?.includes(p));
      const shown = documented.get(key) ?? [];
      if (shown.sort().join('&') !== accepted.sort().join('&')) {
        differ.push(`${key}: shows ?${shown.join('&')}, accepts ?${accepted.join('&')}`);
      }
    }
    expect(differ).toEqual([]);
  });
});

describe('links in README.md and docs/', () => {
  it.each(PAGES)(
    '%s: every relative link names a file of the repository, and every #anchor a heading',
    (page) => {
      const broken: string[] = [];
      for (const { target } of links(read(page))) {
        if (/^[a-z]+:/i.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const file = path ? resolve(ROOT, dirname(page), path) : join(ROOT, page);
        if (relative(ROOT, file).startsWith('..') || !existsSync(file)) {
          broken.push(`${target}: no such file in the repository`);
        } else if (anchor !== undefined && !headingAnchors(readFileSync(file, 'utf8')).has(anchor)) {
          broken.push(`${target}: no heading with that anchor`);
        }
      }
      expect(broken).toEqual([]);
    },
  );

  it('every page in docs/ is linked from README or from another page', () => {
    const linked = new Set<string>();
    for (const page of PAGES) {
      for (const { target } of links(read(page))) {
        const [path = ''] = target.split('#');
        if (path && !/^[a-z]+:/i.test(path)) linked.add(relative(ROOT, resolve(ROOT, dirname(page), path)));
      }
    }
    expect(PAGES.filter((p) => p !== 'README.md' && !linked.has(p))).toEqual([]);
  });

  it('each page in docs/ says first, under its title, whom it is for and what for, in one or two lines', () => {
    for (const page of PAGES.filter((p) => p !== 'README.md')) {
      const [title, blank, ...rest] = read(page).split('\n');
      expect(title, page).toMatch(/^# \S/);
      expect(blank, page).toBe('');
      const opening = rest.slice(0, rest.indexOf(''));
      expect(opening[0], page).toMatch(/^For /);
      expect(opening.length, page).toBeLessThanOrEqual(2);
    }
  });
});
