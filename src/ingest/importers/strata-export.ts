import { type ExportHeader, exportHeaderSchema, exportLineSchema } from '../../domain/group-export.js';
import type { MemoryInput } from '../../domain/memory.js';
import { parseLine, readLines } from './jsonl.js';

/** One line of a Strata export as the importer sees it. */
export type ExportImportLine =
  | { line: number; header: ExportHeader }
  | { line: number; memory: MemoryInput }
  /** Summaries and eras: the cycle rebuilds them from the memories. */
  | { line: number; skipped: 'summary' | 'era' }
  | { line: number; end: { memories: number } }
  | { line: number; error: string };

/** The header of an export, from its first line; null when the line is not one. */
export function exportHeader(firstLine: string): ExportHeader | null {
  try {
    const parsed = exportHeaderSchema.safeParse(JSON.parse(firstLine));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Streams an export (domain/group-export.ts) line by line; a bad line is reported and the rest carry on. */
export async function* readExport(path: string): AsyncGenerator<ExportImportLine> {
  for await (const { line, text } of readLines(path)) yield parseExportLine(line, text);
}

export function parseExportLine(line: number, text: string): ExportImportLine {
  const parsed = parseLine(line, text, exportLineSchema);
  if ('error' in parsed) return { line, error: parsed.error };
  const data = parsed.value;
  switch (data.kind) {
    case 'strata-export':
      return { line, header: data };
    case 'memory': {
      const { kind: _, ...memory } = data;
      return { line, memory };
    }
    case 'end':
      return { line, end: { memories: data.memories } };
    default:
      return { line, skipped: data.kind };
  }
}
