import neo4j, { type Driver, Neo4jError } from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, StatementTooLargeError } from '../../src/errors.js';
import { Graph, GraphTx, neo4jErrorKind, toPlain } from '../../src/graph/graph.js';
import { VECTOR_SLOTS } from '../../src/graph/vector-slots.js';

/** A driver whose sessions answer from scripts: what session.run and executeRead do, in the order they are asked. */
function scriptedDriver(run: () => Promise<unknown>, executeRead: () => Promise<unknown>) {
  const calls: string[] = [];
  const session = {
    run: () => {
      calls.push('run');
      return run();
    },
    executeRead: () => {
      calls.push('executeRead');
      return executeRead();
    },
    close: async () => undefined,
  };
  return { driver: { session: () => session } as unknown as Driver, calls };
}

const rows = (...values: Record<string, unknown>[]) => ({
  records: values.map((value) => ({ toObject: () => value })),
});
const unavailable = () => new Neo4jError('connection refused', neo4j.error.SERVICE_UNAVAILABLE, '', '');

describe('Graph.read', () => {
  it('reads in one auto-commit transaction when the database serves', async () => {
    const { driver, calls } = scriptedDriver(
      async () => rows({ n: 1 }),
      async () => rows({ n: 2 }),
    );
    await expect(new Graph(driver, 'neo4j').read('inspect/database-counts')).resolves.toEqual([{ n: 1 }]);
    expect(calls).toEqual(['run']);
  });

  it('retries as a managed transaction when the first attempt meets a database that cannot serve', async () => {
    const { driver, calls } = scriptedDriver(
      async () => Promise.reject(unavailable()),
      async () => [{ n: 2 }],
    );
    await expect(new Graph(driver, 'neo4j').read('inspect/database-counts')).resolves.toEqual([{ n: 2 }]);
    expect(calls).toEqual(['run', 'executeRead']);
  });

  it('answers DatabaseUnavailableError once the managed retries fail too', async () => {
    const { driver } = scriptedDriver(
      async () => Promise.reject(unavailable()),
      async () => Promise.reject(unavailable()),
    );
    await expect(new Graph(driver, 'neo4j').read('inspect/database-counts')).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
  });

  it('does not retry a Cypher error: the same statement would fail again', async () => {
    const syntax = new Neo4jError('bad', 'Neo.ClientError.Statement.SyntaxError', '', '');
    const { driver, calls } = scriptedDriver(
      async () => Promise.reject(syntax),
      async () => [],
    );
    await expect(new Graph(driver, 'neo4j').read('inspect/database-counts')).rejects.toBe(syntax);
    expect(calls).toEqual(['run']);
  });

  it('names a statement over the transaction memory limit, and neither retries it nor calls Neo4j unavailable', async () => {
    // What Neo4j 5.26 answered to rollup/session-memories over 137,000 memories: a TransientError, which the
    // driver's retries would send again for NEO4J_RETRY_SECONDS.
    const tooLarge = new Neo4jError(
      'The allocation of an extra 2.0 MiB would use more than the limit 2.1 GiB. dbms.memory.transaction.total.max threshold reached',
      'Neo.TransientError.General.MemoryPoolOutOfMemoryError',
      '',
      '',
    );
    const { driver, calls } = scriptedDriver(
      async () => Promise.reject(tooLarge),
      async () => [],
    );
    const failure = await new Graph(driver, 'neo4j').read('inspect/database-counts').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StatementTooLargeError);
    expect((failure as Error).message).toContain('inspect/database-counts');
    expect((failure as Error).cause).toBe(tooLarge);
    expect(calls).toEqual(['run']);
  });
});

