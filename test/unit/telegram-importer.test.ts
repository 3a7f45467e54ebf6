import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryInputSchema } from '../../src/domain/memory.js';
import { flattenTelegramText, telegramMemories } from '../../src/ingest/importers/telegram.js';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../fixtures/telegram/${name}`, import.meta.url), 'utf8'));
}

describe('telegramMemories', () => {
  it('turns a single-chat export into memories with ids, UTC times, speakers and meta', () => {
    const chats = telegramMemories(fixture('chat-export.json'));
    expect(chats).toHaveLength(1);
    const [chat] = chats;
    expect(chat.chat).toBe('Climbing Crew');
    expect(chat.memories.map((m) => m.id)).toEqual([
      'tg-1873456201-102',
      'tg-1873456201-103',
      'tg-1873456201-106',
      'tg-1873456201-107',
    ]);
    expect(chat.memories[0]).toEqual({
      id: 'tg-1873456201-102',
      text: 'Bouldering on Saturday? The new wall opens at 10',
      speaker: 'Dana Whitfield',
      ts: '2023-03-04T09:16:40.000Z',
      meta: { chat: 'Climbing Crew', messageId: 102 },
    });
    expect(chat.memories[1]).toEqual({
      id: 'tg-1873456201-103',
      text: 'Yes! @dana_w I booked two slots, details here: https://example.org/slots bring chalk',
      speaker: 'Rui Santos',
      ts: '2023-03-04T09:20:11.000Z',
      meta: { chat: 'Climbing Crew', messageId: 103, replyToMessageId: 102 },
    });
    // A photo with a caption keeps its caption as text.
    expect(chat.memories[2].text).toBe('The overhang problem that beat me 😤');
    // A deleted account has no name; its id stands in.
    expect(chat.memories[3].speaker).toBe('user9001234');
    for (const m of chat.memories) expect(memoryInputSchema.safeParse(m).success).toBe(true);
  });

  it('skips service messages and messages without text, saying why', () => {
    const [chat] = telegramMemories(fixture('chat-export.json'));
    expect(chat.skipped.map((s) => s.index)).toEqual([0, 3, 4, 7]);
    expect(chat.skipped[0].reason).toMatch(/service/);
    expect(chat.skipped[1].reason).toMatch(/no text/);
    expect(chat.skipped[2].reason).toMatch(/no text/);
    expect(chat.skipped[3].reason).toMatch(/service/);
  });

  it('returns one entry per chat of a whole-account export', () => {
    const chats = telegramMemories(fixture('account-export.json'));
    expect(chats.map((c) => c.chat)).toEqual(['Rui Santos', 'chat 5512093']);
    expect(chats[0].memories[0]).toMatchObject({
      id: 'tg-7730418-9001',
      ts: '2023-06-01T21:45:00.000Z',
      speaker: 'Rui Santos',
    });
    expect(chats[1].memories[0]).toMatchObject({
      id: 'tg-5512093-12',
      text: 'remember to buy new shoes',
      meta: { chat: 'chat 5512093', messageId: 12 },
    });
  });

  it('skips messages whose instant is unknown instead of guessing a zone', () => {
    const [chat] = telegramMemories({
      name: 'Old export',
      id: 1,
      messages: [{ id: 5, type: 'message', date: '2019-01-01T10:00:00', from: 'A', text: 'hi' }],
    });
    expect(chat.memories).toEqual([]);
    expect(chat.skipped).toEqual([{ index: 0, reason: 'no date_unixtime' }]);
  });

  it('rejects something that is not a Telegram export', () => {
    expect(() => telegramMemories({ foo: 1 })).toThrow(/not a Telegram Desktop JSON export/);
    expect(() => telegramMemories(null)).toThrow(/not a Telegram Desktop JSON export/);
  });
});

describe('flattenTelegramText', () => {
  it('joins plain strings and entity texts in order', () => {
    expect(
      flattenTelegramText(['see ', { type: 'text_link', text: 'the docs' }, ' now', { type: 'code' }]),
    ).toBe('see the docs now');
    expect(flattenTelegramText('plain')).toBe('plain');
    expect(flattenTelegramText(undefined)).toBe('');
  });
});
