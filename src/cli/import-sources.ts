import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { EraParameters } from '../domain/era.js';
import type { MemoryInput } from '../domain/memory.js';
import { readJsonl } from '../ingest/importers/jsonl.js';
import { readLocomoFile } from '../ingest/importers/locomo.js';
import { exportHeader, readExport } from '../ingest/importers/strata-export.js';
import { telegramMemories } from '../ingest/importers/telegram.js';
import { checkGroupId, UsageError } from './args.js';

export const IMPORT_FORMATS = ['jsonl', 'locomo', 'telegram', 'strata'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** A line of a JSON Lines file that was not a valid memory. */
export interface RejectedLine {
  line: number;
  error: string;
}

/** The memories bound for one group, streamed or in hand, with what was left out on the way. */
export interface ImportSource {
  groupId: string;
  /** What the memories came from: the file, a LoCoMo sample, a Telegram chat. */
  label: string;
  memories: AsyncIterable<MemoryInput> | MemoryInput[];
  /** Units of progress (lines or messages) this source will report, when known up front. */
  total: number;
  /** Progress units consumed once `written` memories are written. */
  position(written: number): number;
  rejected: RejectedLine[];
  /** Messages an export holds that are not memories (service messages, stickers...), by reason. */
  skipped: Map<string, number>;
  /** Group settings the source carries (a Strata export's), applied before its memories are written. */
  settings?: { timezone: string; eras?: EraParameters | null | undefined };
}

/**
 * The format of a file from its name and first bytes: a first line that is a Strata export's header is a Strata
 * export; .jsonl/.ndjson are JSON Lines; a JSON array is LoCoMo; an object whose first line is a complete JSON
 * object is JSON Lines, any other object a Telegram export.
 */
export function detectFormat(fileName: string, head: string): ImportFormat {
  if (exportHeader(firstLine(head))) return 'strata';
  const ext = extname(fileName).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('[')) return 'locomo';
  if (text.startsWith('{')) {
    try {
      JSON.parse(firstLine(text));
      return 'jsonl';
    } catch {
      return 'telegram';
    }
  }
  throw new UsageError(
    `cannot tell the format of ${fileName}: pass --format ${IMPORT_FORMATS.join('|')}`,
    'import',
  );
}

function firstLine(head: string): string {
  return (
    head
      .replace(/^\uFEFF/, '')
      .trimStart()
      .split(/\r?\n/, 1)[0] ?? ''
  );
}

/** Reads the first 64 KiB; a missing or unreadable file is a usage error, since nothing was imported. */
export async function readHead(path: string): Promise<string> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`, 'import');
  }
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** Where each format's memories go: one group for JSON Lines, a group per LoCoMo sample or per Telegram chat. */
export async function importSources(
  path: string,
  format: ImportFormat,
  group: string | undefined,
): Promise<ImportSource[]> {
  if (format === 'jsonl') {
    if (!group) {
      throw new UsageError('missing --group <id>: a JSON Lines file is imported into one group', 'import');
    }
    return [await jsonlSource(path, group)];
  }
  if (format === 'strata') return [await exportSource(path, group)];
  if (format === 'locomo') {
    const conversations = await readLocomoFile(path);
    return conversations.map((c) =>
      arraySource(derivedGroupId(`${group ?? 'locomo'}-${c.sampleId}`), `LoCoMo ${c.sampleId}`, c.memories),
    );
  }
  const chats = telegramMemories(await readJson(path));
  return chats
    .filter((chat) => chat.memories.length > 0 || chat.skipped.length > 0)
    .map((chat) => {
      const groupId = group ?? derivedGroupId(`tg-${telegramChatId(chat.memories[0]?.id)}`);
      const source = arraySource(groupId, `Telegram chat "${chat.chat}"`, chat.memories);
      for (const s of chat.skipped) source.skipped.set(s.reason, (source.skipped.get(s.reason) ?? 0) + 1);
      return source;
    });
}

/** Streams the file line by line; rejected lines are collected and the valid memories flow on. */
async function jsonlSource(path: string, groupId: string): Promise<ImportSource> {
  const total = await countLines(path);
  let lastLine = 0;
  const rejected: RejectedLine[] = [];
  async function* memories(): AsyncGenerator<MemoryInput> {
    for await (const item of readJsonl(path)) {
      lastLine = item.line;
      if ('memory' in item) yield item.memory;
      else rejected.push({ line: item.line, error: item.error.replace(/^line \d+: /, '') });
    }
  }
  return {
    groupId,
    label: path,
    memories: memories(),
    total,
    // Rejected and blank lines move progress on too, so it reaches 100% at the last line.
    position: () => lastLine,
    rejected,
    skipped: new Map(),
  };
}

/**
 * A Strata export goes to --group, else back to the group it came from, with its settings. Its memories flow on;
 * summaries and eras are counted as skipped (the cycle rebuilds them); an export without its end line, or whose
 * end line counts other than what was read, was cut short, and says so as a rejected line.
 */
async function exportSource(path: string, group: string | undefined): Promise<ImportSource> {
  const header = exportHeader(firstLine(await readHead(path)));
  if (!header) throw new UsageError(`${path} does not start with a Strata export header`, 'import');
  const total = await countLines(path);
  let lastLine = 0;
  const rejected: RejectedLine[] = [];
  const skipped = new Map<string, number>();
  async function* memories(): AsyncGenerator<MemoryInput> {
    let read = 0;
    let end: { line: number; memories: number } | null = null;
    for await (const item of readExport(path)) {
      lastLine = item.line;
      if ('memory' in item) {
        read += 1;
        yield item.memory;
      } else if ('error' in item)
        rejected.push({ line: item.line, error: item.error.replace(/^line \d+: /, '') });
      else if ('skipped' in item) {
        const reason = `${item.skipped} (the cycle rebuilds it)`;
        skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
      } else if ('end' in item) end = { line: item.line, memories: item.end.memories };
    }
    if (!end)
      rejected.push({ line: lastLine, error: 'the export ends without its end line: it was cut short' });
    else if (end.memories !== read)
      rejected.push({
        line: end.line,
        error: `the end line counts ${end.memories} memories, the file holds ${read}`,
      });
  }
  return {
    groupId: group ?? derivedGroupId(header.groupId),
    label: `Strata export of ${header.groupId} (${header.exportedAt})`,
    memories: memories(),
    total,
    position: () => lastLine,
    rejected,
    skipped,
    settings: header.settings,
  };
}

function arraySource(groupId: string, label: string, memories: MemoryInput[]): ImportSource {
  return {
    groupId,
    label,
    memories,
    total: memories.length,
    position: (written) => written,
    rejected: [],
    skipped: new Map(),
  };
}

/** The importer names Telegram memories `tg-<chatId>-<messageId>`; the chat id is what lies between. */
function telegramChatId(memoryId: string | undefined): string {
  return /^tg-(.+)-\d+$/.exec(memoryId ?? '')?.[1] ?? 'unknown';
}

/** Ids built from the data (sample ids, chat ids) must still be valid group ids. */
function derivedGroupId(id: string): string {
  return checkGroupId(id, 'derived group id', 'import');
}

async function readJson(path: string): Promise<unknown> {
  const raw = await readFile(path, 'utf8');
  try {
    return JSON.parse(raw.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Line count without holding the file, for a progress total (a last line without a newline counts). */
export async function countLines(path: string): Promise<number> {
  let lines = 0;
  let last = 10;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
    if (chunk.length > 0) last = chunk[chunk.length - 1] as number;
  }
  return last === 10 ? lines : lines + 1;
}