describe('the kinds of Neo4j failure the metrics count', () => {
  it('tells each failure by kind, once, after the retry and only for errors Neo4j raised', async () => {
    const kinds: string[] = [];
    const constraint = new Neo4jError('exists', 'Neo.ClientError.Schema.ConstraintValidationFailed', '', '');
    const syntax = new Neo4jError('bad', 'Neo.ClientError.Statement.SyntaxError', '', '');
    for (const failure of [unavailable(), constraint, syntax]) {
      const { driver } = scriptedDriver(
        async () => Promise.reject(failure),
        async () => Promise.reject(failure),
      );
      await new Graph(driver, 'neo4j', (kind) => kinds.push(kind))
        .read('inspect/database-counts')
        .catch(() => {});
    }
    const { driver: served } = scriptedDriver(
      async () => Promise.reject(unavailable()),
      async () => [{ n: 1 }],
    );
    // Unavailable at first, then served by the retry: nothing failed.
    await new Graph(served, 'neo4j', (kind) => kinds.push(kind)).read('inspect/database-counts');
    expect(kinds).toEqual(['unavailable', 'constraint', 'client']);
  });

  it("names the kinds from a fixed set, and none for errors of Strata's own", () => {
    expect(neo4jErrorKind(new DatabaseUnavailableError('gone'))).toBe('unavailable');
    expect(neo4jErrorKind(new StatementTooLargeError('rollup/x'))).toBe('memory_limit');
    expect(neo4jErrorKind(new Neo4jError('x', 'Neo.DatabaseError.General.UnknownError', '', ''))).toBe(
      'database',
    );
    expect(neo4jErrorKind(new Neo4jError('x', 'N/A', '', ''))).toBe('other');
    expect(neo4jErrorKind(new Error('lease lost'))).toBeNull();
  });
});

describe('GraphTx.runAll', () => {
  /** A transaction that records what is sent and answers each statement only when the test says so. */
  function heldTransaction() {
    const sent: string[] = [];
    const answers: ((rows: unknown[]) => void)[] = [];
    const tx = {
      run: (query: string) => {
        sent.push(query);
        return new Promise((resolve) => {
          answers.push((rows) => resolve({ records: rows.map((row) => ({ toObject: () => row })) }));
        });
      },
    };
    return { tx: new GraphTx(tx as never), sent, answers };
  }

  it('sends every statement before the first answer comes, and returns their rows in order', async () => {
    const { tx, sent, answers } = heldTransaction();
    const all = tx.runAll([
      { name: 'jobs/hold-group', params: { groupId: 'g' } },
      { name: 'eras/link-next-era', params: { groupId: 'g' } },
    ]);
    expect(sent).toHaveLength(2);
    answers[1]?.([]);
    // A statement that serves many requests answers with each row's request; a call alone is a batch of one.
    answers[0]?.([{ request: 0, id: 'g' }]);
    expect(await all).toEqual([[{ id: 'g' }], []]);
  });

  it("turns a statement over the memory limit into one the driver's retry gives up on, with its name", async () => {
    const tx = new GraphTx({
      run: () =>
        Promise.reject(
          new Neo4jError('limit', 'Neo.ClientError.General.TransactionOutOfMemoryError', '', ''),
        ),
    } as never);
    const failure = await tx.run('rollup/session-memories').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StatementTooLargeError);
    expect((failure as StatementTooLargeError).statement).toBe('rollup/session-memories');
    // Not a Neo4jError: the driver retries only those.
    expect(failure).not.toBeInstanceOf(Neo4jError);
  });

  it('names a commit over the memory limit by its statements, and does not call Neo4j unavailable', async () => {
    // What 64 large groups importing at once met: the statements ran, and the commit found the pool full.
    const poolFull = new Neo4jError(
      'The allocation of an extra 2.0 MiB would use more than the limit 716.8 MiB. dbms.memory.transaction.total.max threshold reached',
      'Neo.TransientError.General.MemoryPoolOutOfMemoryError',
      '',
      '',
    );
    const session = {
      executeWrite: async (work: (tx: unknown) => Promise<unknown>) => {
        await work({ run: async () => rows() });
        throw poolFull;
      },
      close: async () => undefined,
    };
    const graph = new Graph({ session: () => session } as unknown as Driver, 'neo4j');
    const failure = await graph
      .writeTx((tx) =>
        tx.runAll([
          { name: 'jobs/hold-group', params: { groupId: 'g' } },
          { name: 'eras/link-next-era', params: { groupId: 'g' } },
        ]),
      )
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StatementTooLargeError);
    expect((failure as StatementTooLargeError).statement).toBe(
      'jobs/hold-group + eras/link-next-era (at commit)',
    );
    expect((failure as Error).cause).toBe(poolFull);
  });

  it('fails with the error of the statement that failed', async () => {
    const failing = {
      run: (query: string) =>
        query.includes('lastCycleWriteAt')
          ? Promise.reject(new Error('locked'))
          : Promise.resolve({ records: [] }),
    };
    const tx = new GraphTx(failing as never);
    await expect(
      tx.runAll([
        { name: 'eras/link-next-era', params: { groupId: 'g' } },
        { name: 'jobs/hold-group', params: { groupId: 'g' } },
      ]),
    ).rejects.toThrow('locked');
  });
});

