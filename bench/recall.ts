/**
 * Recall under load: ~100,000 demo memories rolled up (the aggregate benchmark's setup), the express app of the
 * server on 127.0.0.1 in this process, and autocannon in a second process POSTing varied questions for a bounded
 * time, then the floor: the full-text index call alone at the same concurrency. Targets: p50 <= 20 ms, p99 <= 60 ms,
 * >= 200 requests/s, and p50 <= 2x the floor's p50.
 *
 *   npm run bench:recall -- [--memories 100000] [--groups 10] [--duration 20] [--warmup 5] [--warmup-max 60]
 *                           [--connections 10] [--keep]
 *   npm run bench:recall -- --skip-load --group bench-agg-1234abcd-g1[,more]      (groups loaded before)
 *
 * The measured load follows rounds of --warmup seconds of the same load, each printed apart, until the CPU per
 * request of a round is within WARM_WITHIN of the round before (or --warmup-max seconds have passed): the first
 * seconds after a bulk load also pay for both JITs compiling recall's paths and for Neo4j planning its statements,
 * which a server that has been up a while has long paid. One round of 5 s was not enough: right after the load of
 * 100,000 memories, a run measured 4.10 + 9.30 ms of CPU per recall after it and 3.47 + 4.74 ms when run again.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createEmbedder } from '../src/ai/embeddings/index.js';
import { loadConfig } from '../src/config.js';
import { anyTermInGroup, queryTerms } from '../src/domain/lucene.js';
import type { Strata } from '../src/strata.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { levelTotals, problems } from './lib/cycles.js';
import { driverLoad } from './lib/driver-load.js';
import { heading, line, num, seconds, verdict } from './lib/format.js';
import { recallPartCosts } from './lib/recall-offline.js';
import { loadAndRollUp } from './lib/rolled-up.js';
import { awaitIdleServerLine, withCpu } from './lib/server-cpu.js';
import { awaitSearchIndexes, cleanUp, LOCAL_CONFIG, openBenchStrata, serveOnLoopback } from './lib/strata.js';
import { RECALL_QUESTIONS } from './recall-questions.js';

const TARGETS = { p50: 20, p99: 60, perSecond: 200, p50OverFloor: 2 };

/** The warm-up ends when a round's CPU per request is within this share of the round before. */
const WARM_WITHIN = 0.1;

const args = options({
  memories: { type: 'string', default: '100000' },
  groups: { type: 'string', default: '10' },
  months: { type: 'string', default: '12' },
  duration: { type: 'string', default: '20' },
  warmup: { type: 'string', default: '5' },
  'warmup-max': { type: 'string', default: '60' },
  connections: { type: 'string', default: '10' },
  'skip-load': { type: 'boolean', default: false },
  group: { type: 'string' },
  'time-limit': { type: 'string', default: '3600' },
  keep: { type: 'boolean', default: false },
});

interface LoadResult {
  p50: number;
  p99: number;
  mean: number;
  requestsPerSecond: number;
  total: number;
  ok: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}

// The server in production runs compiled JavaScript without source maps (Dockerfile: node dist/src/main.js); tsx
// turns them on, and then every stack the driver captures (one per query) is mapped back to TypeScript: about 8 %
// of the app's CPU in a profile under load. Measure what production runs.
process.setSourceMapsEnabled(false);

run(async () => {
  const deadline = new Deadline(intOption(args['time-limit'], 'time-limit'));
  heading('recall under load');
  if (hasNeo4j) {
    const strata = await openBenchStrata(LOCAL_CONFIG);
    try {
      await measure(strata, deadline);
    } finally {
      await strata.close();
    }
  } else {
    console.log(skippedLine('recall latency (p50, p99) and requests/s through the HTTP API'));
  }
  await offlineIndication(deadline);
});

