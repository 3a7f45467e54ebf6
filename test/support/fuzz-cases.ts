import { parse as parseQuery } from 'node:querystring';
import type { AnyRoute } from '../../src/api/route.js';

/**
 * Hostile and malformed requests for every route of the route table, so a new route is fuzzed without anyone
 * remembering to. Each case is judged by the route's own zod schemas: one that some schema rejects (or that breaks
 * the HTTP layer: bad JSON, charset, key) is `malformed` and must get a 4xx; one every schema accepts is
 * `hostile` (Lucene or Cypher in a valid string) and is sent only to routes that write nothing, where it must
 * not get a 5xx either.
 */
export interface FuzzCase {
  label: string;
  method: AnyRoute['method'];
  path: string;
  /** Raw query string, without '?'. */
  query: string;
  headers: Record<string, string>;
  /** Sent as is; undefined sends no body. */
  body?: string;
  kind: 'malformed' | 'hostile';
}

/** Strings that break parsers elsewhere: Lucene and Cypher syntax, control and odd unicode, injection. */
export const HOSTILE_STRINGS = [
  'title:(foo AND bar) OR *:* ~2^10',
  '"unterminated phrase',
  'a\\',
  '*',
  '?',
  '[a TO z]',
  '{!lucene}',
  '/regex.*/',
  "' OR 1=1 --",
  "') MATCH (n) DETACH DELETE n //",
  '$groupId',
  '`backtick`',
  'CALL db.clearQueryCaches()',
  '\u0000',
  '\u202e\u200b\ufeff',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀 \u{10ffff}',
  'ǅ ß ﬁ İ',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%2e%2e',
  '{{7*7}}',
  'x'.repeat(5000),
];

const HOSTILE_IDS = [
  'a:b',
  '..',
  '.hidden',
  '-dash',
  "o'brien",
  'MATCH (n) RETURN n',
  'a b',
  'tg-*',
  '*',
  '😀',
  'x'.repeat(129),
  '\u0000',
  'a/b',
  'ok-group',
];

/** Values that a number, a boolean, an enum or a date must refuse. */
const BAD_SCALARS = [
  'banana',
  '-1',
  '0',
  '1e309',
  'NaN',
  '99999999999999999999',
  '',
  ' ',
  'true false',
  '[]',
];

function deep(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Bodies that no body schema of the API accepts, as raw text. */
const BAD_BODIES = [
  '{bad json',
  '',
  'null',
  '[]',
  '42',
  '"text"',
  '{}',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"admin": true}}}',
  deep(5000),
  deepObject(2000),
  JSON.stringify({ memories: Array.from({ length: 1001 }, () => ({ text: 'x', speaker: 's', ts: 'now' })) }),
  JSON.stringify({ memories: [{ text: 'title:(a OR b)', speaker: "') DETACH DELETE n", ts: 'not a date' }] }),
  JSON.stringify({ memories: [{ text: '', speaker: 'ana', ts: '2024-05-01T10:00:00Z' }] }),
  JSON.stringify({
    memories: [{ text: 'hi', speaker: 'ana', ts: '2024-05-01T10:00:00Z', meta: { nested: { deep: 1 } } }],
  }),
  JSON.stringify({ memories: [{ text: 'hi', speaker: 'ana', ts: '2024-02-30T10:00:00Z', id: 'a:b' }] }),
  JSON.stringify({ query: '', k: 5 }),
  JSON.stringify({ query: 'retro', k: 1e9 }),
  JSON.stringify({ query: 'retro', levels: ['century'] }),
  JSON.stringify({ query: 'retro', from: '2024-05-02', to: '2024-05-01' }),
  JSON.stringify({ query: { $ne: null } }),
  JSON.stringify({ timezone: 'Mars/Olympus_Mons' }),
  JSON.stringify({ timezone: "UTC') RETURN 1 //" }),
  JSON.stringify({ messages: 'not a list' }),
  JSON.stringify({ messages: [{ role: 'root', content: 'x' }] }),
];

/** Query strings that no query schema accepts (each schema is strict about unknown keys too). */
function badQueries(keys: string[]): string[] {
  const out = [
    'unknownKey=1',
    'level=day&level=week',
    'from=2024-13-45',
    'to=yesterday',
    'from=2024-05-02&to=2024-05-01',
  ];
  for (const key of keys) {
    for (const value of BAD_SCALARS) out.push(`${key}=${encodeURIComponent(value)}`);
    out.push(`${key}=${encodeURIComponent(HOSTILE_STRINGS[0] as string)}`);
    out.push(`${key}[$ne]=1`);
  }
  return out;
}

function queryKeys(route: AnyRoute): string[] {
  const shape = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** Route path with its parameters filled in from `values` (URL-encoded), the rest from `defaults`. */
function fill(route: AnyRoute, values: Record<string, string>, defaults: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    encodeURIComponent(values[name] ?? defaults[name] ?? 'x'),
  );
}

function paramsOf(route: AnyRoute, path: string): Record<string, string> {
  const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
  const pattern = new RegExp(`^${route.path.replace(/:([A-Za-z_]+)/g, '([^/]*)')}$`);
  const match = pattern.exec(path);
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match?.[i + 1] ?? '')]));
}

