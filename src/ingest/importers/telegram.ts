import { type MemoryInput, memoryInputSchema } from '../../domain/memory.js';

/** The memories of one exported chat, and the messages left out with the reason why. */
export interface TelegramChatImport {
  chat: string;
  memories: MemoryInput[];
  skipped: { index: number; reason: string }[];
}

type TextPart = string | { type?: string; text?: string };

interface RawMessage {
  id?: number;
  type?: string;
  date_unixtime?: string;
  from?: string | null;
  from_id?: string;
  text?: string | TextPart[];
  reply_to_message_id?: number;
}

interface RawChat {
  name?: string | null;
  type?: string;
  id?: number | string;
  messages?: RawMessage[];
}

/**
 * Telegram Desktop's JSON export (result.json): either one chat, or a whole account whose chats sit
 * under chats.list (and left_chats.list). Every chat becomes one entry, so each can go to its own group.
 */
export function telegramMemories(data: unknown): TelegramChatImport[] {
  return exportedChats(data).map(chatMemories);
}

function exportedChats(data: unknown): RawChat[] {
  const d = data as {
    messages?: unknown;
    chats?: { list?: unknown };
    left_chats?: { list?: unknown };
  } | null;
  if (d && Array.isArray(d.messages)) return [d as RawChat];
  if (d && Array.isArray(d.chats?.list)) {
    const left = Array.isArray(d.left_chats?.list) ? (d.left_chats.list as RawChat[]) : [];
    return [...(d.chats.list as RawChat[]), ...left];
  }
  throw new Error(
    'not a Telegram Desktop JSON export: expected a chat with "messages" or an account export with "chats.list"',
  );
}

function chatMemories(chat: RawChat): TelegramChatImport {
  const chatId = String(chat.id ?? 'unknown');
  // Saved Messages and deleted chats may have no name; the id still tells them apart.
  const name = chat.name?.trim() || `chat ${chatId}`;
  const memories: MemoryInput[] = [];
  const skipped: { index: number; reason: string }[] = [];

  (chat.messages ?? []).forEach((message, index) => {
    const result = toMemory(message, chatId, name);
    if (typeof result === 'string') skipped.push({ index, reason: result });
    else memories.push(result);
  });
  return { chat: name, memories, skipped };
}

/** A memory, or why the message is not one. */
function toMemory(message: RawMessage, chatId: string, chatName: string): MemoryInput | string {
  if (message.type !== 'message') return `${message.type ?? 'untyped'} message`;
  const text = flattenTelegramText(message.text).trim();
  if (text === '') return 'no text (sticker, media without caption or empty message)';
  const seconds = Number(message.date_unixtime);
  // The plain "date" field is local time with no zone, so without date_unixtime the instant is unknown.
  if (!message.date_unixtime || !Number.isFinite(seconds)) return 'no date_unixtime';
  const speaker = message.from?.trim() || message.from_id;
  if (!speaker) return 'no sender';

  const meta: Record<string, string | number> = { chat: chatName, messageId: Number(message.id) };
  if (message.reply_to_message_id !== undefined) meta.replyToMessageId = message.reply_to_message_id;

  const candidate = {
    id: `tg-${chatId}-${message.id}`,
    text,
    speaker,
    ts: new Date(seconds * 1000).toISOString(),
    meta,
  };
  const parsed = memoryInputSchema.safeParse(candidate);
  if (!parsed.success) {
    return `invalid: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'memory'}: ${i.message}`).join('; ')}`;
  }
  return parsed.data;
}

/** Telegram splits formatted text into plain strings and entity objects (links, bold, mentions...); join their text. */
export function flattenTelegramText(text: string | TextPart[] | undefined): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  return text.map((part) => (typeof part === 'string' ? part : (part.text ?? ''))).join('');
}