describe('toPlain', () => {
  it("turns the driver's values into plain JS wherever they sit in a row", () => {
    const at = new neo4j.types.DateTime(2024, 3, 4, 9, 30, 0, 0, 0);
    const node = new neo4j.types.Node(neo4j.int(1), ['Memory'], { id: 'm1', n: neo4j.int(7) }, 'e1');
    expect(
      toPlain({
        when: at,
        count: neo4j.int(3),
        node,
        list: [1, at, null, undefined],
        nested: { day: new neo4j.types.Date(2024, 3, 4) },
      }),
    ).toEqual({
      when: '2024-03-04T09:30:00.000Z',
      count: 3,
      node: { id: 'm1', n: 7 },
      list: [1, '2024-03-04T09:30:00.000Z', null, null],
      nested: { day: '2024-03-04' },
    });
  });

  it('returns lists and maps that hold nothing to change as they are, and copies those that do', () => {
    const row = { ids: ['a', 'b'], scores: [1, 2], context: [{ id: 'a', parents: ['s'] }] };
    expect(toPlain(row)).toBe(row);
    const mixed = { ids: ['a'], count: neo4j.int(2) };
    const plain = toPlain(mixed) as Record<string, unknown>;
    expect(plain).not.toBe(mixed);
    expect(plain).toEqual({ ids: ['a'], count: 2 });
    // The unchanged list is shared, the driver's value is left as it was.
    expect(plain.ids).toBe(mixed.ids);
    expect(neo4j.isInt(mixed.count)).toBe(true);
  });
});

describe('Graph: the vector slot', () => {
  it("gives every statement the database's slot, slot a until told otherwise; a statement's own params win", async () => {
    const params: Record<string, unknown>[] = [];
    const session = {
      run: async (_statement: string, p: Record<string, unknown>) => {
        params.push(p);
        return rows();
      },
      executeWrite: async (work: (tx: unknown) => Promise<unknown>) =>
        work({
          run: async (_statement: string, p: Record<string, unknown>) => {
            params.push(p);
            return rows();
          },
        }),
      close: async () => undefined,
    };
    const graph = new Graph({ session: () => session } as unknown as Driver, 'neo4j');
    await graph.read('inspect/database-counts', { groupId: 'g' });
    graph.useVectorSlot(VECTOR_SLOTS.b);
    await graph.write('inspect/database-counts');
    await graph.read('inspect/database-counts', { vectorKey: 'mine' });
    expect(params).toEqual([
      {
        groupId: 'g',
        vectorKey: 'embedding',
        contentVectorKey: 'contentEmbedding',
        memoryVectorIndex: 'memory_embedding',
        summaryVectorIndex: 'summary_embedding',
        eraVectorIndex: 'era_embedding',
      },
      {
        vectorKey: 'embeddingB',
        contentVectorKey: 'contentEmbeddingB',
        memoryVectorIndex: 'memory_embedding_b',
        summaryVectorIndex: 'summary_embedding_b',
        eraVectorIndex: 'era_embedding_b',
      },
      expect.objectContaining({ vectorKey: 'mine', contentVectorKey: 'contentEmbeddingB' }),
    ]);
    expect(graph.vectorSlot.name).toBe('b');
  });
});
