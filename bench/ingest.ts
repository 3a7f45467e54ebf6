/**
 * Ingest throughput: ~100,000 demo memories over 10 groups through services.ingest (the code behind
 * POST /v1/groups/:groupId/memories) in batches of 1000, with a local embedder (hashing by default, or glove, on a
 * database with no other data: bench/lib/strata.ts localEmbedder).
 * Target: >= 5,000 memories/s end to end. Without Neo4j it measures the parts that need none.
 *
 *   npm run bench:ingest -- [--memories 100000] [--groups 10] [--batch 1000] [--concurrency 1]
 *     [--embedder hashing|glove] [--keep]
 */
import { createEmbedder } from '../src/ai/embeddings/index.js';
import { loadConfig } from '../src/config.js';
import { MAX_BATCH, toMemoryRecord } from '../src/domain/memory.js';
import { Deadline, hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { benchData } from './lib/demo-data.js';
import { ingestFloor } from './lib/floors.js';
import { heading, line, mb, num, percentile, seconds, verdict } from './lib/format.js';
import { ingestGroups } from './lib/load.js';
import { RssSampler } from './lib/rss.js';
import { awaitIdleServerLine } from './lib/server-cpu.js';
import { benchGroupId, cleanUp, localEmbedder, openBenchStrata } from './lib/strata.js';

const TARGET_PER_SECOND = 5000;

const args = options({
  memories: { type: 'string', default: '100000' },
  groups: { type: 'string', default: '10' },
  batch: { type: 'string', default: '1000' },
  months: { type: 'string', default: '12' },
  concurrency: { type: 'string', default: '1' },
  'time-limit': { type: 'string', default: '900' },
  keep: { type: 'boolean', default: false },
  embedder: { type: 'string', default: 'hashing' },
});

run(async () => {
  const memories = intOption(args.memories, 'memories');
  const groupCount = intOption(args.groups, 'groups');
  const batch = Math.min(intOption(args.batch, 'batch'), MAX_BATCH);
  const concurrency = intOption(args.concurrency, 'concurrency');
  const deadline = new Deadline(intOption(args['time-limit'], 'time-limit'));
  const embedderKind = localEmbedder(args.embedder).EMBEDDER;
  const config = loadConfig({ ...process.env, EMBEDDER: embedderKind, LOG_LEVEL: 'silent' });

  heading(`ingest: ${num(memories)} memories, ${groupCount} groups, batches of ${batch}`);
  const groupIds = Array.from({ length: groupCount }, (_, i) => benchGroupId('ingest', i));
  const genStarted = performance.now();
  const data = benchData({
    memories,
    groups: groupCount,
    months: intOption(args.months, 'months'),
    groupIds,
  });
  line('generated', `${num(data.total)} memories in ${seconds(performance.now() - genStarted)}`);

  if (hasNeo4j) {
    await endToEnd(data, { batch, concurrency, deadline, embedder: embedderKind });
  } else {
    console.log(
      skippedLine('end-to-end ingest throughput (memories/s into Neo4j), batch latency and RSS under load'),
    );
  }

  heading('parts that need no Neo4j (an indication, not the end-to-end figure)');
  const texts = data.groups.flatMap((g) => g.memories.map((m) => m.text));
  const embedder = await createEmbedder(config);
  const rss = new RssSampler();
  let embedded = 0;
  const embedStarted = performance.now();
  for (let i = 0; i < texts.length && !deadline.passed(); i += batch) {
    embedded += (await embedder.embeddings.embedDocuments(texts.slice(i, i + batch))).length;
  }
  const embedMs = performance.now() - embedStarted;
  line(
    `embedder ${embedder.name}`,
    `${num(embedded / (embedMs / 1000))} memories/s`,
    `${num(embedded)} texts in ${seconds(embedMs)}`,
  );

  let hashed = 0;
  const hashStarted = performance.now();
  for (const group of data.groups) {
    if (deadline.passed()) break;
    for (const memory of group.memories) {
      toMemoryRecord(group.groupId, memory);
      hashed++;
    }
  }
  const hashMs = performance.now() - hashStarted;
  line(
    'content-hash ids (toMemoryRecord)',
    `${num(hashed / (hashMs / 1000))} memories/s`,
    `${num(hashed)} in ${seconds(hashMs)}`,
  );
  const peak = rss.stop();
  line('peak RSS (whole process)', `${mb(peak.maxRssBytes)} maxRSS, ${mb(peak.sampledPeakBytes)} sampled`);
  if (deadline.passed()) console.log(`stopped early: --time-limit ${deadline.seconds} s reached`);
});

async function endToEnd(
  data: ReturnType<typeof benchData>,
  opts: { batch: number; concurrency: number; deadline: Deadline; embedder: string },
): Promise<void> {
  const strata = await openBenchStrata({ EMBEDDER: opts.embedder });
  line('embedder', strata.embedder.name);
  try {
    await awaitIdleServerLine(strata, 'before the load');
    const rss = new RssSampler();
    const stats = await ingestGroups(strata, data.groups, opts);
    const peak = rss.stop();
    const perSecond = stats.sent / (stats.ms / 1000);
    line(
      'end to end',
      `${num(perSecond)} memories/s`,
      `target >= ${num(TARGET_PER_SECOND)}/s: ${verdict(perSecond >= TARGET_PER_SECOND && !stats.cutShort)}`,
    );
    line(
      'memories',
      `${num(stats.sent)} sent, ${num(stats.created)} created, ${num(stats.existing)} existing`,
    );
    line('batches', `${num(stats.batches)} of <= ${opts.batch}, ${opts.concurrency} group(s) at a time`);
    line(
      'batch latency',
      `p50 ${num(percentile(stats.batchMs, 50))} ms, p99 ${num(percentile(stats.batchMs, 99))} ms`,
    );
    line('time', seconds(stats.ms));
    line('peak RSS', `${mb(peak.maxRssBytes)} maxRSS, ${mb(peak.sampledPeakBytes)} sampled every 50 ms`);
    await awaitIdleServerLine(strata, 'before the floor');
    const floor = await ingestFloor(strata, data.groups, opts);
    const floorPerSecond = floor.nodes / (floor.ms / 1000);
    line(
      'floor',
      `${num(floorPerSecond)} memories/s`,
      `bare UNWIND ... CREATE of the same ${num(floor.nodes)} rows and vectors, same batches and concurrency, throwaway label`,
    );
    line('end to end / floor', `${num(perSecond / floorPerSecond, 2)}`, 'throughput as a share of the floor');
    if (stats.cutShort)
      console.log(`cut short: --time-limit ${opts.deadline.seconds} s reached before every batch was sent`);
    await cleanUp(
      strata,
      data.groups.map((g) => g.groupId),
      args.keep === true,
    );
  } finally {
    await strata.close();
  }
}
