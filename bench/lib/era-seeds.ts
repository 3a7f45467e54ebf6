import type { PlantedEra } from '../../seed/generator.js';
import { seedDemo, seedGroupId } from '../../seed/seed.js';
import type { DriftChart } from '../../src/domain/drift-chart.js';
import type { Era } from '../../src/domain/era.js';
import { daysBetween } from '../../src/domain/periods.js';
import type { Strata } from '../../src/strata.js';
import type { Deadline } from './cli.js';
import { line } from './format.js';
import { benchGroupId, serveOnLoopback } from './strata.js';

/** A planted boundary counts as found when an era starts within this many days of it. */
export const FOUND_WITHIN_DAYS = 7;

export interface SeedOutcome {
  seed: number;
  planted: string[];
  found: string[];
  /** Planted boundaries with an era start within FOUND_WITHIN_DAYS. */
  hits: number;
  /** Found boundaries with no planted one within FOUND_WITHIN_DAYS. */
  spurious: number;
  /** Planted boundaries followed by fewer than `settleDays` days of data: a cycle leaves them open until more comes. */
  tooRecent: number;
  /** Whether the drift chart's eras start where GET /eras says. */
  chartAgrees: boolean;
}

/** Hits and spurious boundaries of found era starts against planted ones (both without the first era's start). */
export function scoreBoundaries(planted: readonly string[], found: readonly string[]) {
  const near = (a: string, list: readonly string[]) =>
    list.some((b) => Math.abs(daysBetween(a, b)) <= FOUND_WITHIN_DAYS);
  return {
    hits: planted.filter((p) => near(p, found)).length,
    spurious: found.filter((f) => !near(f, planted)).length,
  };
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The demo generator's planted eras, end to end: each seed is loaded by seedDemo (as `npm run seed` does, one group
 * per seed), and the eras are read back through the HTTP API (GET /eras, and the drift chart for comparison).
 */
export async function measureSeeds(
  strata: Strata,
  options: { seeds: number[]; months: number; messagesPerDay: number; now: Date; settleDays: number },
  deadline: Deadline,
  /** Every group created is added here as soon as it exists, so the caller can delete them whatever happens. */
  groupIds: string[],
): Promise<SeedOutcome[]> {
  const server = await serveOnLoopback(strata);
  const base = `${server.url}/v1/groups`;
  const outcomes: SeedOutcome[] = [];
  try {
    for (const seed of options.seeds) {
      if (deadline.passed()) break;
      const started = performance.now();
      const prefix = benchGroupId(`eras-seed${seed}`);
      groupIds.push(seedGroupId(prefix, 1));
      const { groups } = await seedDemo(strata, {
        groups: 1,
        months: options.months,
        messagesPerDay: options.messagesPerDay,
        seed,
        prefix,
        now: options.now,
      });
      const group = groups[0];
      if (!group) throw new Error(`seedDemo made no group for seed ${seed}`);
      const id = encodeURIComponent(group.groupId);
      const { eras } = await getJson<{ eras: Era[] }>(`${base}/${id}/eras`);
      const chart = await getJson<DriftChart>(`${base}/${id}/drift/chart?level=week`);
      const found = eras.slice(1).map((e) => e.start);
      const planted = group.plantedEras.slice(1).map((e: PlantedEra) => e.start);
      const outcome: SeedOutcome = {
        seed,
        planted,
        found,
        ...scoreBoundaries(planted, found),
        tooRecent: planted.filter((p) => daysBetween(p, group.end) < options.settleDays).length,
        chartAgrees: chart.eras.map((e) => e.start).join() === eras.map((e) => e.start).join(),
      };
      outcomes.push(outcome);
      line(
        `seed ${seed}`,
        `${outcome.hits} of ${planted.length} planted boundaries found within ${FOUND_WITHIN_DAYS} days, ${outcome.spurious} spurious`,
        `${group.memories} memories, cycle ${group.report.status} in ${((performance.now() - started) / 1000).toFixed(0)} s; planted ${planted.join(', ')}; found ${found.join(', ') || '-'}`,
      );
      for (const era of eras) line(`  era from ${era.start}`, era.theme || '-', `${era.periodCount} weeks`);
    }
  } finally {
    await server.close();
  }
  return outcomes;
}
