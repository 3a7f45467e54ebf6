import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-files.js';

const SRC = projectPath('src');

/** Every module under src/ with the modules of src/ it imports statically (type-only imports included). */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(SRC, f));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gms)]
      .map((m) => resolve(dirname(file), (m[1] as string).replace(/\.js$/, '.ts')))
      .filter((target) => known.has(target));
    graph.set(relative(SRC, file), [...new Set(targets.map((t) => relative(SRC, t)))]);
  }
  return graph;
}

/** Each import circle found by a depth-first walk, as the modules around it. */
function circles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[][] = [];
  const visit = (module: string) => {
    state.set(module, 'open');
    path.push(module);
    for (const next of graph.get(module) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(module, 'done');
  };
  for (const module of graph.keys()) if (!state.has(module)) visit(module);
  return found;
}

describe('the layout of src/', () => {
  const graph = importGraph();

  it('reads the imports it checks', () => {
    expect(graph.get('api/app.ts')).toContain('api/services.ts');
    expect(graph.get('strata.ts')?.length).toBeGreaterThan(10);
  });

  it('has no import circle: each layer imports only the ones below it', () => {
    expect(circles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('keeps domain/ pure: it imports nothing of Strata outside itself', () => {
    const outward = [...graph]
      .filter(([module]) => module.startsWith('domain/'))
      .flatMap(([module, targets]) =>
        targets.filter((t) => !t.startsWith('domain/')).map((t) => `${module} -> ${t}`),
      );
    expect(outward).toEqual([]);
  });
});

describe('circles', () => {
  it('finds a circle and names its modules in order', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
