import type { ApiServices } from '../../api/services.js';
import { MAX_BATCH } from '../../domain/memory.js';
import { importInBatches } from '../../ingest/batches.js';
import { type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import {
  detectFormat,
  IMPORT_FORMATS,
  type ImportFormat,
  type ImportSource,
  importSources,
  type RejectedLine,
  readHead,
} from '../import-sources.js';
import { plural, printJson, tableWidth } from '../output.js';
import { createProgress } from '../progress.js';
import { formatTable, truncate } from '../table.js';

export interface ImportOptions {
  file: string;
  group?: string;
  format?: ImportFormat;
  batch: number;
  allowRejects: boolean;
  json: boolean;
}

interface GroupResult {
  groupId: string;
  source: string;
  memories: number;
  created: number;
  existing: number;
  rejected: number;
  skipped: number;
}

/** Rejected lines shown in full; the rest are counted. */
const SHOWN_REJECTS = 20;

export const importCommand: CommandSpec<ImportOptions> = {
  name: 'import',
  summary: 'Import memories from JSON Lines, a LoCoMo file, a Telegram Desktop export or a Strata export',
  synopsis: '<file> [--group <id>] [--format jsonl|locomo|telegram|strata] [options]',
  description: [
    'The format comes from the file name and content unless --format says. JSON Lines (one memory per line)',
    'goes to --group. A LoCoMo file imports each conversation as group <group>-<sampleId> (locomo-<sampleId>',
    'without --group). A Telegram export imports each chat into --group (tg-<chatId> without it).',
    'A Strata export (strata export) goes to --group, else to the group it came from, with its time zone; its',
    'summaries and eras are skipped (the cycle rebuilds them).',
    'Re-running is safe: memories already stored are counted as existing and left unchanged.',
    'Exits 1 when lines were rejected (the valid ones are imported), unless --allow-rejects.',
  ].join('\n'),
  flags: {
    group: { type: 'string', value: '<id>', description: 'Group to import into (required for JSON Lines)' },
    format: { type: 'string', value: '<format>', description: `One of ${IMPORT_FORMATS.join(', ')}` },
    batch: {
      type: 'string',
      value: '<n>',
      description: `Memories per write, 1-${MAX_BATCH} (default ${MAX_BATCH})`,
    },
    'allow-rejects': { type: 'boolean', description: 'Exit 0 even when some lines were rejected' },
    ...JSON_FLAG,
  },
  positionals: true,
  parse(flags) {
    const [file] = flags.positionals;
    if (!file) throw flags.usage('missing <file>: the file to import');
    flags.atMostPositionals(1);
    return {
      file,
      group: flags.group(),
      format: flags.choice('format', IMPORT_FORMATS),
      batch: flags.int('batch', MAX_BATCH, { min: 1, max: MAX_BATCH }),
      allowRejects: flags.boolean('allow-rejects'),
      json: flags.boolean('json'),
    };
  },
  needs: 'schema',
  async run(options, { backend, stdout, stderr }) {
    const format = options.format ?? detectFormat(options.file, await readHead(options.file));
    const sources = await importSources(options.file, format, options.group);
    const progress = createProgress('import', {
      total: sources.reduce((n, s) => n + s.total, 0),
      stream: stderr,
    });

    const results: GroupResult[] = [];
    let offset = 0;
    try {
      for (const source of sources) {
        if (source.settings) await applySettings(source.groupId, source.settings, backend, stderr);
        const totals = await importInBatches(
          source.memories,
          (batch) => backend.services.ingest(source.groupId, batch),
          {
            batchSize: options.batch,
            onProgress: (p) => progress.update(offset + source.position(p.done), source.groupId),
          },
        );
        offset += source.total;
        results.push(resultOf(source, totals));
      }
    } finally {
      const created = results.reduce((n, r) => n + r.created, 0);
      progress.done(`${plural(created, 'memory', 'memories')} created`);
    }

    const rejected = sources.flatMap((s) => s.rejected);
    const skipped = mergeCounts(sources.map((s) => s.skipped));
    if (options.json) {
      printJson(stdout, {
        file: options.file,
        format,
        groups: results,
        rejected: { count: rejected.length, lines: rejected.slice(0, SHOWN_REJECTS) },
        skipped: { count: sum(skipped.values()), reasons: Object.fromEntries(skipped) },
      });
    } else {
      printReport(stdout, format, results, rejected, skipped);
    }

    if (rejected.length > 0 && !options.allowRejects) {
      stderr.write(
        `${plural(rejected.length, 'line')} rejected. Fix them and run the import again (lines already ` +
          'imported are skipped), or pass --allow-rejects to accept the import as it is.\n',
      );
      return EXIT.failed;
    }
    return EXIT.ok;
  },
};

/**
 * A Strata export's time zone (and era parameters), set on the group before its memories arrive. A group whose calendar summaries are
 * already cut in another zone keeps it, and the import says so: its days would not be the exported ones.
 */
async function applySettings(
  groupId: string,
  settings: NonNullable<ImportSource['settings']>,
  backend: { services: Pick<ApiServices, 'setTimezone' | 'setEraParameters'> },
  stderr: OutStream,
): Promise<void> {
  const result = await backend.services.setTimezone(groupId, settings.timezone);
  if (!result.allowed) {
    stderr.write(
      `note: ${groupId} keeps its time zone ${result.previousTimezone} (it has calendar summaries cut in it); ` +
        `the export's is ${settings.timezone}\n`,
    );
  }
  // The group's own era parameters go with it, so its next cycle finds the eras it had.
  if (settings.eras) await backend.services.setEraParameters(groupId, settings.eras);
}

function resultOf(
  source: ImportSource,
  totals: { done: number; created: number; existing: number },
): GroupResult {
  return {
    groupId: source.groupId,
    source: source.label,
    memories: totals.done,
    created: totals.created,
    existing: totals.existing,
    rejected: source.rejected.length,
    skipped: sum(source.skipped.values()),
  };
}

function printReport(
  out: OutStream,
  format: ImportFormat,
  results: GroupResult[],
  rejected: RejectedLine[],
  skipped: Map<string, number>,
): void {
  const width = tableWidth(out);
  out.write(`format: ${format}\n\n`);
  out.write(
    formatTable(
      [
        { header: 'group' },
        { header: 'memories', align: 'right' },
        { header: 'created', align: 'right' },
        { header: 'existing', align: 'right' },
        { header: 'rejected', align: 'right' },
        { header: 'skipped', align: 'right' },
        { header: 'source', flex: true },
      ],
      results.map((r) =>
        [r.groupId, r.memories, r.created, r.existing, r.rejected, r.skipped, r.source].map(String),
      ),
      width,
    ),
  );
  if (rejected.length > 0) {
    out.write(`\nrejected ${plural(rejected.length, 'line')}:\n`);
    for (const r of rejected.slice(0, SHOWN_REJECTS))
      out.write(`  ${truncate(`line ${r.line}: ${r.error}`, width - 2)}\n`);
    if (rejected.length > SHOWN_REJECTS) out.write(`  ... and ${rejected.length - SHOWN_REJECTS} more\n`);
  }
  if (skipped.size > 0) {
    out.write(`\nskipped ${plural(sum(skipped.values()), 'message')} that are not memories:\n`);
    for (const [reason, count] of [...skipped].sort((a, b) => b[1] - a[1]))
      out.write(`  ${count}  ${reason}\n`);
  }
}

function mergeCounts(maps: Map<string, number>[]): Map<string, number> {
  const merged = new Map<string, number>();
  for (const map of maps) for (const [key, n] of map) merged.set(key, (merged.get(key) ?? 0) + n);
  return merged;
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
