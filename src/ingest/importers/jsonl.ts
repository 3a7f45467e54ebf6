import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { z } from 'zod';
import { type MemoryInput, memoryInputSchema } from '../../domain/memory.js';

/** One line of an import: a valid memory, or the reason it was rejected. Line numbers start at 1. */
export type ImportLine = { line: number; memory: MemoryInput } | { line: number; error: string };

/**
 * Streams a JSON Lines file of memories, one object per line, without loading the file.
 * A bad line is reported and the rest carry on, so one typo does not sink a long import.
 */
export async function* readJsonl(path: string): AsyncGenerator<ImportLine> {
  for await (const { line, text } of readLines(path)) yield parseJsonlLine(line, text);
}

/**
 * The non-blank lines of a file, streamed, a byte-order mark dropped. Blank lines are skipped but still counted,
 * so line numbers (from 1) match an editor's.
 */
export async function* readLines(path: string): AsyncGenerator<{ line: number; text: string }> {
  // Opening first makes a missing file fail here with its own error instead of inside readline.
  const handle = await open(path, 'r');
  const lines = createInterface({
    input: handle.createReadStream({ encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let line = 0;
  try {
    for await (const raw of lines) {
      line += 1;
      const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (text.trim() === '') continue;
      yield { line, text };
    }
  } finally {
    lines.close();
    await handle.close();
  }
}

/** Parses and validates one non-blank line. */
export function parseJsonlLine(line: number, text: string): ImportLine {
  const parsed = parseLine(line, text, memoryInputSchema);
  return 'error' in parsed ? { line, error: parsed.error } : { line, memory: parsed.value };
}

/** One line as JSON, validated by a schema: its value, or why it was rejected ("line 3: ts: ..."). */
export function parseLine<T>(
  line: number,
  text: string,
  schema: z.ZodType<T>,
): { value: T } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { error: `line ${line}: invalid JSON (${(err as Error).message})` };
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? { value: parsed.data } : { error: `line ${line}: ${describeIssues(parsed.error)}` };
}

/** "ts: must be an ISO 8601 ...; meta.mood: Invalid input" — each issue with the field path it concerns. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