/** Whether every schema of the route accepts what the request carries, read the way express reads it. */
function acceptedBySchemas(route: AnyRoute, c: Omit<FuzzCase, 'kind'>): boolean {
  const ok = (schema: AnyRoute['params'], value: unknown) => !schema || schema.safeParse(value ?? {}).success;
  let body: unknown;
  const json = (c.headers['content-type'] ?? '').startsWith('application/json');
  if (c.body !== undefined && json && c.body !== '') {
    try {
      body = JSON.parse(c.body);
    } catch {
      return false;
    }
  }
  return (
    ok(route.params, paramsOf(route, c.path)) && ok(route.query, parseQuery(c.query)) && ok(route.body, body)
  );
}

/** Routes whose handlers read only; hostile but valid requests go only to these. */
export function readsOnly(route: AnyRoute): boolean {
  return route.method === 'get' || route.path.endsWith('/recall') || route.path === '/v1/compact';
}

/**
 * The fuzz list for the given routes. `groupId` is a group the test owns and the key may use; `authorization`
 * goes with every request except those that test the header itself.
 */
export function fuzzCases(
  routes: AnyRoute[],
  options: { groupId: string; authorization: string },
): FuzzCase[] {
  const defaults = { groupId: options.groupId, id: `${options.groupId}:day:2024-05-01`, name: 'retro' };
  const jsonHeaders = { authorization: options.authorization, 'content-type': 'application/json' };
  const raw: Omit<FuzzCase, 'kind'>[] = [];
  for (const route of routes) {
    const at = `${route.method.toUpperCase()} ${route.path}`;
    const validPath = fill(route, {}, defaults);
    const baseBody = route.body ? '{}' : undefined;
    // Parameters: hostile ids and names in every path parameter.
    for (const name of [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string)) {
      for (const value of [...HOSTILE_IDS, ...HOSTILE_STRINGS.slice(0, 14)]) {
        raw.push({
          label: `${at} ${name}=${JSON.stringify(value.slice(0, 40))}`,
          method: route.method,
          path: fill(route, { [name]: value }, defaults),
          query: '',
          headers: jsonHeaders,
          body: baseBody,
        });
      }
    }
    // Query strings.
    const keys = queryKeys(route);
    if (route.query || route.method === 'get') {
      for (const query of [...badQueries(keys), `q=${encodeURIComponent(HOSTILE_STRINGS[9] as string)}`]) {
        raw.push({
          label: `${at} ?${query.slice(0, 60)}`,
          method: route.method,
          path: validPath,
          query,
          headers: jsonHeaders,
          body: baseBody,
        });
      }
    }
    // Bodies and content types.
    if (route.body) {
      for (const body of BAD_BODIES) {
        raw.push({
          label: `${at} body ${body.slice(0, 50)}`,
          method: route.method,
          path: validPath,
          query: '',
          headers: jsonHeaders,
          body,
        });
      }
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
      ]) {
        raw.push({
          label: `${at} content-type ${type}`,
          method: route.method,
          path: validPath,
          query: '',
          headers: { authorization: options.authorization, 'content-type': type },
          body: 'memories=1&query=x',
        });
      }
      raw.push({
        label: `${at} gzip that is not gzip`,
        method: route.method,
        path: validPath,
        query: '',
        headers: { ...jsonHeaders, 'content-encoding': 'gzip' },
        body: '{"query": "x"}',
      });
    }
  }
  const cases: FuzzCase[] = [];
  for (const c of raw) {
    const route = routes.find(
      (r) =>
        r.method === c.method && new RegExp(`^${r.path.replace(/:([A-Za-z_]+)/g, '[^/]+')}$`).test(c.path),
    );
    const brokenHttp =
      c.headers['content-encoding'] !== undefined ||
      /charset=(?!utf-8)/i.test(c.headers['content-type'] ?? '');
    // A path that no longer matches its route (an empty or slash-bearing id) is a 404: malformed too.
    const malformed = !route || brokenHttp || !acceptedBySchemas(route, c);
    if (malformed) cases.push({ ...c, kind: 'malformed' });
    else if (route && readsOnly(route)) cases.push({ ...c, kind: 'hostile' });
  }
  // Keys: every /v1 route with a missing, wrong, oversized or oddly spelled key.
  for (const route of routes.filter((r) => r.path.startsWith('/v1/'))) {
    for (const authorization of [
      '',
      'Bearer',
      'Basic dXNlcjpwYXNz',
      `Bearer ${'k'.repeat(10_000)}`,
      "Bearer ' OR 1=1 --",
    ]) {
      cases.push({
        label: `${route.method.toUpperCase()} ${route.path} authorization ${JSON.stringify(authorization.slice(0, 20))}`,
        method: route.method,
        path: fill(route, {}, defaults),
        query: '',
        headers: authorization
          ? { authorization, 'content-type': 'application/json' }
          : { 'content-type': 'application/json' },
        body: route.body ? '{}' : undefined,
        kind: 'malformed',
      });
    }
  }
  return cases;
}

/** Every group id a case names, valid or not: where a request could have written. */
export function groupIdsNamed(cases: FuzzCase[], routes: AnyRoute[]): string[] {
  const ids = new Set<string>();
  for (const c of cases) {
    for (const route of routes) {
      if (route.method !== c.method || !route.path.includes(':groupId')) continue;
      const id = paramsOf(route, c.path).groupId;
      if (id) ids.add(id);
    }
  }
  return [...ids];
}
