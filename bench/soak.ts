import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import type { MemorySample } from './lib/memory-probe.js';
import { benchGroupId, openBenchStrata } from './lib/strata.js';

/**
 * A bounded soak on loopback: the app as a child process with its scheduler on, several client processes that
 * ingest (with client ids, retrying each batch until it lands), recall and ask for cycles, for a set time; then
 * requests, answers by status, memories sent versus stored, and the app's memory after warm-up and at the end.
 * With NEO4J_STOP_CMD and NEO4J_START_CMD set, Neo4j is restarted once in the middle (its 503s are expected).
 *
 * Memory is read two ways every 5 s: RSS from /proc, and the heap the app still holds after its latest major GC
 * (bench/lib/memory-probe.ts, loaded into the app, reports it over IPC). Warm-up lasts a third of the run (at least
 * 60 s; --warmup-seconds to change it): the app's text caches (src/domain/text.ts, 16,384 entries each) fill with
 * the soak's unique messages at the pace of the cycles, and its heap grows until they are full (about 50 MB here;
 * under a load of 8 on 2 cores they were still filling after 10 minutes, which the heap by minute shows). RSS moves
 * with every GC cycle, so "after warm-up" is the median of the samples of the minute after warm-up and "at the end"
 * the median of the last minute's. SOAK_APP_NODE_ARGS passes extra flags to the app's node (e.g.
 * `--heapsnapshot-signal=SIGUSR2` to take heap snapshots while it runs).
 *
 *   npm run bench:soak -- --minutes 10 --clients 3
 */

const SPEAKERS = ['ana', 'ben', 'chloe', 'dev'];
const WORDS = [
  'retro',
  'payments',
  'garden',
  'concert',
  'flight',
  'invoice',
  'seedlings',
  'setlist',
  'hotel',
];

interface ClientTally {
  group: string;
  requests: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, number>;
  sentIds: number;
  retries: number;
  /** When each answer other than 200/201/409 came (epoch ms), to tell the restart's 503s from others. */
  failures: { status: number; atMs: number }[];
}

const opts = options({
  minutes: { type: 'string', default: '10' },
  clients: { type: 'string', default: '3' },
  client: { type: 'boolean', default: false },
  url: { type: 'string' },
  group: { type: 'string' },
  seconds: { type: 'string' },
  'warmup-seconds': { type: 'string' },
});

run(opts.client ? clientMain : soakMain);

