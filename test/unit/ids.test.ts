import { describe, expect, it } from 'vitest';
import { contentHashId, GROUP_ID_PATTERN, groupOfSummaryId, summaryId } from '../../src/domain/ids.js';
import { toMemoryRecord } from '../../src/domain/memory.js';

describe('contentHashId', () => {
  const id = contentHashId('g1', 'ana', '2024-05-02T09:30:00Z', 'hello');

  it('is stable and short', () => {
    expect(id).toBe(contentHashId('g1', 'ana', '2024-05-02T09:30:00Z', 'hello'));
    expect(id).toMatch(/^m_[0-9a-f]{32}$/);
  });

  it('treats the same instant written with another offset as the same memory', () => {
    expect(contentHashId('g1', 'ana', '2024-05-02T11:30:00+02:00', 'hello')).toBe(id);
  });

  it('differs when any part differs', () => {
    expect(contentHashId('g2', 'ana', '2024-05-02T09:30:00Z', 'hello')).not.toBe(id);
    expect(contentHashId('g1', 'ben', '2024-05-02T09:30:00Z', 'hello')).not.toBe(id);
    expect(contentHashId('g1', 'ana', '2024-05-02T09:30:01Z', 'hello')).not.toBe(id);
    expect(contentHashId('g1', 'ana', '2024-05-02T09:30:00Z', 'hello!')).not.toBe(id);
  });

  it('does not let parts run into each other', () => {
    expect(contentHashId('g1', 'an', '2024-05-02T09:30:00Z', 'ahello')).not.toBe(
      contentHashId('g1', 'ana', '2024-05-02T09:30:00Z', 'hello'),
    );
  });
});

describe('summaryId and group ids', () => {
  it('joins group, level and period', () => {
    expect(summaryId('team', 'week', '2024-04-29')).toBe('team:week:2024-04-29');
  });

  it('rejects group ids that would break the natural keys', () => {
    expect(GROUP_ID_PATTERN.test('team-alpha_1.x')).toBe(true);
    expect(GROUP_ID_PATTERN.test('a:b')).toBe(false);
    expect(GROUP_ID_PATTERN.test('')).toBe(false);
    expect(GROUP_ID_PATTERN.test('-lead')).toBe(false);
  });
});

describe('toMemoryRecord', () => {
  it('keeps a client id and serialises meta', () => {
    const record = toMemoryRecord('g', {
      id: 'c-1',
      text: 'hi',
      speaker: 'ana',
      ts: '2024-01-01T00:00:00Z',
      meta: { channel: 'x', n: 2 },
    });
    expect(record).toEqual({
      id: 'c-1',
      groupId: 'g',
      text: 'hi',
      speaker: 'ana',
      ts: '2024-01-01T00:00:00Z',
      sessionId: null,
      meta: '{"channel":"x","n":2}',
    });
  });

  it('hashes when no id is given', () => {
    const record = toMemoryRecord('g', { text: 'hi', speaker: 'ana', ts: '2024-01-01T00:00:00Z' });
    expect(record.id).toBe(contentHashId('g', 'ana', '2024-01-01T00:00:00Z', 'hi'));
  });
});

describe('groupOfSummaryId', () => {
  it('reads the group from a summary id, which summaryId builds from it', () => {
    expect(groupOfSummaryId(summaryId('team-a', 'week', '2024-W18'))).toBe('team-a');
    expect(groupOfSummaryId('tg-1.x:day:2024-05-01')).toBe('tg-1.x');
    // No separator: the whole id, which then names no summary of any group.
    expect(groupOfSummaryId('team-a')).toBe('team-a');
  });
});
