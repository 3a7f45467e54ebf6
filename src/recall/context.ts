import { type BuiltContext, buildContext, type ContextLayers } from '../domain/context.js';
import type { RecallRequest, RecallResponse } from '../domain/recall.js';
import type { Graph } from '../graph/graph.js';

type RecallFn = (groupId: string, request: RecallRequest) => Promise<RecallResponse>;

/**
 * A prompt-ready block for an agent: the group's standing layers (era, month, weeks, days) and, when a query is
 * given, what recall finds for it, cut to a token budget.
 */
export async function groupContext(
  deps: { graph: Graph; recall: RecallFn },
  groupId: string,
  options: { budgetTokens: number; query?: string },
): Promise<BuiltContext> {
  const [layers] = await deps.graph.read<{
    eras: { theme: string; start: string; text: string | null }[];
    months: { periodStart: string; text: string }[];
    weeks: { periodStart: string; text: string }[];
    days: { periodStart: string; text: string }[];
  }>('recall/context-layers', { groupId });
  const found = options.query
    ? await deps.recall(groupId, {
        query: options.query,
        k: 8,
        mode: 'hybrid',
        expand: { turns: 0, down: false, perSummary: 0, sideways: 0 },
      })
    : null;
  const era = layers?.eras[0];
  const context: ContextLayers = {
    era: era ? { theme: era.theme, start: era.start, ...(era.text ? { text: era.text } : {}) } : null,
    month: layers?.months[0] ?? null,
    weeks: layers?.weeks ?? [],
    days: layers?.days ?? [],
    recall: found?.items.map((item) => ({
      text: item.text,
      when: item.ts?.slice(0, 10) ?? item.periodStart ?? '',
      level: item.level,
    })),
  };
  return buildContext(context, options.budgetTokens);
}