/** One client process: ingest, recall, now and then a cycle, until its time is up; prints its tally as JSON. */
async function clientMain(): Promise<void> {
  const url = opts.url as string;
  const group = opts.group as string;
  const deadline = new Deadline(intOption(opts.seconds, 'seconds'));
  const tally: ClientTally = {
    group,
    requests: 0,
    byStatus: {},
    byRoute: {},
    sentIds: 0,
    retries: 0,
    failures: [],
  };
  const send = async (route: string, path: string, body?: unknown) => {
    tally.requests++;
    tally.byRoute[route] = (tally.byRoute[route] ?? 0) + 1;
    let status = 0;
    let retryAfter = 0;
    try {
      const res = await fetch(`${url}${path}`, {
        method: body === undefined && route !== 'aggregate' ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
      await res.arrayBuffer();
      status = res.status;
      retryAfter = Number(res.headers.get('retry-after')) || 0;
    } catch {
      status = 0;
    }
    tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
    if (![200, 201, 409].includes(status)) tally.failures.push({ status, atMs: Date.now() });
    return { status, retryAfter };
  };
  const dayMs = 86_400_000;
  const firstDay = Math.floor(Date.now() / dayMs) * dayMs - 120 * dayMs;
  for (let n = 0; !deadline.passed(); n++) {
    // A batch of 20 memories of one past day; the day moves on every 5 batches.
    const memories = Array.from({ length: 20 }, (_, i) => {
      const k = n * 20 + i;
      return {
        id: `${group}-${k}`,
        text: `We talked about the ${WORDS[k % WORDS.length]} and the ${WORDS[(k * 7) % WORDS.length]} (item ${k}).`,
        speaker: SPEAKERS[k % SPEAKERS.length] as string,
        ts: new Date(
          firstDay + Math.floor(n / 5) * dayMs + 9 * 3_600_000 + (n % 5) * 20 * 60_000 + i * 60_000,
        ).toISOString(),
      };
    });
    // The batch is retried until it lands: ids make the retry safe, and memories sent must equal memories stored.
    for (;;) {
      const res = await send('ingest', `/v1/groups/${group}/memories`, { memories });
      if (res.status === 201) break;
      tally.retries++;
      await new Promise((r) => setTimeout(r, Math.min(Math.max(res.retryAfter, 1), 5) * 1000));
    }
    tally.sentIds += memories.length;
    await send('recall', `/v1/groups/${group}/recall`, {
      query: `what about the ${WORDS[n % WORDS.length]}`,
      k: 5,
    });
    if (n % 15 === 14) await send('aggregate', `/v1/groups/${group}/aggregate`);
  }
  console.log(JSON.stringify(tally));
}

async function soakMain(): Promise<void> {
  const minutes = Number(opts.minutes);
  if (!(minutes > 0)) throw new Error(`--minutes must be a positive number, got ${opts.minutes}`);
  const clients = intOption(opts.clients, 'clients');
  if (!hasNeo4j) {
    console.log(skippedLine('a soak of ingest, recall and cycles'));
    return;
  }
  const seconds = Math.round(minutes * 60);
  const warmupSeconds =
    opts['warmup-seconds'] === undefined
      ? Math.max(60, Math.round(seconds / 3))
      : intOption(opts['warmup-seconds'], 'warmup-seconds', 0);
  if (warmupSeconds + 60 > seconds) throw new Error('the run must last at least a minute beyond its warm-up');
  const stopCmd = process.env.NEO4J_STOP_CMD?.trim();
  const startCmd = process.env.NEO4J_START_CMD?.trim();
  const strata = await openBenchStrata();
  const port = await freePort();
  const nodeArgs = process.env.SOAK_APP_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const probe = ['--import', 'tsx', '--import', './bench/lib/memory-probe.ts'];
  const app = spawn(process.execPath, [...nodeArgs, ...probe, 'src/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      EMBEDDER: 'hashing',
      SUMMARIZER: 'local',
      SCHEDULER_ENABLED: 'true',
      CYCLE_SCHEDULE: '*/30 * * * * *',
      STRATA_API_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let lastProbe: MemorySample | null = null;
  app.on('message', (message: { memorySample?: MemorySample }) => {
    if (message.memorySample) lastProbe = message.memorySample;
  });
  // LOG_LEVEL=error: every line of its stdout (pino) is an error; stderr holds anything else it printed.
  const appErrors = new Map<string, number>();
  const keepLines = (prefix: string) => {
    let rest = '';
    return (c: Buffer) => {
      const lines = (rest + c.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines.filter((l) => l.trim())) {
        let key = line.slice(0, 160);
        try {
          const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
          key = `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message.slice(0, 120)}` : ''}`;
        } catch {
          // not a pino line
        }
        appErrors.set(`${prefix}${key}`, (appErrors.get(`${prefix}${key}`) ?? 0) + 1);
      }
    };
  };
  app.stdout?.on('data', keepLines('log: '));
  app.stderr?.on('data', keepLines('stderr: '));
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, app.pid as number);

  const groups = Array.from({ length: clients }, (_, i) => benchGroupId('soak', i));
  const started = Date.now();
  const children = groups.map(
    (group) =>
      new Promise<ClientTally>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'bench/soak.ts',
            '--client',
            '--url',
            url,
            '--group',
            group,
            '--seconds',
            String(seconds),
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
        });
        child.once('exit', (code) => {
          const line = out.trim().split('\n').pop() ?? '';
          code === 0
            ? resolve(JSON.parse(line) as ClientTally)
            : reject(new Error(`client ${group} exited ${code}`));
        });
      }),
  );

  const samples: MemorySampleAt[] = [];
  const sampler = setInterval(
    () =>
      samples.push({
        atS: (Date.now() - started) / 1000,
        rssKb: rssKb(app.pid as number),
        heapKb: lastProbe?.heapAfterMajorGcBytes == null ? null : lastProbe.heapAfterMajorGcBytes / 1024,
      }),
    5000,
  );
  let restart: { stopMs: number; startMs: number; atS: number; fromMs: number; toMs: number } | null = null;
  if (stopCmd && startCmd && seconds >= 120) {
    await sleep(seconds * 400);
    const fromMs = Date.now();
    const atS = Math.round((fromMs - started) / 1000);
    const stopMs = await shell(stopCmd);
    await sleep(5000);
    const startMs = await shell(startCmd);
    restart = { stopMs, startMs, atS, fromMs, toMs: Date.now() };
  }
  const tallies = await Promise.all(children);
  clearInterval(sampler);
  const ranS = (Date.now() - started) / 1000;
  const endKb = rssKb(app.pid as number);
  const majorGcs = (lastProbe as MemorySample | null)?.majorGcs ?? 0;
  app.kill('SIGTERM');

  const stored = await Promise.all(
    tallies.map(async (t) => {
      const ids = Array.from({ length: t.sentIds }, (_, k) => `${t.group}-${k}`);
      let count = 0;
      for (let i = 0; i < ids.length; i += 5000)
        count += (
          await strata.graph.read('inspect/memories', { groupId: t.group, ids: ids.slice(i, i + 5000) })
        ).length;
      return count;
    }),
  );
  const total = (pick: (t: ClientTally) => Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const t of tallies) for (const [k, v] of Object.entries(pick(t))) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const byStatus = total((t) => t.byStatus);
  const requests = tallies.reduce((n, t) => n + t.requests, 0);
  // A 409 answers an aggregate whose group another cycle holds (the scheduler's): an answer, not an error.
  const errors = Object.entries(byStatus)
    .filter(([s]) => !['200', '201', '409'].includes(s))
    .reduce((n, [, c]) => n + c, 0);
  const sent = tallies.reduce((n, t) => n + t.sentIds, 0);
  const storedTotal = stored.reduce((a, b) => a + b, 0);
  const afterWarmup = samples.filter((r) => r.atS >= warmupSeconds && r.atS < warmupSeconds + 60);
  const lastMinute = samples.filter((r) => r.atS >= ranS - 60);
  const rssWarm = median(afterWarmup.map((r) => r.rssKb));
  const rssEnd = median(lastMinute.map((r) => r.rssKb));
  const heapWarm = median(afterWarmup.flatMap((r) => (r.heapKb === null ? [] : [r.heapKb])));
  const heapEnd = median(lastMinute.flatMap((r) => (r.heapKb === null ? [] : [r.heapKb])));
  const peakKb = Math.max(...samples.map((r) => r.rssKb), endKb);
  const change = (from: number, to: number) => `${(((to - from) / Math.max(from, 1)) * 100).toFixed(1)}%`;

  console.log(`soak: ${ranS.toFixed(0)} s, ${clients} client processes, Neo4j ${process.env.NEO4J_URI}`);
  console.log(
    `requests: ${requests} (${(requests / ranS).toFixed(1)}/s) by route ${JSON.stringify(total((t) => t.byRoute))}`,
  );
  console.log(
    `answers by status: ${JSON.stringify(byStatus)}; ingest retries ${tallies.reduce((n, t) => n + t.retries, 0)}`,
  );
  console.log(
    `errors (not 200/201/409): ${errors}${restart ? ' (503s expected during the planned restart)' : ''}`,
  );
  console.log(`memories sent ${sent}, stored ${storedTotal}${sent === storedTotal ? '' : '  MISMATCH'}`);
  console.log(
    `app RSS: ${mb(rssWarm)} MB after ${warmupSeconds} s warm-up (median of the next minute), ${mb(rssEnd)} MB ` +
      `at the end (median of the last minute): ${change(rssWarm, rssEnd)}; last sample ${mb(endKb)} MB, peak ${mb(peakKb)} MB`,
  );
  console.log(
    `app heap after major GC: ${mb(heapWarm)} MB after warm-up, ${mb(heapEnd)} MB at the end: ` +
      `${change(heapWarm, heapEnd)} (${majorGcs} major GCs)`,
  );
  console.log(`app memory by minute (RSS / heap after major GC, MB): ${byMinute(samples)}`);
  if (restart)
    console.log(
      `planned Neo4j restart at ${restart.atS} s: stop ${restart.stopMs} ms, start ${restart.startMs} ms`,
    );
  else console.log('no planned Neo4j restart (set NEO4J_STOP_CMD and NEO4J_START_CMD, and run 2+ minutes)');
  const failures = tallies.flatMap((t) => t.failures);
  if (restart && failures.length > 0) {
    // A request sent just before the stop finishes can be answered after the start returned: one retry window late.
    const { fromMs, toMs } = restart;
    const inside = failures.filter((f) => f.status === 503 && f.atMs >= fromMs && f.atMs <= toMs + 30_000);
    const outside = failures.filter((f) => !inside.includes(f));
    console.log(
      `errors inside the restart (stop begun to 30 s after start returned): ${inside.length} 503s; ` +
        `outside: ${outside.length}${outside.length ? ` ${JSON.stringify(outside.map((f) => ({ status: f.status, atS: Math.round((f.atMs - started) / 1000) })))}` : ''}`,
    );
  }
  const logged = [...appErrors.values()].reduce((a, b) => a + b, 0);
  console.log(`app errors logged: ${logged} lines`);
  for (const [line, count] of [...appErrors].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`  ${count} x ${line}`);
  for (const group of groups) await strata.groups.deleteGroup(group);
  await strata.close();
}

interface MemorySampleAt {
  atS: number;
  rssKb: number;
  /** The app's heap in use after its latest major GC, null before the first. */
  heapKb: number | null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The sample nearest each whole minute, e.g. "1m 251/71 2m 263/80". */
function byMinute(samples: MemorySampleAt[]): string {
  const out: string[] = [];
  const last = samples.at(-1)?.atS ?? 0;
  for (let minute = 1; minute * 60 <= last + 5; minute++) {
    const at = samples.reduce((best, r) =>
      Math.abs(r.atS - minute * 60) < Math.abs(best.atS - minute * 60) ? r : best,
    );
    out.push(`${minute}m ${mb(at.rssKb)}/${at.heapKb === null ? '-' : mb(at.heapKb)}`);
  }
  return out.join(' ');
}

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

const mb = (kb: number) => (kb / 1024).toFixed(0);

async function waitReady(url: string, pid: number): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // not yet listening
    }
    await sleep(500);
  }
  process.kill(pid, 'SIGKILL');
  throw new Error('the app did not become ready within 2 minutes');
}

async function shell(command: string): Promise<number> {
  const started = Date.now();
  await promisify(execFile)('bash', ['-c', command], { timeout: 300_000 });
  return Date.now() - started;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
