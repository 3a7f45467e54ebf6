/**
 * Planted entities, end to end: each seed is loaded by seedDemo (as `strata seed` does, one group per seed: ingest,
 * then the cycle, whose entity step extracts and resolves), then the group's entities are read through the HTTP API
 * (GET /entities a page at a time, GET /entities/:id for each) and compared with what the generator planted (seed/
 * themes.ts DEMO_ENTITIES: canonical name, kind, aliases; the spellings the kept messages use, seed/planted-entities.ts).
 *
 * What is counted (bench/lib/planted-entities.ts says it exactly, and the run prints it):
 * - precision: scored profiles that are right over scored profiles. Scored: a profile with a planted entity's name or
 *   alias among its spellings (name and aliases), or a lookalike (a spelling sharing a word with one, filler words
 *   of the generator such as weekdays and members' names aside). Right: every spelling is one planted entity's.
 * - recall: planted entities found as exactly one profile that carries every spelling they were written by and no
 *   other planted entity's, over the planted entities the messages name.
 * - alias merge rate: written aliases on the entity's profile over written aliases; kind accuracy; entities split.
 * Beside it, from the same profiles, the baseline of exact-name grouping: every spelling its own profile, so no two
 * spellings merged (the spans stay as resolution cut them: its lookalikes are not the baseline's).
 * Targets: precision >= 0.95, recall >= 0.9, alias merge rate >= 0.9.
 *
 *   npm run bench:entities:planted -- [--seeds 1-6] [--months 6] [--messages 40] [--errors] [--keep]
 */

import { seedDemo, seedGroupId } from '../seed/seed.js';
import { DEMO_ENTITIES, DEMO_NAMES, DEMO_WEEKDAYS } from '../seed/themes.js';
import type { EntityList, EntityProfile } from '../src/domain/entity-shapes.js';
import type { Strata } from '../src/strata.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { heading, line, table, verdict } from './lib/format.js';
import {
  addScores,
  exactNameProfiles,
  type PlantedScore,
  type ProfileView,
  scorePlanted,
  share,
} from './lib/planted-entities.js';
import { benchGroupId, cleanUp, LOCAL_CONFIG, openBenchStrata, serveOnLoopback } from './lib/strata.js';

/** seedDemo's clock: pinned, so every run loads the same data. */
const SEED_NOW = '2025-01-15T12:00:00Z';
const TARGETS = { precision: 0.95, recall: 0.9, aliases: 0.9 };
/** The generator's filler words, which make no lookalike of a planted name. */
const FILLER = new Set([...DEMO_WEEKDAYS, ...DEMO_NAMES].map((w) => w.toLowerCase()));

