import type { ContextCandidates, ContextMemory, ContextNote, ContextPeriod } from './context.js';
import { type EntityBrief, entityBriefLine } from './entity-briefs.js';
import { SUPPORTING_SHARE } from './ranking.js';
import type { RecallResponse } from './recall.js';
import { contentWords } from './text.js';

/**
 * What each candidate of the context block is worth, on one 0..1 scale, so that recall's turns, the summary layers
 * and the latest turns share one budget (see buildContext).
 *
 * With a query, what answers it comes first: the turns recall would return (those its relevance floor keeps), in
 * recall's order, 1 down to 0.5. Then recall's weaker hits, 0.3 down to 0.1 (0.2 to 0.05 when none reaches the
 * floor: the group holds no answer). A summary layer is worth 0.1 (the era's theme 0.25), plus half the share of
 * the query's content words it mentions; the latest turns come last. On LoCoMo's questions recall's weaker hits held
 * more of the answers, token for token, than the layers (bench:context). Without a query the frame and the latest
 * turns share the budget: era, month, latest weeks and days, and the newest turns, interleaved by age.
 */
export const CONTEXT_VALUE = {
  strongHits: { top: 1, bottom: 0.5 },
  weakHits: { top: 0.3, bottom: 0.1 },
  /** Hits of a query no hit answers (none reaches the floor). */
  unanswered: { top: 0.2, bottom: 0.05 },
  /** A summary hit is worth this share of its rank's value: its turns say it better. */
  summaryHitShare: 0.8,
  withQuery: {
    layer: { era: 0.25, month: 0.1, week: 0.1, day: 0.1, session: 0.1 },
    /** Added for the share of the query's content words a layer mentions. */
    mentions: 0.5,
    latestTurns: { top: 0.08, bottom: 0.02 },
  },
  withoutQuery: {
    layer: { era: 0.95, month: 0.85, week: 0.8, day: 0.8, session: 0.8 },
    latestTurns: { top: 0.75, bottom: 0.25 },
  },
  /** Each older period of a level is worth this much less than the one after it. */
  perOlderPeriod: 0.1,
  /**
   * Who or what the query names. Asked about ("Who is Ana?", "tell me about Lisbon"): after the turns that answer
   * it (they say it in the group's words), before the weaker hits. Only named ("What did Ana cook?"): after them,
   * with what room is left (on LoCoMo's questions, which name their speakers, a line before the weaker hits cost
   * evidence at 2,000 tokens).
   */
  named: { askedAbout: 0.45, mentioned: 0.09 },
} as const;

/** How many of the entities a query names the block says something of. */
export const NAMED_IN_BLOCK = 3;

/** A line for each entity the query names (at most NAMED_IN_BLOCK), in the order the query named them. */
export function namedCandidates(
  query: string,
  entities: RecallResponse['entities'],
  briefs: EntityBrief[],
  timeZone: string,
): ContextNote[] {
  const byId = new Map(briefs.map((b) => [b.id, b]));
  return entities.slice(0, NAMED_IN_BLOCK).flatMap((entity) => {
    const brief = byId.get(entity.id);
    if (!brief) return [];
    const value = asksWhoIs(query, [entity.name, ...entity.aliases])
      ? CONTEXT_VALUE.named.askedAbout
      : CONTEXT_VALUE.named.mentioned;
    return [{ id: entity.id, line: entityBriefLine(entity, brief, timeZone), value }];
  });
}

/**
 * Whether the query asks who or what one of the names is ("Who is Ana?", "who's Dr. Costa", "what is Northwind",
 * "tell me about Lisbon", "what do we know about RHS"), rather than naming it on the way to something else.
 */
export function asksWhoIs(query: string, names: string[]): boolean {
  return names.some((name) => {
    const spelled = name
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s+/g, '\\s+');
    if (!spelled) return false;
    const asked = new RegExp(
      `\\b(?:who|what)(?:'s|\\s+(?:is|was|are|were))\\s+(?:the\\s+)?${spelled}(?![\\p{L}\\p{N}])|\\babout\\s+(?:the\\s+)?${spelled}(?![\\p{L}\\p{N}])`,
      'iu',
    );
    return asked.test(query);
  });
}

/**
 * Recall hits to ask for: more than the budget can hold (a hit with the turn beside it runs 40 tokens or more), as
 * the weaker hits are only read to fill what the stronger leave, and how many are strong is not known in advance.
 */
export function recallHitsFor(budgetTokens: number): number {
  return Math.min(100, Math.max(20, Math.ceil(budgetTokens / 10)));
}

/**
 * Recall's answer as candidates. `floor` is the relevance floor recall applies when asked without one: the hits
 * within its supporting share are what recall would return, and lead; the rest come after them. When no hit reaches
 * the floor the group holds no answer, and every hit is worth less again: background at best, below the era.
 */
