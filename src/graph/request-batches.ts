import { cypher, type Params, type Row } from './cypher.js';

/**
 * A statement that serves many requests in one round trip: its file unwinds `$batch.requests`, either as
 * `UNWIND $batch.requests AS request` (each request's values read as `request.<name>`, its position as
 * `request.index`) or, for requests that carry long lists, by position, `UNWIND range(0, size($batch.requests) - 1)
 * AS request`, reading `$batch.requests[request].<name>`, so that no row holds a whole request. Every row it returns
 * says which request it answers: a column `request`, the request's position. Its other parameters (`$limit`, say)
 * are shared: one value for every request of a batch. The cycles of a scheduler tick send such a statement once for
 * many groups (graph/shared-commits.ts); a caller alone sends a batch of one.
 */
export interface BatchedStatement {
  name: string;
  /** Parameters the statement reads at the top level, the same for every request of one batch. */
  shared: readonly string[];
}

const UNWINDS_REQUESTS = /^UNWIND (\$batch\.requests|range\(0, size\(\$batch\.requests\) - 1\)) AS request$/m;
const PARAMETER = /\$([A-Za-z_][A-Za-z0-9_]*)/g;
const shapes = new Map<string, BatchedStatement | null>();

/** The statement's batched shape, or null for a statement that serves one call. */
export function batchedStatement(name: string): BatchedStatement | null {
  let shape = shapes.get(name);
  if (shape === undefined) {
    const text = cypher(name);
    const shared = new Set([...text.matchAll(PARAMETER)].map((m) => m[1] as string));
    shared.delete('batch');
    shape = UNWINDS_REQUESTS.test(text) ? { name, shared: [...shared].sort() } : null;
    shapes.set(name, shape);
  }
  return shape;
}

/** Calls of one statement can share a batch when they agree on its shared parameters. */
export function batchKey(statement: BatchedStatement, params: Params): string {
  return `${statement.name}\n${JSON.stringify(statement.shared.map((k) => params[k] ?? null))}`;
}

/**
 * The parameters of one run serving every call: the shared ones the calls give, taken from the first (a shared one
 * they leave out, the graph's vector slot, say, is added by the graph), the rest as requests.
 */
export function batchParams(statement: BatchedStatement, calls: readonly Params[]): Params {
  const shared = new Set(statement.shared);
  const first = calls[0] ?? {};
  const params: Params = Object.fromEntries(
    statement.shared.filter((k) => k in first).map((k) => [k, first[k]]),
  );
  const requests = calls.map((call, index) => {
    const request: Params = { index };
    for (const [k, v] of Object.entries(call)) if (!shared.has(k)) request[k] = v;
    return request;
  });
  // Inside a map: Neo4j plans a statement again for each size class of a list parameter, not of a list in a map.
  params.batch = { requests };
  return params;
}

/** One run of the statement serving every call, through `run` (a session or a transaction): each call's rows. */
export async function runBatch(
  statement: BatchedStatement,
  calls: readonly Params[],
  run: (params: Params) => Promise<Row[]>,
): Promise<Row[][]> {
  return rowsByRequest(await run(batchParams(statement, calls)), calls.length);
}

/** The rows of a batch, split back into each call's, in the order they came; the `request` column dropped. */
export function rowsByRequest(rows: readonly Row[], calls: number): Row[][] {
  const out: Row[][] = Array.from({ length: calls }, () => []);
  for (const { request, ...row } of rows) out[request as number]?.push(row);
  return out;
}
