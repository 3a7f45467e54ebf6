import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryInputSchema } from '../../src/domain/memory.js';
import {
  cleanEvidence,
  locomoConversations,
  parseLocomoDate,
  readLocomoFile,
} from '../../src/ingest/importers/locomo.js';

const FIXTURE = new URL('../fixtures/locomo/mini.json', import.meta.url).pathname;
const DATASET = new URL('../../../shared/bench/locomo/locomo-dev.json', import.meta.url).pathname;

describe('parseLocomoDate', () => {
  it('reads afternoon times as UTC wall-clock', () => {
    expect(parseLocomoDate('1:56 pm on 8 May, 2023').toISOString()).toBe('2023-05-08T13:56:00.000Z');
  });

  it('treats 12 am as midnight and 12 pm as noon', () => {
    expect(parseLocomoDate('12:05 am on 1 June, 2023').toISOString()).toBe('2023-06-01T00:05:00.000Z');
    expect(parseLocomoDate('12:05 pm on 1 June, 2023').toISOString()).toBe('2023-06-01T12:05:00.000Z');
    expect(parseLocomoDate('10:37 am on 27 June, 2023').toISOString()).toBe('2023-06-27T10:37:00.000Z');
  });

  it('rejects what is not a LoCoMo date-time', () => {
    expect(() => parseLocomoDate('2023-05-08 13:56')).toThrow(/not a LoCoMo date-time/);
    expect(() => parseLocomoDate('13:56 pm on 8 May, 2023')).toThrow(/not a LoCoMo date-time/);
    expect(() => parseLocomoDate('1:56 pm on 8 Smarch, 2023')).toThrow(/not a LoCoMo date-time/);
    expect(() => parseLocomoDate('1:56 pm on 31 June, 2023')).toThrow(/not a calendar date/);
  });
});

describe('locomoConversations', () => {
  it("keeps the dataset's summary of each session, by number, where it has them", () => {
    const sample = (extra: object) => ({
      sample_id: 's',
      conversation: {
        speaker_a: 'Ada',
        speaker_b: 'Ben',
        session_1_date_time: '1:56 pm on 8 May, 2023',
        session_1: [{ speaker: 'Ada', dia_id: 'D1:1', text: 'Hi' }],
      },
      ...extra,
    });
    const [withSummaries, without] = locomoConversations([
      sample({ session_summary: { session_1_summary: 'Ada said hi.', session_2_summary: 3 } }),
      sample({}),
    ]);
    expect(withSummaries?.sessionSummaries).toEqual({ 1: 'Ada said hi.' });
    expect(without?.sessionSummaries).toBeUndefined();
  });

  it('maps every turn to a memory with ids, session, time and image captions', async () => {
    const [conv] = await readLocomoFile(FIXTURE);
    expect(conv.sampleId).toBe('conv-mini');
    expect(conv.speakers).toEqual(['Ada', 'Ben']);
    expect(conv.memories.map((m) => m.id)).toEqual([
      'locomo-conv-mini-D1:1',
      'locomo-conv-mini-D1:2',
      'locomo-conv-mini-D1:3',
      'locomo-conv-mini-D2:1',
      'locomo-conv-mini-D2:2',
    ]);
    expect(conv.memories[1]).toEqual({
      id: 'locomo-conv-mini-D1:2',
      text: 'Great, look at this view! [shared image: a photo of a mountain lake at sunset]',
      speaker: 'Ben',
      ts: '2023-05-08T13:57:00.000Z',
      sessionId: 'conv-mini-session_1',
      meta: { diaId: 'D1:2', session: 1 },
    });
    // A caption without an image url still marks a shared image.
    expect(conv.memories[4].text).toBe(
      'Me neither. I framed a print of it. [shared image: a framed picture hanging on a wall]',
    );
    expect(conv.memories[0].text).toBe('Hi Ben, how was the climbing trip?');
    expect(conv.memories.slice(3).map((m) => m.ts)).toEqual([
      '2023-06-01T00:05:00.000Z',
      '2023-06-01T00:06:00.000Z',
    ]);
    expect(conv.memories[3].sessionId).toBe('conv-mini-session_2');
    for (const m of conv.memories) expect(memoryInputSchema.safeParse(m).success).toBe(true);
  });

  it('keeps the questions, cleans evidence and carries adversarial answers', async () => {
    const [conv] = await readLocomoFile(FIXTURE);
    expect(conv.questions).toEqual([
      { question: 'Where did Ben go?', answer: 'a climbing trip', evidence: ['D1:1', 'D1:2'], category: 4 },
      { question: 'When did Ada frame the print?', answer: '2023', evidence: ['D2:2', 'D1:3'], category: 2 },
      {
        question: 'What did Ben buy at the lake?',
        answer: '',
        evidence: ['D1:2'],
        category: 5,
        adversarialAnswer: 'a kayak',
      },
    ]);
    expect(cleanEvidence(['D8:6; D9:17', 'D3', 'D10:2'])).toEqual(['D8:6', 'D9:17', 'D10:2']);
  });

  it('renames both speakers when asked', async () => {
    const [conv] = await readLocomoFile(FIXTURE, { renameSpeakers: ['Speaker 1', 'Speaker 2'] });
    expect(conv.speakers).toEqual(['Speaker 1', 'Speaker 2']);
    expect(conv.memories.map((m) => m.speaker)).toEqual([
      'Speaker 1',
      'Speaker 2',
      'Speaker 1',
      'Speaker 2',
      'Speaker 1',
    ]);
  });

  it('rejects data that is not a LoCoMo array', () => {
    expect(() => locomoConversations({ sample_id: 'x' })).toThrow(/JSON array/);
    expect(() => locomoConversations([{ conversation: {} }])).toThrow(/sample 0/);
  });

  it('says where the dataset should be when the file is missing', async () => {
    await expect(readLocomoFile('/nonexistent/locomo.json')).rejects.toThrow(
      /LoCoMo file not found: \/nonexistent\/locomo.json.*shared\/bench\/locomo\/locomo-dev.json/,
    );
  });

  it.runIf(existsSync(DATASET))(
    'reads the real dataset subset into valid, time-ordered memories',
    async () => {
      const convs = await readLocomoFile(DATASET);
      expect(convs.map((c) => c.sampleId)).toEqual(['conv-26', 'conv-30', 'conv-41']);
      for (const conv of convs) {
        const ids = new Set(conv.memories.map((m) => m.id));
        expect(ids.size).toBe(conv.memories.length);
        const times = conv.memories.map((m) => Date.parse(m.ts));
        expect(times).toEqual([...times].sort((a, b) => a - b));
        for (const m of conv.memories) expect(memoryInputSchema.safeParse(m).success).toBe(true);
        const diaIds = new Set(conv.memories.map((m) => m.meta?.diaId));
        for (const q of conv.questions) for (const e of q.evidence) expect(e).toMatch(/^D\d+:\d+$/);
        // Nearly all evidence points at a real turn (the dataset has a handful of dangling ids).
        const evidence = conv.questions.flatMap((q) => q.evidence);
        const found = evidence.filter((e) => diaIds.has(e)).length;
        expect(found / evidence.length).toBeGreaterThan(0.98);
      }
      expect(convs[0].memories[0]).toMatchObject({
        id: 'locomo-conv-26-D1:1',
        speaker: 'Caroline',
        ts: '2023-05-08T13:56:00.000Z',
        sessionId: 'conv-26-session_1',
      });
    },
  );
});