export function relevantCandidates(
  response: RecallResponse,
  floor: number,
): Pick<ContextCandidates, 'relevant' | 'relevantSummaries'> {
  const answered = floor <= 0 || response.items.some((item) => item.score >= floor);
  const ordered: {
    strong: boolean;
    memory?: Omit<ContextMemory, 'value'>;
    period?: Omit<ContextPeriod, 'value'>;
  }[] = [];
  for (const item of response.items) {
    const strong = answered && item.score >= floor * SUPPORTING_SHARE;
    if (item.kind === 'memory') {
      ordered.push({
        strong,
        memory: { id: item.id, text: item.text, speaker: item.speaker ?? '', ts: item.ts ?? '' },
      });
    } else {
      ordered.push({
        strong,
        period: {
          id: item.id,
          level: item.kind === 'era' ? 'era' : (item.level as ContextPeriod['level']),
          periodStart: (item.periodStart ?? '').slice(0, 10),
          text: item.text,
        },
      });
    }
    for (const d of item.details)
      ordered.push({ strong, memory: { id: d.id, text: d.text, speaker: d.speaker, ts: d.ts } });
  }
  const strongCount = ordered.filter((o) => o.strong).length;
  const weakCount = ordered.length - strongCount;
  const relevant: ContextMemory[] = [];
  const relevantSummaries: ContextPeriod[] = [];
  let strongSeen = 0;
  let weakSeen = 0;
  for (const o of ordered) {
    const value = o.strong
      ? descending(CONTEXT_VALUE.strongHits, strongSeen++, strongCount)
      : descending(answered ? CONTEXT_VALUE.weakHits : CONTEXT_VALUE.unanswered, weakSeen++, weakCount);
    if (o.memory) relevant.push({ ...o.memory, value });
    if (o.period) relevantSummaries.push({ ...o.period, value: value * CONTEXT_VALUE.summaryHitShare });
  }
  return { relevant, relevantSummaries };
}

export interface StandingLayers {
  eras: { id: string; theme: string; start: string; text: string | null }[];
  months: { id: string; periodStart: string; text: string }[];
  weeks: { id: string; periodStart: string; text: string }[];
  days: { id: string; periodStart: string; text: string }[];
}

/** The standing layers (each level newest first), valued by level and age, and with a query by what they mention of it. */
export function standingCandidates(layers: StandingLayers, query?: string): ContextPeriod[] {
  const queryWords = new Set(query ? contentWords(query) : []);
  const base = query ? CONTEXT_VALUE.withQuery.layer : CONTEXT_VALUE.withoutQuery.layer;
  const valued = (level: ContextPeriod['level'], age: number, text: string) => {
    const mentioned = queryWords.size > 0 ? mentionedShare(queryWords, text) : 0;
    return Math.max(
      0,
      base[level] - age * CONTEXT_VALUE.perOlderPeriod + CONTEXT_VALUE.withQuery.mentions * mentioned,
    );
  };
  const periods = (level: 'month' | 'week' | 'day', rows: StandingLayers['months']) =>
    rows.map((row, age) => ({
      id: row.id,
      level,
      periodStart: row.periodStart,
      text: row.text,
      value: valued(level, age, row.text),
    }));
  const era = layers.eras[0];
  return [
    ...(era
      ? [
          {
            id: era.id,
            level: 'era' as const,
            periodStart: era.start,
            text: era.text ?? '',
            theme: era.theme,
            value: valued('era', 0, `${era.theme} ${era.text ?? ''}`),
          },
        ]
      : []),
    ...periods('month', layers.months),
    ...periods('week', layers.weeks),
    ...periods('day', layers.days),
  ];
}

/** The group's latest turns (newest first): the thread an agent picks up without a query, filler with one. */
export function latestCandidates(turns: Omit<ContextMemory, 'value'>[], query?: string): ContextMemory[] {
  const range = query ? CONTEXT_VALUE.withQuery.latestTurns : CONTEXT_VALUE.withoutQuery.latestTurns;
  return turns.map((turn, i) => ({ ...turn, value: descending(range, i, turns.length) }));
}

/** Evenly from top (first) to bottom (last) over `count` places. */
function descending(range: { top: number; bottom: number }, index: number, count: number): number {
  if (count <= 1) return range.top;
  return range.top - ((range.top - range.bottom) * index) / (count - 1);
}

function mentionedShare(queryWords: Set<string>, text: string): number {
  const words = new Set(contentWords(text));
  let found = 0;
  for (const word of queryWords) if (words.has(word)) found += 1;
  return found / queryWords.size;
}
