import type { Embedder } from '../ai/embeddings/index.js';
import { contentText, eraEmbeddedText, meanVector, memoryEmbeddedText } from '../domain/embedded-texts.js';
import type {
  PendingCounts,
  ReembedEstimate,
  ReembedJob,
  ReembedReport,
  ReembedStatus,
} from '../domain/reembed.js';
import { EmbedderError, ReembedRunningError } from '../errors.js';
import type { ReembedStore, SummaryVectors } from '../graph/reembed.js';
import type { EmbedderRecord } from '../graph/schema.js';
import { otherSlot, type VectorSlot } from '../graph/vector-slots.js';
import type { Logger } from '../log.js';

/**
 * Moves a database's vectors to another embedder without losing recall on the way: the new vectors are written
 * into the slot the database does not use (graph/vector-slots.ts), a page at a time, while recall keeps reading the
 * old slot; once every memory, summary and era has its new vector, the new slot's indexes are built, and when they
 * are online the database's record switches to it in one write. A run that is stopped (a kill, a crash) leaves the
 * record saying what it was filling: the next run with the same embedder carries on, passing over what is done.
 *
 * Run with the embedder the database already has, it fills in what its slot lacks (memories a Strata configured
 * with the old embedder wrote after the switch) and switches nothing; a stopped switch to another is given up.
 */

export interface ReembedSchema {
  record(): Promise<EmbedderRecord>;
  createIndexes(slot: VectorSlot, embedder: Embedder): Promise<void>;
  dropIndexes(slot: VectorSlot): Promise<void>;
  awaitIndexes(): Promise<void>;
  /** Points this process's statements at the slot once it is the database's. */
  useSlot(slot: VectorSlot): void;
}

export interface ReembedDeps {
  store: ReembedStore;
  schema: ReembedSchema;
  embedder: Embedder;
  log: Logger;
}

export interface ReembedOptions {
  /** Nodes per page: read, embedded and written together (default 1000). */
  pageSize?: number;
  /** Counts what is to embed and estimates the time and calls, writing nothing. */
  dryRun?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Stops between pages; the record stays, so the next run carries on. */
  signal?: AbortSignal;
}

const DEFAULT_PAGE = 1000;
/** Catch-up passes after the first, for what the running service wrote meanwhile. */
const MAX_PASSES = 5;

export async function reembed(deps: ReembedDeps, options: ReembedOptions = {}): Promise<ReembedReport> {
  const { store, schema, embedder, log } = deps;
  const pageSize = options.pageSize ?? DEFAULT_PAGE;
  const started = performance.now();
  const record = await schema.record();
  const mode: ReembedReport['mode'] = record.embedder === embedder.name ? 'fill' : 'switch';
  const target = mode === 'fill' ? record.slot : otherSlot(record.slot);
  const resumed = mode === 'switch' && record.reembed?.embedder === embedder.name;
  const report: ReembedReport = {
    mode,
    from: record.embedder,
    to: embedder.name,
    slot: target.name,
    resumed,
    embedded: { memories: 0, summaries: 0, eras: 0 },
    calls: 0,
    seconds: 0,
    phaseSeconds: { memories: 0, summaries: 0, eras: 0, indexes: 0 },
    switched: false,
    stopped: false,
  };
  const fresh = mode === 'switch' && !resumed;

  if (options.dryRun) {
    report.estimate = await estimate(deps, target, fresh, pageSize);
    report.seconds = (performance.now() - started) / 1000;
    return report;
  }

  if (mode === 'fill' && record.reembed) {
    // Run with the database's own embedder, a stopped switch to another is given up; its slot is cleared when the
    // next switch starts.
    await store.finish(embedder, record.slot);
    log.info({ abandoned: record.reembed.embedder }, 're-embedding to another embedder given up');
  }
  if (fresh) {
    // The slot may hold vectors of an earlier embedder (a switch before this one): cleared, so that "has no vector
    // in the slot" means "still to do" from here on.
    await schema.dropIndexes(target);
    const cleared = await store.clearSlot(target);
    await store.begin(embedder);
    log.info(
      { from: record.embedder, to: embedder.name, slot: target.name, cleared },
      're-embedding started',
    );
  } else if (resumed) {
    log.info({ to: embedder.name, slot: target.name }, 're-embedding resumed where the last run stopped');
  }

  const pending = await store.pending(target);
  const total = pending.memories + pending.summaries + pending.eras;
  let done = 0;
  const progress = (count: number) => {
    done += count;
    options.onProgress?.(done, Math.max(total, done));
  };
  options.onProgress?.(0, total);

  for (let pass = 0; pass <= MAX_PASSES; pass++) {
    const before = sum(report.embedded);
    for (const groupId of await store.groups()) {
      if (options.signal?.aborted) break;
      await embedGroup(deps, groupId, target, pageSize, report, progress, options.signal);
    }
    if (options.signal?.aborted) break;
    // Nothing new this pass: every node has its vector in the slot (what ingest and cycles wrote meanwhile
    // included, bar the last moments, which a run in fill mode catches).
    if (sum(report.embedded) === before) break;
  }
  report.stopped = options.signal?.aborted === true;

  if (!report.stopped && mode === 'switch') {
    const indexing = performance.now();
    await schema.createIndexes(target, embedder);
    await schema.awaitIndexes();
    report.phaseSeconds.indexes = (performance.now() - indexing) / 1000;
    await store.finish(embedder, target);
    schema.useSlot(target);
    report.switched = true;
  }
  report.seconds = (performance.now() - started) / 1000;
  log.info(
    {
      mode,
      from: record.embedder,
      to: embedder.name,
      slot: target.name,
      embedded: report.embedded,
      calls: report.calls,
      seconds: Number(report.seconds.toFixed(2)),
      phaseSeconds: report.phaseSeconds,
      switched: report.switched,
      stopped: report.stopped,
    },
    report.stopped
      ? 're-embedding stopped; the next run carries on from here'
      : report.switched
        ? `re-embedding done: the database now reads ${embedder.name}'s vectors`
        : 're-embedding filled in what the slot lacked',
  );
  return report;
}