async function measure(strata: Strata, deadline: Deadline): Promise<void> {
  let groupIds: string[];
  let ours: string[] = [];
  if (args['skip-load']) {
    groupIds = (args.group ?? '').split(',').filter(Boolean);
    if (groupIds.length === 0)
      throw new Error('--skip-load needs --group <id>[,<id>...] of groups loaded before');
    for (const g of groupIds) {
      if (!(await strata.services.getGroup(g))) throw new Error(`group ${g} does not exist in this Neo4j`);
    }
    line('groups', `${groupIds.join(', ')} (loaded before; not deleted)`);
  } else {
    const setup = await loadAndRollUp(strata, {
      label: 'recall',
      memories: intOption(args.memories, 'memories'),
      groups: intOption(args.groups, 'groups'),
      months: intOption(args.months, 'months'),
      batch: 1000,
      deadline,
    });
    groupIds = setup.groupIds;
    ours = setup.groupIds;
    line(
      'setup',
      `${num(setup.load.sent)} memories ingested in ${seconds(setup.load.ms)}, cycled in ${seconds(setup.full.ms)}`,
    );
    line('  created+updated', levelTotals(setup.full.reports));
    for (const p of problems(setup.full)) console.log(`problem: ${p}`);
  }
  await awaitSearchIndexes(strata);
  await awaitIdleServerLine(strata, 'before the load');

  const server = await serveOnLoopback(strata);
  const url = server.url;
  try {
    // One request first, so a broken setup shows as a message rather than as 100% non-2xx.
    const probe = await fetch(`${url}/v1/groups/${encodeURIComponent(groupIds[0] as string)}/recall`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: RECALL_QUESTIONS[0], k: 10 }),
    });
    const body = (await probe.json()) as { items?: unknown[] };
    line('probe', `HTTP ${probe.status}, ${body.items?.length ?? 0} items for "${RECALL_QUESTIONS[0]}"`);

    const duration = Math.min(
      intOption(args.duration, 'duration'),
      Math.max(1, Math.floor(deadline.leftMs() / 1000)),
    );
    const connections = intOption(args.connections, 'connections');
    const warmup = intOption(args.warmup, 'warmup', 0);
    const warmupMax = intOption(args['warmup-max'], 'warmup-max', 0);
    const rounds = warmup > 0 ? Math.max(1, Math.ceil(warmupMax / warmup)) : 0;
    let before: number | null = null;
    for (let round = 1; round <= rounds; round++) {
      const warm = await withCpu(strata, () => runLoad(url, groupIds, warmup, connections));
      const requests = Math.max(1, warm.result.total);
      const perRequest = (warm.appMs + warm.serverMs) / requests;
      line(
        `warm-up ${round}`,
        `${num(warm.result.total)} requests in ${warm.result.duration} s, CPU per request ${num(warm.appMs / requests, 2)} + ${num(warm.serverMs / requests, 2)} ms`,
        'app + Neo4j; not measured',
      );
      if (before !== null && Math.abs(perRequest - before) <= WARM_WITHIN * before) break;
      before = perRequest;
    }
    const load = await withCpu(strata, () => runLoad(url, groupIds, duration, connections));
    const result = load.result;
    line(
      'load',
      `${connections} connections for ${result.duration} s, ${num(RECALL_QUESTIONS.length)} questions over ${groupIds.length} group(s)`,
    );
    line(
      'latency p50',
      `${num(result.p50)} ms`,
      `target <= ${TARGETS.p50} ms: ${verdict(result.p50 <= TARGETS.p50)}`,
    );
    line(
      'latency p99',
      `${num(result.p99)} ms`,
      `target <= ${TARGETS.p99} ms: ${verdict(result.p99 <= TARGETS.p99)}`,
    );
    line(
      'requests/s',
      num(result.requestsPerSecond, 1),
      `target >= ${TARGETS.perSecond}: ${verdict(result.requestsPerSecond >= TARGETS.perSecond)}`,
    );
    line(
      'requests',
      `${num(result.total)} total, ${num(result.ok)} 2xx, ${num(result.non2xx)} non-2xx, ${num(result.errors)} errors, ${num(result.timeouts)} timeouts`,
    );
    // The server's own CPU (HTTP, recall, the driver; not autocannon's) and Neo4j's: figures that a busy machine
    // moves far less than latency, for comparing runs. On 2 cores their sum bounds the requests per second.
    cpuLines('request', load, result.total);

    // The floor, on the same data at the same concurrency: each question's words through the full-text index,
    // kept to the group, and nothing else, through the driver (no HTTP, no ranking, no expansion).
    await awaitIdleServerLine(strata, 'before the floor');
    const floorLoad = await withCpu(strata, () =>
      driverLoad(
        (n) => {
          const question = RECALL_QUESTIONS[n % RECALL_QUESTIONS.length] as string;
          const groupId = groupIds[Math.floor(n / RECALL_QUESTIONS.length) % groupIds.length] as string;
          const query = anyTermInGroup(queryTerms(question), groupId);
          return strata.graph.read('bench/fulltext-floor', { groupId, query });
        },
        connections,
        duration,
      ),
    );
    const floor = floorLoad.result;
    line(
      'floor (full-text call alone)',
      `p50 ${num(floor.p50, 1)} ms, p99 ${num(floor.p99, 1)} ms, ${num(floor.requestsPerSecond, 1)} calls/s`,
      `${num(floor.total)} calls, ${num(floor.errors)} errors`,
    );
    cpuLines('floor call', floorLoad, floor.total);
    const ratio = result.p50 / floor.p50;
    line(
      'p50 / floor p50',
      num(ratio, 2),
      `target <= ${TARGETS.p50OverFloor}: ${verdict(ratio <= TARGETS.p50OverFloor)}`,
    );
    line('requests/s / floor calls/s', num(result.requestsPerSecond / floor.requestsPerSecond, 2));
  } finally {
    await server.close();
  }
  if (ours.length > 0) await cleanUp(strata, ours, args.keep === true);
}

