import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/ai/embeddings/hashing.js';
import { LocalExtractiveSummarizer, rankSpeakers } from '../../src/ai/summarizers/local.js';
import type { SummarizeRequest, SummaryItem } from '../../src/ai/summarizers/types.js';
import { splitSentences } from '../../src/domain/text.js';

const summarizer = new LocalExtractiveSummarizer(new HashingEmbeddings());

const EVERYDAY = [
  'Morning everyone, standup starts in five minutes.',
  'I will grab coffee before the meeting.',
  'Can someone review my pull request today?',
  'Lunch at noon sounds good to me.',
  'The meeting notes are in the shared folder.',
  'Thanks for the review, merging it now.',
];

const SUBJECT = [
  'The postgres migration failed on the replica because the schema lock timed out.',
  'We should rerun the postgres migration with a longer lock timeout on the replica.',
  'Postgres replica lag went above ten seconds during the migration window.',
  'I paused the migration and the replica lag recovered.',
  'Let us schedule the postgres migration for Saturday night when traffic is low.',
];

const SPEAKERS = ['alice', 'bob', 'carol', 'dave'];

/** n messages, every third one about the postgres migration, the rest everyday chatter. */
function messages(n: number): SummaryItem[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    text: i % 3 === 0 ? (SUBJECT[i % SUBJECT.length] as string) : (EVERYDAY[i % EVERYDAY.length] as string),
    speaker: SPEAKERS[i % SPEAKERS.length] as string,
    ts: new Date(Date.parse('2024-05-02T09:00:00Z') + i * 60_000).toISOString(),
  }));
}

/** Other days of the same group: the everyday chatter, over and over. */
const BACKGROUND = Array.from({ length: 12 }, (_, i) => [...EVERYDAY, ...EVERYDAY.slice(i % 4)].join(' '));

function request(items: SummaryItem[], extra: Partial<SummarizeRequest> = {}): SummarizeRequest {
  return {
    level: 'day',
    groupId: 'team',
    periodStart: '2024-05-02',
    periodEnd: '2024-05-03',
    items,
    speakerCounts: {},
    background: BACKGROUND,
    ...extra,
  };
}

/** A summary sentence without the speaker's name it is quoted after. */
function quote(sentence: string): { speaker: string; text: string } {
  const match = /^([^:\s]+): (.*)$/.exec(sentence);
  return match ? { speaker: match[1] as string, text: match[2] as string } : { speaker: '', text: sentence };
}

/**
 * Every sentence of the summary is copied from an item (allowing the full stop added to unpunctuated ones), after
 * the name of that item's speaker.
 */
function expectGrounded(text: string, items: SummaryItem[]): void {
  for (const sentence of splitSentences(text)) {
    const { speaker, text: said } = quote(sentence);
    const found = items.some(
      (i) => i.speaker === speaker && (i.text.includes(said) || i.text.includes(said.replace(/\.$/, ''))),
    );
    expect(found, `not found in any item of its speaker: "${sentence}"`).toBe(true);
  }
}

