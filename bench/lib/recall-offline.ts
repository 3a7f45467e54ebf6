import { mulberry32 } from '../../seed/generator.js';
import type { Embedder } from '../../src/ai/embeddings/index.js';
import type { Config } from '../../src/config.js';
import { ageInDays, decayFactor } from '../../src/domain/decay.js';
import { RECALL_LEVELS } from '../../src/domain/levels.js';
import { queryTerms } from '../../src/domain/lucene.js';
import { type Candidate, rankCandidates } from '../../src/domain/ranking.js';
import { recallRequestSchema } from '../../src/domain/recall.js';
import type { Deadline } from './cli.js';

export interface PartCost {
  name: string;
  /** Microseconds per call, mean. */
  meanUs: number;
  calls: number;
}

/**
 * 200 candidates as the searches would return them for one query: 120 from the vector side, 120 from full text,
 * 40 found by both, levels mixed, summaries of assorted ages (so decay varies).
 */
export function syntheticCandidates(decay: Config['decay'], now: Date, count = 200): Candidate[] {
  const rng = mulberry32(42);
  return Array.from({ length: count }, (_, i): Candidate => {
    const level = RECALL_LEVELS[i % RECALL_LEVELS.length] as Candidate['level'];
    const endsAt = new Date(now.getTime() - rng() * 400 * 86_400_000).toISOString();
    const setting = decay[level === 'session' || level === 'memory' || level === 'era' ? 'day' : level];
    return {
      id: `c${i}`,
      kind: level === 'memory' ? 'memory' : level === 'era' ? 'era' : 'summary',
      level,
      vectorScore: i < 120 ? 0.2 + rng() * 0.7 : null,
      lexicalScore: i >= 80 ? rng() * 12 : null,
      decay: level === 'memory' || level === 'era' ? 1 : decayFactor(ageInDays(endsAt, now), setting),
    };
  });
}

/** Mean cost of each non-Neo4j step of a recall, each run over the questions until its share of time or count is spent. */
export async function recallPartCosts(
  embedder: Embedder,
  decay: Config['decay'],
  questions: readonly string[],
  deadline: Deadline,
  perPartMs = 1500,
  maxCalls = 50_000,
): Promise<PartCost[]> {
  const candidates = syntheticCandidates(decay, new Date());
  const parts: [string, (q: string) => unknown][] = [
    ['validate request (zod)', (q) => recallRequestSchema.parse({ query: q, k: 10 })],
    ['embed query', (q) => embedder.embeddings.embedQuery(q)],
    ['query terms', (q) => queryTerms(q)],
    ['fuse + rank 200 candidates', () => rankCandidates(candidates, { k: 10 })],
  ];
  const costs: PartCost[] = [];
  for (const [name, fn] of parts) {
    const stop = performance.now() + perPartMs;
    let calls = 0;
    const started = performance.now();
    while (calls < maxCalls && performance.now() < stop && !deadline.passed()) {
      await fn(questions[calls % questions.length] as string);
      calls++;
    }
    costs.push({ name, meanUs: ((performance.now() - started) * 1000) / Math.max(1, calls), calls });
  }
  return costs;
}