/**
 * Removes the vectors and indexes of the slot a finished switch left behind. Run once no Strata configured with the
 * old embedder is still answering (it reads that slot); nothing needs it after that.
 */
export async function dropPreviousVectors(
  deps: Pick<ReembedDeps, 'store' | 'schema' | 'log'>,
): Promise<{ slot: VectorSlot['name']; cleared: number }> {
  const record = await deps.schema.record();
  if (record.reembed !== null)
    throw new Error(
      `a re-embedding to ${record.reembed.embedder} is under way or was stopped: its slot is the other one, ` +
        'finish it (strata reembed) before dropping anything',
    );
  const previous = otherSlot(record.slot);
  await deps.schema.dropIndexes(previous);
  const cleared = await deps.store.clearSlot(previous);
  deps.log.info({ slot: previous.name, cleared }, 'previous vectors dropped');
  return { slot: previous.name, cleared };
}

async function embedGroup(
  deps: ReembedDeps,
  groupId: string,
  target: VectorSlot,
  pageSize: number,
  report: ReembedReport,
  progress: (count: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const { store, embedder } = deps;
  const phases = report.phaseSeconds;
  let mark = performance.now();
  const lap = (phase: 'memories' | 'summaries' | 'eras') => {
    const now = performance.now();
    phases[phase] += (now - mark) / 1000;
    mark = now;
  };
  // Memories first, then summaries, then eras, which take the mean of their periods' new content vectors.
  let after = '';
  for (;;) {
    if (signal?.aborted) return;
    const page = await store.memoriesAfter(groupId, after, pageSize, target);
    if (page.length === 0) break;
    const vectors = await embed(
      deps,
      page.map((m) => memoryEmbeddedText(embedder.semantic, m)),
      report,
    );
    await store.writeMemoryVectors(
      groupId,
      page.map((m, i) => ({ id: m.id, vector: vectors[i] as number[] })),
      target,
    );
    report.embedded.memories += page.length;
    progress(page.length);
    after = (page.at(-1) as { id: string }).id;
    if (page.length < pageSize) break;
  }
  lap('memories');
  after = '';
  for (;;) {
    if (signal?.aborted) return;
    const page = await store.summariesAfter(groupId, after, pageSize, target);
    if (page.length === 0) break;
    const texts: string[] = [];
    for (const s of page) {
      if (s.needsVector) texts.push(s.text);
      // A period whose originals were all pruned keeps what its own text says.
      if (s.childTexts) texts.push(s.childTexts.length > 0 ? contentText(s.childTexts) : s.text);
    }
    const vectors = await embed(deps, texts, report);
    let next = 0;
    const rows: SummaryVectors[] = page.map((s) => ({
      id: s.id,
      version: s.version,
      vector: s.needsVector ? (vectors[next++] as number[]) : null,
      contentVector: s.childTexts ? (vectors[next++] as number[]) : null,
    }));
    await store.writeSummaryVectors(rows, target);
    report.embedded.summaries += page.length;
    progress(page.length);
    after = (page.at(-1) as { id: string }).id;
    if (page.length < pageSize) break;
  }
  lap('summaries');
  const eras = await store.eras(groupId, target);
  if (eras.length === 0 || signal?.aborted) return;
  const means = eras.map((e) => meanVector(e.periodVectors));
  const texts = eras.flatMap((e, i) => (means[i] ? [] : [eraEmbeddedText(e.theme, e.text)]));
  const embedded = texts.length > 0 ? await embed(deps, texts, report) : [];
  let next = 0;
  await store.writeEraVectors(
    eras.map((e, i) => ({
      id: e.id,
      version: e.version,
      vector: means[i] ?? (embedded[next++] as number[]),
    })),
    target,
  );
  report.embedded.eras += eras.length;
  progress(eras.length);
  lap('eras');
}

/** Embeds in the embedder's parts, held to its size: a vector of another size never reaches the slot. */
async function embed(deps: ReembedDeps, texts: string[], report: ReembedReport): Promise<number[][]> {
  const { embedder } = deps;
  if (texts.length === 0) return [];
  const part = Math.min(texts.length, embedder.textsPerCall);
  const vectors: number[][] = [];
  for (let i = 0; i < texts.length; i += part) {
    vectors.push(...(await embedder.embeddings.embedDocuments(texts.slice(i, i + part))));
    report.calls++;
  }
  if (vectors.length !== texts.length)
    throw new EmbedderError(`${embedder.name} answered ${vectors.length} vectors for ${texts.length} texts`);
  const wrong = vectors.find((v) => v.length !== embedder.dimension);
  if (wrong)
    throw new EmbedderError(
      `${embedder.name} answered a vector of ${wrong.length} numbers; it is configured for ${embedder.dimension}`,
    );
  return vectors;
}

async function estimate(
  deps: ReembedDeps,
  target: VectorSlot,
  everything: boolean,
  pageSize: number,
): Promise<ReembedEstimate> {
  const { store, embedder } = deps;
  const pending = await store.pending(target, everything);
  // Summaries of days and up embed two texts, sessions one; the count does not tell them apart, so 1.5 each.
  const texts = pending.memories + Math.ceil(pending.summaries * 1.5) + pending.eras;
  const pages = Math.ceil(pending.memories / pageSize) + Math.ceil(pending.summaries / pageSize);
  const perPage = Number.isFinite(embedder.textsPerCall) ? Math.ceil(pageSize / embedder.textsPerCall) : 1;
  const sample = await sampleTexts(deps, target);
  let perText = 0;
  if (sample.length > 0) {
    const t0 = performance.now();
    await embedder.embeddings.embedDocuments(sample);
    perText = (performance.now() - t0) / 1000 / sample.length;
  }
  return { pending, texts, calls: pages * perPage + pending.eras, embedSeconds: texts * perText };
}

/** Up to 200 memory texts of the first group with memories, as the run would embed them. */
async function sampleTexts(deps: ReembedDeps, target: VectorSlot): Promise<string[]> {
  for (const groupId of await deps.store.groups()) {
    const page = await deps.store.memoriesAfter(groupId, '', 200, target);
    if (page.length > 0) return page.map((m) => memoryEmbeddedText(deps.embedder.semantic, m));
  }
  return [];
}

function sum(counts: PendingCounts): number {
  return counts.memories + counts.summaries + counts.eras;
}

/** What GET /v1/admin/reembed answers: the database's record, this process's embedder and its latest run. */
export function reembedStatusOf(
  record: EmbedderRecord,
  embedder: Pick<Embedder, 'name' | 'dimension'>,
  job: ReembedJob | null,
): ReembedStatus {
  return {
    database: {
      embedder: record.embedder,
      dimension: record.dimension,
      slot: record.slot.name,
      reembedTo: record.reembed?.embedder ?? null,
    },
    configured: { embedder: embedder.name, dimension: embedder.dimension },
    job,
  };
}

/**
 * The API's re-embedding: one at a time in this process, in the background, and what the latest did. A run that
 * switches goes to this process's own embedder, so its statements follow the new slot at once.
 */
export class ReembedRunner {
  private job: ReembedJob | null = null;

  constructor(
    private readonly run: (options: ReembedOptions) => Promise<ReembedReport>,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  latest(): ReembedJob | null {
    return this.job ? { ...this.job } : null;
  }

  /** Starts a run and returns at once; throws ReembedRunningError while one is running. */
  start(pageSize: number): ReembedJob {
    if (this.job?.state === 'running')
      throw new ReembedRunningError(`a re-embedding started at ${this.job.startedAt} is still running`);
    const job: ReembedJob = {
      state: 'running',
      startedAt: this.now().toISOString(),
      finishedAt: null,
      done: 0,
      total: 0,
      report: null,
      error: null,
    };
    this.job = job;
    const onProgress = (done: number, total: number) => {
      job.done = done;
      job.total = total;
    };
    this.run({ pageSize, onProgress }).then(
      (report) => {
        Object.assign(job, { state: 'succeeded', report, finishedAt: this.now().toISOString() });
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        Object.assign(job, { state: 'failed', error: message, finishedAt: this.now().toISOString() });
        this.log.error({ err: error }, 're-embedding failed; run it again to carry on');
      },
    );
    return { ...job };
  }
}
