import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.js';
import { countLines, detectFormat, importSources, readHead } from '../../src/cli/import-sources.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'strata-cli-'));

describe('detectFormat', () => {
  it('trusts .jsonl and .ndjson names', () => {
    expect(detectFormat('a.jsonl', '[')).toBe('jsonl');
    expect(detectFormat('A.NDJSON', '')).toBe('jsonl');
  });

  it('reads the content of anything else', () => {
    expect(detectFormat('x.json', '\uFEFF  [\n  {"sample_id": "conv-1"')).toBe('locomo');
    expect(detectFormat('x.json', '{\n  "name": "Crew",\n  "messages": [')).toBe('telegram');
    expect(detectFormat('x.txt', '{"text":"hi","speaker":"a","ts":"2024-01-01T00:00:00Z"}\n{"text"')).toBe(
      'jsonl',
    );
  });

  it('asks for --format when it cannot tell', () => {
    expect(() => detectFormat('notes.txt', 'hello')).toThrow(UsageError);
    expect(() => detectFormat('notes.txt', 'hello')).toThrow(/--format jsonl\|locomo\|telegram/);
  });

  it('recognises the fixtures', async () => {
    expect(detectFormat('m', await readHead(fixture('memories.jsonl')))).toBe('jsonl');
    expect(detectFormat('m', await readHead(fixture('locomo/mini.json')))).toBe('locomo');
    expect(detectFormat('m', await readHead(fixture('telegram/chat-export.json')))).toBe('telegram');
    expect(detectFormat('m', await readHead(fixture('telegram/account-export.json')))).toBe('telegram');
  });
});

describe('countLines', () => {
  it('counts a last line without a newline, and an empty file as none', async () => {
    const file = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };
    expect(await countLines(file('a', 'x\ny\n'))).toBe(2);
    expect(await countLines(file('b', 'x\ny'))).toBe(2);
    expect(await countLines(file('c', ''))).toBe(0);
    expect(await countLines(fixture('memories.jsonl'))).toBe(9);
  });
});

describe('importSources', () => {
  it('streams JSON Lines, collecting rejects with their line numbers', async () => {
    const [source] = await importSources(fixture('memories.jsonl'), 'jsonl', 'g1');
    if (!source) throw new Error('no source');
    const memories = [];
    for await (const m of source.memories) memories.push(m);
    expect(memories.map((m) => m.id ?? m.text)).toEqual(['m-1', 'No id here, hash it', 'm-8']);
    expect(source.rejected.map((r) => r.line)).toEqual([4, 5, 7, 8]);
    expect(source.rejected[0]?.error).toMatch(/^invalid JSON/);
    expect(source.position(3)).toBe(9);
    expect(source.total).toBe(9);
  });

  it('names groups after LoCoMo samples and Telegram chats', async () => {
    expect(
      (await importSources(fixture('locomo/mini.json'), 'locomo', undefined)).map((s) => s.groupId),
    ).toEqual(['locomo-conv-mini']);
    const chats = await importSources(fixture('telegram/account-export.json'), 'telegram', undefined);
    expect(chats.map((s) => s.groupId)).toEqual(['tg-7730418', 'tg-5512093']);
    const into = await importSources(fixture('telegram/account-export.json'), 'telegram', 'mine');
    expect(into.map((s) => s.groupId)).toEqual(['mine', 'mine']);
  });
});
