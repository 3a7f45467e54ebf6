import { describe, expect, it } from 'vitest';
import { buildContext, CONTEXT_TITLES, type ContextCandidates } from '../../src/domain/context.js';
import { asksWhoIs, CONTEXT_VALUE, namedCandidates } from '../../src/domain/context-values.js';
import { type EntityBrief, entityBriefLine, sentenceNaming } from '../../src/domain/entity-briefs.js';
import type { EntityRecord } from '../../src/domain/entity-shapes.js';
import { estimatedTokens } from '../../src/domain/tokens.js';

const ana: EntityRecord = {
  id: 'g:entity:0000000000000001',
  groupId: 'g',
  kind: 'person',
  name: 'Ana Costa',
  aliases: ['Ana', 'Dr. Ana Costa'],
  firstSeen: '2024-03-04T10:00:00.000Z',
  lastSeen: '2024-03-08T10:05:00.000Z',
  mentions: 7,
  sessions: 3,
};
const brief: EntityBrief = {
  id: ana.id,
  sessions: 3,
  firstSeen: ana.firstSeen,
  lastSeen: ana.lastSeen,
  related: ['Lisbon', 'Maria Silva'],
  latest:
    'Ben Okafor: Next spring maybe. Ana Costa: And Porto after Lisbon, says Maria. Ana, ask about hotels.',
};

describe('entityBriefLine', () => {
  it('says what it is, its other names, how often, over what span, with what, and the latest thing said of it', () => {
    expect(entityBriefLine(ana, brief, 'UTC')).toBe(
      '- Ana Costa (person, also Ana, Dr. Ana Costa): named in 3 sessions, 4 March 2024 to 8 March 2024; ' +
        'comes up with Lisbon, Maria Silva. Latest: Ana, ask about hotels.',
    );
  });

  it("reads the span on the group's calendar, and says what it has when the rest is missing", () => {
    const late = { ...brief, firstSeen: '2024-03-04T23:30:00.000Z', lastSeen: '2024-03-04T23:50:00.000Z' };
    expect(entityBriefLine(ana, { ...late, sessions: 1 }, 'Asia/Tokyo')).toContain(
      'named in 1 session, on 5 March 2024',
    );
    const bare = { ...brief, sessions: 0, firstSeen: null, lastSeen: null, related: [], latest: null };
    expect(entityBriefLine({ ...ana, aliases: [] }, bare, 'UTC')).toBe('- Ana Costa (person).');
  });
});

describe('sentenceNaming', () => {
  it('finds the first sentence naming any spelling as whole words', () => {
    expect(sentenceNaming('Anabel came. Then ana left.', ['Ana Costa', 'Ana'])).toBe('Then ana left.');
    expect(sentenceNaming('Nobody here.', ['Ana'])).toBeNull();
  });
});

describe('the block says who the query names', () => {
  const none: ContextCandidates = {
    relevant: [],
    relevantSummaries: [],
    standing: [],
    latest: [],
    timeZone: 'UTC',
  };
  const named = namedCandidates('Who is Ana?', [ana], [brief], 'UTC');

  it('puts the line first, under its heading, valued below the turns that answer', () => {
    expect(named[0]?.value).toBe(CONTEXT_VALUE.named.askedAbout);
    // Named on the way to something else, it only fills what the weaker hits leave.
    expect(namedCandidates('What did Ana cook?', [ana], [brief], 'UTC')[0]?.value).toBe(
      CONTEXT_VALUE.named.mentioned,
    );
    const relevant = [
      { id: 'm1', text: 'Ana booked the flight.', speaker: 'Ben', ts: '2024-03-04T10:00:00Z', value: 1 },
    ];
    const block = buildContext({ ...none, named, relevant }, 1000, estimatedTokens);
    expect(block.text.split('\n').slice(0, 2)).toEqual([CONTEXT_TITLES.named, named[0]?.line]);
    expect(block.text).toContain('- Ben: Ana booked the flight.');
    // A budget that holds the answering turn alone keeps it, and says something was left out.
    const alone = buildContext({ ...none, relevant }, 1000, estimatedTokens).tokens;
    const small = buildContext({ ...none, named, relevant }, alone + 10, estimatedTokens);
    expect(small.text).toContain('Ana booked the flight.');
    expect(small.text).not.toContain(CONTEXT_TITLES.named);
    expect(small.truncated).toBe(true);
  });

  it('says nothing of an entity whose brief the group did not give', () => {
    expect(namedCandidates('Who is Ana?', [ana], [], 'UTC')).toEqual([]);
  });
});

describe('asksWhoIs', () => {
  it('tells a query about someone or something from one that names them on the way', () => {
    const names = ['Ana Costa', 'Ana', 'Dr. Ana Costa'];
    for (const q of [
      'Who is Ana?',
      "who's dr. ana costa",
      'What do we know about Ana Costa?',
      'Tell me about ana',
    ])
      expect(asksWhoIs(q, names), q).toBe(true);
    for (const q of [
      'What did Ana cook?',
      'Who did Ana meet?',
      'Who is Anabel?',
      'When did Ana Costa arrive?',
    ])
      expect(asksWhoIs(q, names), q).toBe(false);
    expect(asksWhoIs('What is the RHS?', ['Royal Horticultural Society', 'RHS'])).toBe(true);
  });
});
