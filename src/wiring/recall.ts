import type { Embedder } from '../ai/embeddings/index.js';
import type { ApiServices } from '../api/services.js';
import type { Config } from '../config.js';
import type { RecallRequest } from '../domain/recall.js';
import type { StrataMetrics } from '../metrics.js';
import { groupContext } from '../recall/context.js';
import { type RecallDeps, type RecallOptions, recall } from '../recall/recall.js';
import type { Ai } from './ai.js';
import type { Stores } from './stores.js';

/** Recall and the context block built on it, with the configured ranking settings. */
export type Recall = Pick<ApiServices, 'recall' | 'context'>;

export function createRecall(parts: {
  config: Config;
  stores: Stores;
  embedder: Embedder;
  contextTokens: Ai['contextTokens'];
  metrics: StrataMetrics;
}): Recall {
  const { config, stores, embedder, contextTokens, metrics } = parts;
  const range = config.recall.vectorRelevanceRange;
  const deps: RecallDeps = {
    repo: stores.recall,
    embedder,
    settings: {
      listWeights: config.recall.listWeights,
      fusion: config.recall.fusion,
      minRelevance: config.recall.minRelevance,
      searchCandidates: config.recall.searchCandidates,
      termCandidates: config.recall.termCandidates,
      contextCandidates: config.recall.contextCandidates,
      vectorRelevance: range
        ? (similarity) => Math.min(1, Math.max(0, (similarity - range[0]) / (range[1] - range[0])))
        : null,
      turnGapMinutes: config.rollup.sessionGapMinutes,
    },
  };
  const recallTimed = (groupId: string, request: RecallRequest, options?: RecallOptions) =>
    metrics.time(metrics.recallSeconds, () => recall(deps, groupId, request, options));
  return {
    recall: recallTimed,
    context: (groupId, options) =>
      groupContext(
        {
          repo: stores.recall,
          recall: recallTimed,
          tokens: contextTokens,
          minRelevance: config.recall.minRelevance,
        },
        groupId,
        options,
      ),
  };
}