const args = options({
  // Seeds 1-6 between them plant every theme's entities (5 alone miss the allotment's, RHS among them).
  seeds: { type: 'string', default: '1-6' },
  months: { type: 'string', default: '6' },
  messages: { type: 'string', default: '40' },
  'time-limit': { type: 'string', default: '3600' },
  errors: { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
});

interface SeedResult {
  seed: number;
  planted: string[];
  memories: number;
  profiles: number;
  /** Profiles of found entities whose latest memories include none: a profile that cannot show where it is named. */
  silent: string[];
  system: PlantedScore;
  baseline: PlantedScore;
}

run(async () => {
  const seeds = seedList(args.seeds);
  const months = intOption(args.months, 'months');
  const messagesPerDay = intOption(args.messages, 'messages');
  const deadline = new Deadline(intOption(args['time-limit'], 'time-limit'));
  heading('planted entities of seeded demo groups (seedDemo, profiles read through the HTTP API)');
  line(
    'data',
    `seeds ${seeds.join(', ')}, one group each: ${months} months ending the day before ${SEED_NOW.slice(0, 10)}, about ${messagesPerDay} messages a day`,
  );
  printDefinitions();
  if (!hasNeo4j) {
    console.log(skippedLine('the entity profiles of seeded groups against what was planted'));
    return;
  }
  const strata = await openBenchStrata(LOCAL_CONFIG);
  const groupIds: string[] = [];
  try {
    const results = await measure(strata, { seeds, months, messagesPerDay }, deadline, groupIds);
    printTotals(results);
  } finally {
    await cleanUp(strata, groupIds, args.keep === true);
    await strata.close();
  }
});

async function measure(
  strata: Strata,
  o: { seeds: number[]; months: number; messagesPerDay: number },
  deadline: Deadline,
  groupIds: string[],
): Promise<SeedResult[]> {
  const server = await serveOnLoopback(strata);
  const results: SeedResult[] = [];
  try {
    for (const seed of o.seeds) {
      if (deadline.passed()) {
        console.log(`time limit reached: seeds from ${seed} on not measured`);
        break;
      }
      const started = performance.now();
      const prefix = benchGroupId(`planted-seed${seed}`);
      groupIds.push(seedGroupId(prefix, 1));
      const { groups } = await seedDemo(strata, {
        groups: 1,
        months: o.months,
        messagesPerDay: o.messagesPerDay,
        seed,
        prefix,
        now: new Date(SEED_NOW),
      });
      const group = groups[0];
      if (!group) throw new Error(`seedDemo made no group for seed ${seed}`);
      if (group.report.status !== 'succeeded' || group.report.errors.length > 0) {
        throw new Error(
          `seed ${seed}: cycle ${group.report.status} ${group.report.errors.slice(0, 3).join('; ')}`,
        );
      }
      const base = `${server.url}/v1/groups/${encodeURIComponent(group.groupId)}/entities`;
      const profiles = await readProfiles(base);
      const views: ProfileView[] = profiles.map((p) => p.entity);
      const system = scorePlanted(group.plantedEntities, views, FILLER);
      const baseline = scorePlanted(group.plantedEntities, exactNameProfiles(views), FILLER);
      const foundNames = new Set(
        group.plantedEntities
          .filter((e) => !system.split.some((s) => s.name === e.name) && !system.missing.includes(e.name))
          .map((e) => e.name),
      );
      const silent = profiles
        .filter((p) => foundNames.has(p.entity.name) && p.memories.length === 0)
        .map((p) => p.entity.name);
      results.push({
        seed,
        planted: group.plantedEntities.map((e) => e.name),
        memories: group.memories,
        profiles: profiles.length,
        silent,
        system,
        baseline,
      });
      line(
        `seed ${seed}`,
        `${group.plantedEntities.length} planted, ${profiles.length} profiles (${system.scored} scored)`,
        `${group.memories} memories, seeded and cycled in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  } finally {
    await server.close();
  }
  return results;
}

/** Every entity of the group through GET /entities, page by page, and each one's profile through GET /entities/:id. */
async function readProfiles(base: string): Promise<EntityProfile[]> {
  const entities: EntityList['entities'] = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const page: EntityList = await getJson<EntityList>(`${base}?limit=200&offset=${offset}`);
    entities.push(...page.entities);
    offset = page.nextOffset;
  }
  const profiles: EntityProfile[] = [];
  for (const e of entities)
    profiles.push(await getJson<EntityProfile>(`${base}/${encodeURIComponent(e.id)}`));
  return profiles;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

function printDefinitions(): void {
  line('precision', 'right / scored profiles');
  console.log(
    '  scored: a profile with a planted name or alias among its name and aliases, or a lookalike (a spelling that\n' +
      "  shares a word with one; weekdays and members' names aside); right: all its spellings are one planted\n" +
      '  entity\'s. Spellings compare in lower case, without a leading "the".',
  );
  line('recall', 'found / planted');
  console.log(
    '  found: exactly one profile carries its spellings, with every spelling the messages wrote it by and no other\n' +
      "  planted entity's. planted: the entities the kept messages name.",
  );
  line('alias merge rate', "written aliases on the entity's profile / written aliases");
  line('baseline', 'exact-name grouping of the same profiles: every spelling its own profile, none merged');
}

function rates(s: PlantedScore) {
  return {
    precision: share(s.right, s.scored),
    recall: share(s.found, s.planted),
    aliases: share(s.aliasesMerged, s.aliasesWritten),
    kind: share(s.kindRight, s.kindChecked),
  };
}

function printTotals(results: SeedResult[]): void {
  if (results.length === 0) return;
  const fmt = (x: number) => x.toFixed(3);
  const row = (label: string, s: PlantedScore) => {
    const r = rates(s);
    return [
      label,
      String(s.planted),
      `${fmt(r.precision)} (${s.right}/${s.scored})`,
      `${fmt(r.recall)} (${s.found}/${s.planted})`,
      `${fmt(r.aliases)} (${s.aliasesMerged}/${s.aliasesWritten})`,
      `${fmt(r.kind)} (${s.kindRight}/${s.kindChecked})`,
      String(s.split.length),
      String(s.missing.length),
    ];
  };
  const header = ['', 'planted', 'precision', 'recall', 'aliases merged', 'kind right', 'split', 'missing'];
  heading('per seed: resolution as the API shows it, then the exact-name baseline');
  table(
    header,
    results.flatMap((r) => [row(`seed ${r.seed}`, r.system), row('  exact names', r.baseline)]),
  );
  const system = addScores(results.map((r) => r.system));
  const baseline = addScores(results.map((r) => r.baseline));
  const distinct = new Set(results.flatMap((r) => r.planted));
  const all = Object.values(DEMO_ENTITIES).flat();
  heading(
    `overall (${results.length} seeds, micro averages; ${distinct.size} of the generator's ${all.length} entities planted)`,
  );
  table(header, [row('resolution', system), row('exact names', baseline)]);
  const r = rates(system);
  console.log('');
  line(
    'planted entities: precision',
    fmt(r.precision),
    `${verdict(r.precision >= TARGETS.precision)}: >= 0.95`,
  );
  line('planted entities: recall', fmt(r.recall), `${verdict(r.recall >= TARGETS.recall)}: >= 0.9`);
  line(
    'planted entities: aliases merged',
    fmt(r.aliases),
    `${verdict(r.aliases >= TARGETS.aliases)}: >= 0.9`,
  );
  line('planted entities: kind accuracy', fmt(r.kind), 'no target');
  const silent = results.flatMap((r) => r.silent);
  line(
    'profiles showing no memory',
    String(silent.length),
    silent.slice(0, 5).join(', ') || 'every found one shows one',
  );
  printErrors(system);
}

function printErrors(s: PlantedScore): void {
  const limit = args.errors ? Number.POSITIVE_INFINITY : 8;
  const show = (title: string, items: string[]) => {
    if (items.length === 0) return;
    console.log(
      `\n${title} (${items.length}${items.length > limit ? `, first ${limit}; --errors for all` : ''}):`,
    );
    for (const item of items.slice(0, limit)) console.log(`  ${item}`);
  };
  show(
    'split across profiles',
    s.split.map((x) => `${x.name}: ${x.profiles.join(' | ')}`),
  );
  show('missing', s.missing);
  show(
    'one profile, not complete',
    s.incomplete.map(
      (x) =>
        `${x.name} as "${x.profile}"${x.lacks.length ? `, lacks ${x.lacks.join(', ')}` : ''}${x.merged.length ? `, merged with ${x.merged.join(', ')}` : ''}`,
    ),
  );
  show(
    'wrong profiles',
    s.wrong.map((x) => `"${x.name}"${x.aliases.length ? ` [${x.aliases.join(', ')}]` : ''}: ${x.why}`),
  );
  show(
    'kind wrong',
    s.kindWrong.map((x) => `${x.name}: planted ${x.planted}, profile ${x.profile}`),
  );
}

function seedList(value: string | undefined): number[] {
  const range = /^(\d+)-(\d+)$/.exec(value ?? '');
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  }
  return (value ?? '').split(',').map((s) => intOption(s, 'seeds'));
}
