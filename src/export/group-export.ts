import type { Era, EraParameters } from '../domain/era.js';
import { EXPORT_FORMAT, type ExportLine, exportedMemory } from '../domain/group-export.js';
import { SUMMARY_LEVELS } from '../domain/levels.js';
import type { Group } from '../domain/summary.js';
import { GroupGoneError } from '../errors.js';
import type { ExportCursor, ExportRepository } from '../graph/exports.js';

export interface ExportDeps {
  repo: Pick<ExportRepository, 'memoriesAfter' | 'summariesAfter'>;
  group(groupId: string): Promise<Group | null>;
  eras(groupId: string): Promise<Era[]>;
  /** The group's own era parameters ({} for none). */
  eraParameters(groupId: string): Promise<EraParameters>;
}

/** Rows a page reads: small enough that a page holds a few MB, large enough that round trips do not dominate. */
export const EXPORT_PAGE = 10_000;

/**
 * A group's export, line by line (domain/group-export.ts), read a page at a time so that it runs in constant memory
 * whatever the group's size: the caller writes each line before the next page is read.
 */
export async function* exportGroup(
  deps: ExportDeps,
  groupId: string,
  options: { summaries: boolean; pageSize?: number; now?: Date },
): AsyncGenerator<ExportLine> {
  const [group, eraParameters] = await Promise.all([deps.group(groupId), deps.eraParameters(groupId)]);
  if (!group) throw new GroupGoneError(groupId);
  const pageSize = options.pageSize ?? EXPORT_PAGE;
  yield {
    kind: 'strata-export',
    format: EXPORT_FORMAT,
    groupId,
    exportedAt: (options.now ?? new Date()).toISOString(),
    settings: {
      timezone: group.timezone,
      ...(Object.keys(eraParameters).length > 0 ? { eras: eraParameters } : {}),
    },
    memories: group.memories,
    summaries: options.summaries,
  };
  let memories = 0;
  let cursor: ExportCursor | null = null;
  do {
    const page = await deps.repo.memoriesAfter(groupId, cursor, pageSize);
    for (const row of page.rows) yield exportedMemory(row);
    memories += page.rows.length;
    cursor = page.next;
  } while (cursor);

  let summaries = 0;
  let eras = 0;
  if (options.summaries) {
    for (const level of SUMMARY_LEVELS) {
      let after: ExportCursor | null = null;
      do {
        const page = await deps.repo.summariesAfter(groupId, level, after, pageSize);
        for (const { summary, children } of page.rows) yield { kind: 'summary', ...summary, children };
        summaries += page.rows.length;
        after = page.next;
      } while (after);
    }
    for (const era of await deps.eras(groupId)) {
      yield { kind: 'era', ...era };
      eras += 1;
    }
  }
  yield { kind: 'end', memories, summaries, eras };
}