/** autocannon in a second process (tsx as a loader), killed if it outlives its duration by a wide margin. */
function runLoad(url: string, groups: string[], duration: number, connections: number): Promise<LoadResult> {
  const script = fileURLToPath(new URL('./recall-load.ts', import.meta.url));
  // tsx resolved from here, so the child starts the same way whatever the working directory.
  const tsx = import.meta.resolve('tsx');
  const child = spawn(
    process.execPath,
    [
      '--import',
      tsx,
      script,
      '--url',
      url,
      '--groups',
      groups.join(','),
      '--duration',
      String(duration),
      '--connections',
      String(connections),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), (duration + 60) * 1000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(killer);
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{'))
        return reject(new Error(`load process exited with ${code}: ${out}`));
      resolve(JSON.parse(last) as LoadResult);
    });
  });
}

async function offlineIndication(deadline: Deadline): Promise<void> {
  heading('offline indication, NOT the target figure: in-process cost of the non-Neo4j parts of one recall');
  const config = loadConfig({ ...process.env, ...LOCAL_CONFIG, LOG_LEVEL: 'silent' });
  const embedder = await createEmbedder(config);
  const costs = await recallPartCosts(embedder, config.decay, RECALL_QUESTIONS, deadline);
  for (const c of costs) line(c.name, `${num(c.meanUs, 1)} us`, `mean of ${num(c.calls)} calls`);
  const total = costs.reduce((s, c) => s + c.meanUs, 0);
  line(
    'sum per recall',
    `${num(total, 1)} us`,
    `a ceiling of ~${num(1e6 / total)} recalls/s per core before HTTP and Neo4j`,
  );
}

/** The app's and Neo4j's CPU per call of a load. */
function cpuLines(call: string, cost: { appMs: number; serverMs: number }, calls: number): void {
  line(`app CPU per ${call}`, `${num(cost.appMs / Math.max(1, calls), 2)} ms`);
  line(`Neo4j CPU per ${call}`, `${num(cost.serverMs / Math.max(1, calls), 2)} ms`);
}