describe('LocalExtractiveSummarizer: text', () => {
  it('gives the same draft for the same input', async () => {
    const input = request(messages(40));
    const first = await summarizer.summarize(input);
    const again = await new LocalExtractiveSummarizer(new HashingEmbeddings()).summarize(
      request(messages(40)),
    );
    expect(again).toEqual(first);
    expect(first.summarizer).toBe('local-extractive@4');
  });

  it.each([
    [3, 2],
    [20, 4],
    [200, 5],
  ])('picks a grounded summary of 2-5 sentences for %i messages (%i here)', async (n, expected) => {
    const items = messages(n);
    const draft = await summarizer.summarize(request(items));
    const sentences = splitSentences(draft.text);
    expect(sentences).toHaveLength(expected);
    expectGrounded(draft.text, items);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('keeps the chosen sentences in time order', async () => {
    const items = messages(30);
    const draft = await summarizer.summarize(request(items));
    const positions = splitSentences(draft.text).map((s) => items.findIndex((i) => i.text === quote(s).text));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('brings the distinctive subject into the summary', async () => {
    const draft = await summarizer.summarize(request(messages(60)));
    expect(draft.text.toLowerCase()).toContain('migration');
  });

  it('prefers a rare event to the everyday chatter around it', async () => {
    const items: SummaryItem[] = Array.from({ length: 12 }, (_, i) => ({
      id: `n${i}`,
      speaker: 'x',
      text:
        i === 7
          ? 'The payment gateway rejected every card from Norway this morning.'
          : i === 9
            ? 'Norway card payments work again after the gateway fix.'
            : (EVERYDAY[i % EVERYDAY.length] as string),
    }));
    const sentences = splitSentences((await summarizer.summarize(request(items))).text);
    expect(sentences).toHaveLength(3);
    expect(sentences).toContain('x: The payment gateway rejected every card from Norway this morning.');
    expect(sentences).toContain('x: Norway card payments work again after the gateway fix.');
  });

  it('returns a single short item as it is, after its speaker', async () => {
    const items = [{ id: 'a', text: 'Deploy is done.', speaker: 'alice' }];
    const draft = await summarizer.summarize(request(items));
    expect(draft.text).toBe('alice: Deploy is done.');
    expect(draft.activeUsers).toEqual(['alice']);
  });

  it('leaves out short fragments when there is something longer', async () => {
    const items: SummaryItem[] = [
      { id: 'a', text: 'ok', speaker: 'bob' },
      { id: 'b', text: 'Thanks!', speaker: 'carol' },
      { id: 'c', text: 'The invoice export breaks on accented customer names.', speaker: 'alice' },
      { id: 'd', text: 'Sure.', speaker: 'bob' },
      {
        id: 'e',
        text: 'I will patch the invoice export to escape customer names properly.',
        speaker: 'carol',
      },
    ];
    const draft = await summarizer.summarize(request(items));
    expect(splitSentences(draft.text)).toEqual([
      'alice: The invoice export breaks on accented customer names.',
      'carol: I will patch the invoice export to escape customer names properly.',
    ]);
  });

  it('adds a full stop to unpunctuated chat so the sentences stay apart', async () => {
    const items: SummaryItem[] = [
      { id: 'a', text: 'the staging cluster ran out of disk again', speaker: 'bob' },
      { id: 'b', text: 'we need bigger staging disks before friday', speaker: 'alice' },
    ];
    const draft = await summarizer.summarize(request(items));
    expect(draft.text).toBe(
      'bob: the staging cluster ran out of disk again. alice: we need bigger staging disks before friday.',
    );
    expectGrounded(draft.text, items);
  });

  it('quotes a child summary without a speaker as it is: its sentences name theirs', async () => {
    const items: SummaryItem[] = [
      { id: 'd1', text: 'alice: The invoice export breaks on accented customer names.' },
      { id: 'd2', text: 'carol: I will patch the invoice export to escape customer names.' },
    ];
    const draft = await summarizer.summarize(request(items, { level: 'week' }));
    expect(splitSentences(draft.text)).toEqual(items.map((i) => i.text));
  });

  it('returns an empty draft for no items', async () => {
    const draft = await summarizer.summarize(request([]));
    expect(draft).toMatchObject({ text: '', topics: [], highlights: [], activeUsers: [] });
  });
});

describe('LocalExtractiveSummarizer: topics', () => {
  it('ranks the subject of the period above the words of every day', async () => {
    const draft = await summarizer.summarize(request(messages(60)));
    const names = draft.topics.map((t) => t.name);
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(names.length).toBeLessThanOrEqual(7);
    expect(names).toEqual(expect.arrayContaining(['migration', 'postgres', 'replica']));
    expect(['meeting', 'review', 'coffee', 'standup']).not.toContain(names[0]);
  });

  it('weights topics from 1 down', async () => {
    const { topics } = await summarizer.summarize(request(messages(60)));
    expect(topics[0]?.weight).toBe(1);
    for (let i = 1; i < topics.length; i++) {
      expect(topics[i]?.weight).toBeGreaterThan(0);
      expect(topics[i]?.weight).toBeLessThanOrEqual(topics[i - 1]?.weight as number);
    }
  });

  it('prefers the period against the background: a word common everywhere does not come first', async () => {
    // "meeting" is the most frequent word here, but every other day is full of it too.
    const items: SummaryItem[] = [
      'Meeting moved, meeting room booked, meeting at three.',
      'The meeting agenda: the telescope lens arrived cracked.',
      'Meeting notes: we return the telescope lens to the vendor.',
      'Another meeting tomorrow about the telescope.',
    ].map((text, i) => ({ id: `t${i}`, text, speaker: 'alice' }));
    const background = Array.from(
      { length: 10 },
      () => 'Meeting today. The meeting ran long. Meeting notes shared.',
    );
    const { topics } = await summarizer.summarize(request(items, { background }));
    expect(topics[0]?.name).toBe('telescope');
    expect(topics.map((t) => t.name)).toContain('lens');
  });

  it('finds topics without a background, and names a phrase whose words always come together', async () => {
    const items: SummaryItem[] = [
      'The solar panels on the barn roof need cleaning.',
      'Solar panels produced less power this week.',
      'Cleaning the solar panels fixed the power drop.',
    ].map((text, i) => ({ id: `s${i}`, text, speaker: 'bob' }));
    const { topics } = await summarizer.summarize(request(items, { background: [] }));
    expect(topics.map((t) => t.name)[0]).toBe('solar panel');
    // Words of a chosen phrase are not repeated as topics of their own.
    expect(topics.map((t) => t.name)).not.toContain('solar');
  });

  it('returns fewer than three topics only when there are not enough distinct terms', async () => {
    const items = [{ id: 'x', text: 'Backups, backups, backups!', speaker: 'erin' }];
    const { topics } = await summarizer.summarize(request(items, { background: [] }));
    expect(topics).toEqual([{ name: 'backup', weight: 1 }]);
  });
});

describe('LocalExtractiveSummarizer: highlights', () => {
  it('quotes 2-4 distinctive items verbatim, without repeats', async () => {
    for (const n of [3, 20, 200]) {
      const items = messages(n);
      const { highlights } = await summarizer.summarize(request(items));
      expect(highlights.length).toBeGreaterThanOrEqual(2);
      expect(highlights.length).toBeLessThanOrEqual(4);
      expect(new Set(highlights).size).toBe(highlights.length);
      for (const h of highlights) expect(items.map((i) => i.text)).toContain(h);
    }
    const { highlights } = await summarizer.summarize(request(messages(200)));
    expect(highlights.filter((h) => SUBJECT.includes(h)).length).toBeGreaterThanOrEqual(2);
  });

  it('does not quote one speaker only when someone else said something distinctive', async () => {
    const items: SummaryItem[] = [
      // Alice's two messages carry the most topic weight, so without the rule both highlights would be hers.
      { id: '1', text: 'The greenhouse heater failed overnight and the seedlings froze.', speaker: 'alice' },
      { id: '2', text: 'Greenhouse seedlings need replanting after the heater failure.', speaker: 'alice' },
      { id: '3', text: 'Good morning.', speaker: 'bob' },
      { id: '4', text: 'A frost alarm should warn us when the greenhouse gets too cold.', speaker: 'bob' },
      { id: '5', text: 'See you at lunch.', speaker: 'carol' },
    ];
    const { highlights } = await summarizer.summarize(request(items, { background: [] }));
    expect(highlights).toHaveLength(2);
    expect(highlights).toContain('A frost alarm should warn us when the greenhouse gets too cold.');
    expect(highlights.filter((h) => items.some((i) => i.speaker === 'alice' && i.text === h))).toHaveLength(
      1,
    );
  });

  it('quotes the best sentence of a long item instead of all of it', async () => {
    const long = [
      'This week the team mostly handled routine support questions and small fixes.',
      'The biggest event was the warehouse scanner outage that stopped all shipping for six hours.',
      'Otherwise people planned the next sprint and tidied the backlog.',
      'Some time went into onboarding two new colleagues and updating the handbook pages for them.',
    ].join(' ');
    const items: SummaryItem[] = [
      { id: 'w1', text: long, ts: '2024-04-29' },
      {
        id: 'w2',
        text: 'A quiet week of planning with the warehouse scanner replacement ordered.',
        ts: '2024-05-06',
      },
    ];
    const { highlights } = await summarizer.summarize(request(items, { level: 'month', background: [] }));
    expect(highlights).not.toContain(long.trim());
    for (const h of highlights) expect(items.some((i) => i.text.includes(h))).toBe(true);
    expect(highlights.some((h) => h.includes('scanner outage'))).toBe(true);
  });
});

describe('activeUsers', () => {
  it('ranks speakers by count, ties by name, at most five', async () => {
    const speakerCounts = { bob: 5, alice: 5, carol: 9, dave: 1, erin: 2, frank: 2 };
    const draft = await summarizer.summarize(request(messages(5), { speakerCounts }));
    expect(draft.activeUsers).toEqual(['carol', 'alice', 'bob', 'erin', 'frank']);
  });

  it('counts the items when no counts are given', () => {
    const items: SummaryItem[] = [
      { id: '1', text: 'a', speaker: 'zoe' },
      { id: '2', text: 'b', speaker: 'yann' },
      { id: '3', text: 'c', speaker: 'zoe' },
      { id: '4', text: 'd' },
    ];
    expect(rankSpeakers({}, items)).toEqual(['zoe', 'yann']);
  });
});
