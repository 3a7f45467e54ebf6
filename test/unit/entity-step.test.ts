import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import {
  type Entity,
  type EntityExtractor,
  perMessage,
  type SessionEntityExtractor,
} from '../../src/domain/entities.js';
import type { EntityLookups, KnownEntity, SessionEntities } from '../../src/domain/entity-resolution.js';
import type { EntityStore, PendingSession } from '../../src/graph/entities.js';
import type { CycleContext } from '../../src/jobs/cycle-context.js';
import { linkSessionEntities } from '../../src/jobs/entities.js';
import { createLogger } from '../../src/log.js';

/** The entity step's decisions against an in-memory store; the Cypher is checked by test/integration/entities.test.ts. */
class InMemoryEntities implements EntityStore {
  pending: PendingSession[] = [];
  messages = new Map<string, { text: string; speaker: string }[]>();
  people: KnownEntity[] = [];
  written: SessionEntities[][] = [];
  kept: string[] = [];
  failWrites = false;

  async pendingSessions(_g: string, limit: number) {
    return this.pending.slice(0, limit);
  }
  async sessionMessages(_g: string, ids: string[]) {
    return new Map(ids.map((id) => [id, this.messages.get(id) ?? []]));
  }
  async knownEntities(_g: string, lookups: EntityLookups) {
    return this.people.filter((p) => lookups.firstNames.includes(p.key.split(' ')[0] as string));
  }
  async writeSessions(_g: string, sessions: SessionEntities[]) {
    if (this.failWrites) throw new Error('summary text too odd');
    this.written.push(sessions);
    const done = new Set(sessions.map((s) => s.summaryId));
    this.pending = this.pending.filter((p) => !done.has(p.summaryId));
  }
  async keepSessions(_g: string, ids: string[]) {
    this.kept.push(...ids);
    this.pending = this.pending.filter((p) => !ids.includes(p.summaryId));
  }
}

const PEOPLE = new Set(['Ana', 'Maria']);

/** Capitalised words are places, but for a few first names and the speakers' names. */
const capitalised: EntityExtractor = {
  extract(text, options = {}) {
    const out: Entity[] = [];
    for (const m of text.matchAll(/\b[A-Z][a-z]+\b/g)) {
      const person = PEOPLE.has(m[0]) || options.speakers?.some((s) => s.split(' ').includes(m[0]));
      out.push({
        text: m[0],
        start: m.index,
        end: m.index + m[0].length,
        kind: person ? 'person' : 'place',
      });
    }
    return out;
  },
};
const extractor = perMessage(capitalised);

function context(overrides: Partial<CycleContext> = {}): CycleContext {
  const ctx: Partial<CycleContext> = {
    groupId: 'g',
    dryRun: false,
    errors: [],
    log: createLogger('silent'),
    renewLease: async () => undefined,
    ...overrides,
  };
  return ctx as CycleContext;
}

describe('linkSessionEntities', () => {
  it('links every pending session, with the speakers as people, and resolves first names to known people', async () => {
    const store = new InMemoryEntities();
    store.pending = [
      { summaryId: 'g:session:a', messageCount: 2, keep: false },
      { summaryId: 'g:session:b', messageCount: 1, keep: false },
    ];
    store.messages.set('g:session:a', [
      { text: 'Off to Lisbon with Ana', speaker: 'Ana Costa' },
      { text: 'Say hi to Maria', speaker: 'Ben' },
    ]);
    store.messages.set('g:session:b', [{ text: 'Nothing named here', speaker: 'Ben' }]);
    store.people = [{ key: 'maria silva', name: 'Maria Silva', kind: 'person' }];
    const linked = await linkSessionEntities(context(), { store, extractor: () => extractor });
    expect(linked).toBe(2);
    const [a, b] = store.written[0] ?? [];
    expect(a?.mentions.map((m) => [m.name, m.kind])).toEqual(
      expect.arrayContaining([
        ['Lisbon', 'place'],
        ['Ana Costa', 'person'],
        ['Maria Silva', 'person'],
      ]),
    );
    // A session that names nothing is written too: its pending flag goes, and an older contribution with it.
    expect(b?.mentions.filter((m) => m.name !== 'Nothing')).toEqual([]);
    expect(store.pending).toEqual([]);
  });

  it('keeps the sessions whose originals were pruned, and does nothing in a dry run', async () => {
    const store = new InMemoryEntities();
    store.pending = [{ summaryId: 'g:session:old', messageCount: 3, keep: true }];
    expect(await linkSessionEntities(context({ dryRun: true }), { store, extractor: () => extractor })).toBe(
      0,
    );
    expect(store.kept).toEqual([]);
    expect(await linkSessionEntities(context(), { store, extractor: () => extractor })).toBe(0);
    expect(store.kept).toEqual(['g:session:old']);
    expect(store.written).toEqual([]);
  });

  it('records a failed batch and leaves it pending for the next cycle instead of reading it again', async () => {
    const store = new InMemoryEntities();
    store.failWrites = true;
    store.pending = [{ summaryId: 'g:session:a', messageCount: 1, keep: false }];
    const ctx = context();
    expect(await linkSessionEntities(ctx, { store, extractor: () => extractor })).toBe(0);
    expect(ctx.errors).toEqual(['entities of session g:session:a: summary text too odd']);
    expect(store.pending).toHaveLength(1);
  });

  it('writes bounded batches: at most 5,000 messages a read', async () => {
    const store = new InMemoryEntities();
    store.pending = Array.from({ length: 12 }, (_, i) => ({
      summaryId: `g:session:${i}`,
      messageCount: 1000,
      keep: false,
    }));
    await linkSessionEntities(context(), { store, extractor: () => extractor });
    expect(store.written.map((w) => w.length)).toEqual([5, 5, 2]);
  });

  it('links what a fallback found, and logs the fallback once per session with its reason', async () => {
    const store = new InMemoryEntities();
    store.pending = [
      { summaryId: 'g:session:a', messageCount: 1, keep: false },
      { summaryId: 'g:session:b', messageCount: 1, keep: false },
    ];
    store.messages.set('g:session:a', [{ text: 'Off to Lisbon', speaker: 'Ben' }]);
    store.messages.set('g:session:b', [{ text: 'Back from Porto', speaker: 'Ben' }]);
    const failing: SessionEntityExtractor = {
      extractSession: async (messages, options) => ({
        ...(await extractor.extractSession(messages, options)),
        fallbackReason: 'openai:gpt-4o-mini: 500 the model crashed',
      }),
    };
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    expect(await linkSessionEntities(context({ log }), { store, extractor: () => failing })).toBe(2);
    expect(store.written.flat().flatMap((s) => s.mentions.map((m) => m.name))).toEqual(
      expect.arrayContaining(['Lisbon', 'Porto']),
    );
    const logged = lines.map((line) => JSON.parse(line) as { session: string; reason: string });
    expect(logged.map((l) => [l.session, l.reason])).toEqual([
      ['g:session:a', 'openai:gpt-4o-mini: 500 the model crashed'],
      ['g:session:b', 'openai:gpt-4o-mini: 500 the model crashed'],
    ]);
  });
});
