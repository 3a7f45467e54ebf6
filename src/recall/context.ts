import { type BuiltContext, buildContext } from '../domain/context.js';
import {
  latestCandidates,
  NAMED_IN_BLOCK,
  namedCandidates,
  recallHitsFor,
  relevantCandidates,
  standingCandidates,
} from '../domain/context-values.js';
import type { RecallRequest, RecallResponse } from '../domain/recall.js';
import type { TokenCounter } from '../domain/tokens.js';
import type { ContextStore } from '../graph/recall.js';
import type { RecallOptions } from './recall.js';

type RecallFn = (groupId: string, request: RecallRequest, options?: RecallOptions) => Promise<RecallResponse>;

export interface ContextDeps {
  repo: ContextStore;
  recall: RecallFn;
  /** The counter of the budget's tokens, loaded on first use. */
  tokens: () => Promise<TokenCounter>;
  /** Recall's relevance floor (RECALL_MIN_RELEVANCE): below it a query has no answer in the group. */
  minRelevance: number;
}

/** Standing periods offered to the block; the budget decides how many of them it keeps. */
const STANDING = { months: 2, weeks: 4, days: 7 } as const;
/** Latest turns offered: about what the budget could hold (a turn runs some 20 tokens or more), within bounds. */
const latestTurnsFor = (budgetTokens: number) => Math.min(200, Math.max(10, Math.ceil(budgetTokens / 20)));

/**
 * A prompt-ready block for an agent within a token budget: who or what the query names (the group's entities), what
 * recall finds for the query (all of it, weaker hits included, with the turns around them), the group's standing
 * layers and its latest turns, valued on one scale (domain/context-values.ts) and packed by value (domain/context.ts).
 */
export async function groupContext(
  deps: ContextDeps,
  groupId: string,
  options: { budgetTokens: number; query?: string; asOf?: string },
): Promise<BuiltContext> {
  const { budgetTokens, query, asOf } = options;
  // The layers and recall do not depend on each other: both reads go to Neo4j at once. minScore 0: every hit comes
  // back, and relevantCandidates applies the floor itself, so what recall would return leads and the weaker hits can
  // still fill a large budget.
  const [sources, found, tokens] = await Promise.all([
    deps.repo.contextSources(groupId, { ...STANDING, turns: latestTurnsFor(budgetTokens) }, asOf ?? null),
    query
      ? deps.recall(
          groupId,
          {
            query,
            ...(asOf ? { asOf } : {}),
            k: recallHitsFor(budgetTokens),
            mode: 'hybrid',
            minScore: 0,
            expand: { turns: 1, down: true, perSummary: 3, sideways: 0 },
          },
          { everyReply: true },
        )
      : null,
    deps.tokens(),
  ]);
  const relevant = found
    ? relevantCandidates(found, deps.minRelevance)
    : { relevant: [], relevantSummaries: [] };
  const named = found?.entities.slice(0, NAMED_IN_BLOCK) ?? [];
  const briefs = await deps.repo.entityBriefs(
    groupId,
    named.map((e) => e.id),
    asOf ?? null,
  );
  const timeZone = sources.timezone ?? 'UTC';
  return buildContext(
    {
      named: query ? namedCandidates(query, named, briefs, timeZone) : [],
      ...relevant,
      standing: standingCandidates(sources, query),
      latest: latestCandidates(sources.turns, query),
      timeZone,
    },
    budgetTokens,
    tokens,
  );
}
