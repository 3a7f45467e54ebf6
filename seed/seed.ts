import type { CycleReport } from '../src/domain/cycle-report.js';
import { GROUP_ID_PATTERN } from '../src/domain/ids.js';
import { localDate, startOfLocalDay } from '../src/domain/periods.js';
import { importInBatches } from '../src/ingest/batches.js';
import { cycleWhenLeaseFree } from '../src/jobs/lease-wait.js';
import type { Strata } from '../src/strata.js';
import { type DemoGroup, generateDemo, type PlantedEntity, type PlantedEra } from './generator.js';
import { plantedIn } from './planted-entities.js';

/** What seeding needs of Strata: the ingest and settings services, and the cycle. */
export type SeedTarget = Pick<Strata, 'services' | 'cycle'>;

export interface SeedOptions {
  groups?: number;
  months?: number;
  messagesPerDay?: number;
  seed?: number;
  timezone?: string;
  /** Groups are `<prefix>-1`, `<prefix>-2`, ...; the default `demo` gives the generator's own ids. */
  prefix?: string;
  /** First day (YYYY-MM-DD); by default `months` months before today, so the data ends yesterday. */
  start?: string;
  /** The clock: picks "today" and is the cycle's now. Tests pin it; the CLI uses the real time. */
  now?: Date;
  batchSize?: number;
  onProgress?: (progress: SeedProgress) => void;
}

export interface SeedProgress {
  groupId: string;
  stage: 'ingest' | 'cycle';
  done: number;
  total: number;
  created: number;
  existing: number;
}

export interface SeededGroup {
  groupId: string;
  timezone: string;
  /** First day of data (YYYY-MM-DD, group time zone). */
  start: string;
  /** Day after the last day of data (exclusive): today, unless --start put the data in the past. */
  end: string;
  memories: number;
  created: number;
  existing: number;
  plantedEras: PlantedEra[];
  /** The named entities its memories name, and by which spellings: what its entity profiles should show. */
  plantedEntities: PlantedEntity[];
  report: CycleReport;
}

/**
 * Loads demo groups with planted topic eras and rolls them up, so a fresh Neo4j shows memories,
 * summaries at every level and eras straight away. Memory ids come from the generator, so running it
 * again on the same day creates nothing. Each group is ingested and cycled before the next one starts.
 */
export async function seedDemo(
  strata: SeedTarget,
  options: SeedOptions = {},
): Promise<{ groups: SeededGroup[] }> {
  const now = options.now ?? new Date();
  const timezone = options.timezone ?? 'UTC';
  const months = options.months ?? 6;
  const prefix = options.prefix ?? 'demo';
  const today = localDate(now, timezone);
  const start = options.start ?? demoStart(today, months);
  const generated = generateDemo({
    seed: options.seed ?? 1,
    groups: options.groups ?? 2,
    months,
    messagesPerDay: options.messagesPerDay ?? 40,
    start,
    timezone,
  });

  const groups: SeededGroup[] = [];
  for (const [i, raw] of generated.entries()) {
    const group = endBefore(renameGroup(raw, seedGroupId(prefix, i + 1)), today);
    groups.push(await seedGroup(strata, group, start, now, options));
  }
  return { groups };
}

async function seedGroup(
  strata: SeedTarget,
  group: DemoGroup,
  start: string,
  now: Date,
  options: SeedOptions,
): Promise<SeededGroup> {
  const { groupId, timezone } = group;
  // The zone cuts the calendar periods, so it must be in place before the first cycle.
  const zone = await strata.services.setTimezone(groupId, timezone);
  if (!zone.allowed) {
    throw new Error(
      `group ${groupId} already has summaries cut in ${zone.previousTimezone}; ` +
        `seed with --timezone ${zone.previousTimezone}, another --prefix, or delete the group first`,
    );
  }
  const total = group.memories.length;
  const totals = await importInBatches(group.memories, (batch) => strata.services.ingest(groupId, batch), {
    batchSize: options.batchSize ?? 1000,
    onProgress: (p) => options.onProgress?.({ groupId, stage: 'ingest', total, ...p }),
  });
  options.onProgress?.({
    groupId,
    stage: 'cycle',
    done: 0,
    total: 1,
    created: totals.created,
    existing: totals.existing,
  });
  // With the app running beside it (docker compose), its scheduler may hold the group's lease: wait for it.
  const { report } = await cycleWhenLeaseFree(() => strata.cycle(groupId, { now }), { waitMs: 120_000 });
  options.onProgress?.({
    groupId,
    stage: 'cycle',
    done: 1,
    total: 1,
    created: totals.created,
    existing: totals.existing,
  });
  return {
    groupId,
    timezone,
    start,
    end: group.plantedEras.at(-1)?.end ?? start,
    memories: total,
    created: totals.created,
    existing: totals.existing,
    plantedEras: group.plantedEras,
    plantedEntities: group.plantedEntities,
    report,
  };
}

/**
 * The day exactly `months` months before today, so the generated data runs up to yesterday. When that
 * month is too short (today the 31st, three months back in February) it is the 1st of the month after,
 * and the days that would run past yesterday are dropped.
 */
export function demoStart(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const daysInMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const start =
    d <= daysInMonth
      ? Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), d)
      : Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1);
  return new Date(start).toISOString().slice(0, 10);
}

export function seedGroupId(prefix: string, n: number): string {
  const id = `${prefix}-${n}`;
  if (!GROUP_ID_PATTERN.test(id)) {
    throw new RangeError(`prefix "${prefix}" does not make valid group ids (letters, digits, ".", "_", "-")`);
  }
  return id;
}

/**
 * The generator names groups demo-N and embeds that in memory and session ids; another group id gets
 * its own ids, since memory ids are unique across groups and must not collide with a real demo seed.
 */
export function renameGroup(group: DemoGroup, groupId: string): DemoGroup {
  if (group.groupId === groupId) return group;
  const swap = (value: string, from: string, to: string) =>
    value.startsWith(from) ? to + value.slice(from.length) : value;
  return {
    ...group,
    groupId,
    memories: group.memories.map((m) => ({
      ...m,
      ...(m.id ? { id: swap(m.id, `seed-${group.groupId}-`, `seed-${groupId}-`) } : {}),
      ...(m.sessionId ? { sessionId: swap(m.sessionId, `${group.groupId}-`, `${groupId}-`) } : {}),
    })),
  };
}

/**
 * Drops memories dated `day` (local) or later, and the planted eras with them: no demo data from the future. The
 * planted entities are those the kept memories still name.
 */
export function endBefore(group: DemoGroup, day: string): DemoGroup {
  const cutoff = startOfLocalDay(day, group.timezone).getTime();
  const memories = group.memories.filter((m) => Date.parse(m.ts) < cutoff);
  return {
    ...group,
    memories,
    plantedEntities:
      memories.length === group.memories.length
        ? group.plantedEntities
        : plantedIn(
            group.plantedEntities,
            memories.map((m) => m.text),
          ),
    plantedEras: group.plantedEras
      .filter((e) => e.start < day)
      .map((e) => (e.end > day ? { ...e, end: day } : e)),
  };
}
