import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { sha256Hex } from '../../src/domain/api-keys.js';

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.neo4j).toEqual({
      uri: 'bolt://localhost:7687',
      user: 'neo4j',
      password: 'strata-password',
      database: 'neo4j',
      retrySeconds: 10,
    });
    expect(config.http.port).toBe(8080);
    expect(config.http.apiKeys).toEqual([]);
    expect(config.http.shutdownTimeoutMs).toBe(20_000);
    expect(config.embedder).toEqual({ kind: 'hashing', dimension: 384, charNgrams: 0 });
    expect(config.summarizer.kind).toBe('local');
    expect(config.scheduler).toEqual({
      enabled: true,
      schedule: '*/5 * * * *',
      leaseSeconds: 600,
      concurrency: 32,
      sharedCommits: 32,
    });
    expect(config.decay.week).toEqual({ startDays: 30, maxAgeDays: 90 });
    expect(config.rollup.sessionGapMinutes).toBe(30);
    expect(config.recall).toMatchObject({ termCandidates: 500, contextCandidates: 30 });
  });

  it("reads recall's candidate counts and names the one out of range", () => {
    const config = loadConfig({ RECALL_TERM_CANDIDATES: '200', RECALL_CONTEXT_CANDIDATES: '0' });
    expect(config.recall).toMatchObject({ termCandidates: 200, contextCandidates: 0 });
    expect(() => loadConfig({ RECALL_TERM_CANDIDATES: '10' })).toThrow(/RECALL_TERM_CANDIDATES/);
    expect(() => loadConfig({ RECALL_CONTEXT_CANDIDATES: '1000' })).toThrow(/RECALL_CONTEXT_CANDIDATES/);
  });

  it('reads and coerces values from the environment', () => {
    const config = loadConfig({
      NEO4J_URI: 'neo4j+s://abc.databases.neo4j.io',
      PORT: '9000',
      EMBEDDING_DIMENSION: '256',
      SCHEDULER_ENABLED: 'false',
      DEFAULT_TIMEZONE: 'Europe/Berlin',
      PRUNE_MIN_DECAY: '0.05',
    });
    expect(config.neo4j.uri).toBe('neo4j+s://abc.databases.neo4j.io');
    expect(config.http.port).toBe(9000);
    expect(config.embedder.dimension).toBe(256);
    expect(config.scheduler.enabled).toBe(false);
    expect(config.defaultTimezone).toBe('Europe/Berlin');
    expect(config.prune.minDecay).toBe(0.05);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', NEO4J_DATABASE: '' }).http.port).toBe(8080);
  });

  it('leaves the OpenAI embedder size open so it can be probed', () => {
    const config = loadConfig({ EMBEDDER: 'openai', OPENAI_API_KEY: 'sk-test' });
    expect(config.embedder.dimension).toBeUndefined();
  });

  it('gives the glove embedder its one size, score fusion at half weight, and no relevance from similarity', () => {
    const config = loadConfig({ EMBEDDER: 'glove' });
    expect(config.embedder).toMatchObject({ kind: 'glove', dimension: 128 });
    expect(config.recall).toMatchObject({
      fusion: 'scores',
      listWeights: { vector: 0.5, lexical: 1 },
      vectorRelevanceRange: null,
    });
    expect(loadConfig({ EMBEDDER: 'glove', RECALL_FUSION: 'ranks' }).recall.fusion).toBe('ranks');
    expect(loadConfig({}).recall.fusion).toBe('ranks');
    expect(() => loadConfig({ EMBEDDER: 'glove', EMBEDDING_DIMENSION: '384' })).toThrow(
      /EMBEDDING_DIMENSION: the glove embedder makes 128-dimensional vectors/,
    );
  });

  it('lists every bad variable in one error, with the reason', () => {
    let error: unknown;
    try {
      loadConfig({
        NEO4J_URI: 'http://localhost:7474',
        PORT: 'eighty',
        DEFAULT_TIMEZONE: 'Mars/Olympus',
        CYCLE_SCHEDULE: 'every minute',
        SUMMARIZER: 'openai',
        DECAY_DAY_START_DAYS: '20',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'NEO4J_URI',
      'PORT',
      'DEFAULT_TIMEZONE',
      'CYCLE_SCHEDULE',
      'OPENAI_API_KEY',
      'DECAY_DAY_MAX_AGE_DAYS',
    ]) {
      expect(problems).toContain(name);
    }
    expect(problems).toContain('got "Mars/Olympus"');
    expect((error as Error).message).toMatch(/^Invalid configuration:/);
  });

  it('never echoes secrets in its messages', () => {
    try {
      loadConfig({ STRATA_API_KEY: 'short-secret' });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toContain('STRATA_API_KEY');
      expect((e as Error).message).not.toContain('short-secret');
    }
  });

  describe('API keys', () => {
    const teamKey = 'team-a-secret-0123456789';
    const opsHash = sha256Hex('ops-secret-0123456789');
    const doc = JSON.stringify({
      keys: [
        { name: 'team-a', key: teamKey, groups: ['team-a', 'team-a-*'] },
        { name: 'ops', sha256: opsHash.toUpperCase(), groups: ['*'], admin: true },
      ],
    });

    it('reads STRATA_API_KEYS and keeps hashes only, the legacy key first as an admin of every group', () => {
      const config = loadConfig({ STRATA_API_KEY: 'legacy-secret-0123456789', STRATA_API_KEYS: doc });
      expect(config.http.apiKeys).toEqual([
        { name: 'STRATA_API_KEY', sha256: sha256Hex('legacy-secret-0123456789'), groups: ['*'], admin: true },
        { name: 'team-a', sha256: sha256Hex(teamKey), groups: ['team-a', 'team-a-*'], admin: false },
        { name: 'ops', sha256: opsHash, groups: ['*'], admin: true },
      ]);
      expect(JSON.stringify(config)).not.toContain(teamKey);
    });

    it('reads STRATA_API_KEYS_FILE', () => {
      const dir = mkdtempSync(join(tmpdir(), 'strata-keys-'));
      const file = join(dir, 'keys.json');
      writeFileSync(file, doc);
      try {
        expect(loadConfig({ STRATA_API_KEYS_FILE: file }).http.apiKeys.map((k) => k.name)).toEqual([
          'team-a',
          'ops',
        ]);
      } finally {
        rmSync(dir, { recursive: true });
      }
    });

    it('names every problem with its place, never the key', () => {
      const bad = JSON.stringify({
        keys: [
          { name: 'short', key: 'too-short', groups: ['team-a'] },
          { name: 'both', key: teamKey, sha256: opsHash, groups: ['a'] },
          { name: 'pattern', key: `${teamKey}-x`, groups: ['team:a', 'a*b'] },
        ],
      });
      const message = messageOf(() =>
        loadConfig({ STRATA_API_KEYS: bad, STRATA_API_KEYS_FILE: '/nonexistent/k.json' }),
      );
      expect(message).toContain('STRATA_API_KEYS: keys.0.key: must be at least 16 characters');
      expect(message).toContain('keys.1: give exactly one of "key" and "sha256"');
      expect(message).toContain('keys.2.groups.0: must be a group id');
      expect(message).toContain('keys.2.groups.1: must be a group id');
      expect(message).toContain('STRATA_API_KEYS_FILE: cannot read /nonexistent/k.json: ENOENT');
      expect(message).not.toContain('too-short');
      expect(message).not.toContain(teamKey);
    });

    it('rejects text that is not JSON without quoting it', () => {
      const message = messageOf(() => loadConfig({ STRATA_API_KEYS: '{"keys": [secret-abcdefghijklmnop' }));
      expect(message).toContain('STRATA_API_KEYS: is not valid JSON');
      expect(message).not.toContain('secret-abcdefghijklmnop');
    });

    it('rejects the same name or the same key twice, across the variable and the legacy key', () => {
      const twice = JSON.stringify({
        keys: [
          { name: 'a', key: teamKey, groups: ['x'] },
          { name: 'b', key: teamKey, groups: ['y'] },
        ],
      });
      expect(messageOf(() => loadConfig({ STRATA_API_KEYS: twice }))).toContain('keys a, b are the same key');
      const legacyAgain = JSON.stringify({ keys: [{ name: 'other', key: teamKey, groups: ['x'] }] });
      expect(
        messageOf(() => loadConfig({ STRATA_API_KEY: teamKey, STRATA_API_KEYS: legacyAgain })),
      ).toContain('the same key is configured under two names');
    });
  });
});

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}
