import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.neo4j).toEqual({
      uri: 'bolt://localhost:7687',
      user: 'neo4j',
      password: 'strata-password',
      database: 'neo4j',
    });
    expect(config.http.port).toBe(8080);
    expect(config.embedder).toEqual({ kind: 'hashing', dimension: 384, charNgrams: 0 });
    expect(config.summarizer.kind).toBe('local');
    expect(config.scheduler).toEqual({ enabled: true, schedule: '*/5 * * * *', leaseSeconds: 600 });
    expect(config.decay.week).toEqual({ startDays: 30, maxAgeDays: 90 });
    expect(config.rollup.sessionGapMinutes).toBe(30);
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
});
