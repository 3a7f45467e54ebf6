/**
 * The context block and the session summaries, measured on LoCoMo against its references and against baselines.
 *
 * Every conversation of ../shared/bench/locomo/locomo-dev.json goes into a group of its own (ids are its dialogue
 * ids), the cycle runs, then:
 *
 * - Session summaries: ROUGE-1 and ROUGE-L F1 (stemmed, as rouge-score) of each Strata session summary against
 *   LoCoMo's `session_summary`, beside lead-k (the session's first turns, "Speaker: text", cut to the same number of
 *   words); and the share of the turns LoCoMo's `observation` facts come from that each one quotes (a turn is
 *   quoted when one of its sentences is in the summary).
 * - The context block: for every question of categories 1-4 and each budget, the share of the question's evidence
 *   turns whose text is in `services.context(group, {budgetTokens, query})`, beside baselines packed to the same
 *   budget with the same tokenizer: recall-packed (the memories `/recall` names for the question, k = 100 and
 *   otherwise as the API answers, in its order: each hit, then the memories under it, one text per line), the same
 *   with no relevance floor (minScore 0, so it can fill any budget), those again written as the block writes turns
 *   (speaker and date headings, packed in recall's order by the block's own code), and most-recent turns. The
 *   targets are printed against each recall-packed block. Also: tokens used, the share of lines that repeat an
 *   earlier line, and of memory lines naming a speaker.
 *
 *   npm run bench:context -- [--file path/to/locomo.json] [--budgets 400,800,2000,4000] [--questions N] [--keep]
 *
 * --questions asks only the first N questions of each conversation (a quick look; the figures are the full run's).
 *
 * Data: LoCoMo (Maharana et al., ACL 2024), three of its ten conversations; see ../shared/bench/locomo/NOTICE.md.
 */
import { readFile } from 'node:fs/promises';
import { encodingFor, loadTokenCounter } from '../src/ai/tokenizer.js';
import { buildContext, CONTEXT_TITLES, type ContextMemory, sentenceKey } from '../src/domain/context.js';
import { type RecallResponse, recallRequestSchema } from '../src/domain/recall.js';
import { splitSentences } from '../src/domain/text.js';
import type { TokenCounter } from '../src/domain/tokens.js';
import { type LocomoConversation, readLocomoFile } from '../src/ingest/importers/locomo.js';
import type { Strata } from '../src/strata.js';
import { hasNeo4j, intOption, options, run, skippedLine } from './lib/cli.js';
import { cycleOne } from './lib/cycles.js';
import { CATEGORIES, CATEGORY_NAMES, scorableQuestions } from './lib/evidence.js';
import { heading, line, num, percentile, table, verdict } from './lib/format.js';
import { locomoPath } from './lib/paths.js';
import { leadWords, rouge } from './lib/rouge.js';
import { awaitSearchIndexes, benchGroupId, cleanUp, LOCAL_CONFIG, openBenchStrata } from './lib/strata.js';

const args = options({
  file: { type: 'string' },
  budgets: { type: 'string', default: '400,800,2000,4000' },
  keep: { type: 'boolean', default: false },
  questions: { type: 'string' },
});

/** LoCoMo's own fields this bench reads beside the importer's conversation. */
interface LocomoReferences {
  sample_id: string;
  session_summary?: Record<string, string>;
  observation?: Record<string, Record<string, [string, string | string[]][]>>;
}

interface Group {
  groupId: string;
  conversation: LocomoConversation;
  references: LocomoReferences;
  turns: Map<string, { text: string; speaker: string; ts: string }>;
}

run(async () => {
  const path = locomoPath(args.file);
  const conversations = await readLocomoFile(path);
  const references = JSON.parse(await readFile(path, 'utf8')) as LocomoReferences[];
  const budgets = String(args.budgets)
    .split(',')
    .map((b) => Number(b.trim()))
    .filter((b) => Number.isInteger(b) && b >= 50);
  heading(`Context block and session summaries: ${conversations.length} LoCoMo conversations from ${path}`);
  if (!hasNeo4j) {
    console.log(
      skippedLine("session summaries against LoCoMo's references, and the context block against recall"),
    );
    return;
  }
  // Pruning off, as in every bench but bench:locomo: the context is measured on the whole conversation.
  const strata = await openBenchStrata(LOCAL_CONFIG);
  const counter = await loadTokenCounter(
    encodingFor(strata.config.context.tokenizer, strata.config.context.chatModel),
  );
  line('tokenizer', counter.name, 'CONTEXT_TOKENIZER; the baselines are counted with it too');
  const groups: Group[] = [];
  try {
    for (const conversation of conversations) {
      const groupId = benchGroupId(`context-${conversation.sampleId}`);
      const memories = conversation.memories.map((m) => ({ ...m, id: String(m.meta?.diaId) }));
      for (let i = 0; i < memories.length; i += 1000)
        await strata.services.ingest(groupId, memories.slice(i, i + 1000));
      const report = await cycleOne(strata, groupId);
      line(`cycle ${conversation.sampleId}`, `${report.status}, ${report.levels.session.created} sessions`);
      groups.push({
        groupId,
        conversation,
        references: references.find((r) => r.sample_id === conversation.sampleId) ?? {
          sample_id: conversation.sampleId,
        },
        turns: new Map(
          memories.map((m) => [m.id, { text: m.text, speaker: m.speaker, ts: new Date(m.ts).toISOString() }]),
        ),
      });
    }
    await awaitSearchIndexes(strata);
    await sessionSummaries(strata, groups);
    await contextBlocks(strata, groups, budgets, counter);
  } finally {
    await cleanUp(
      strata,
      groups.map((g) => g.groupId),
      Boolean(args.keep),
    );
    await strata.close();
  }
});

async function sessionSummaries(strata: Strata, groups: Group[]): Promise<void> {
  heading(
    'session summaries against LoCoMo session_summary (ROUGE F1, stemmed) and observation turns quoted',
  );
  const sums = { strata: { r1: 0, rl: 0, quoted: 0 }, lead: { r1: 0, rl: 0, quoted: 0 } };
  let sessions = 0;
  let observed = 0;
  let words = 0;
  let referenceWords = 0;
  for (const group of groups) {
    const summaries = await strata.services.listSummaries(group.groupId, { level: 'session', limit: 500 });
    for (const summary of summaries) {
      const detail = await strata.services.getSummary(summary.id);
      const ids = (detail?.children ?? []).filter((id) => group.turns.has(id));
      const session = sessionOf(ids);
      const reference = group.references.session_summary?.[`session_${session}_summary`];
      if (session === null || !reference) continue;
      const turns = ids
        .map((id) => ({ id, ...(group.turns.get(id) as { text: string; speaker: string; ts: string }) }))
        .sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : turnNumber(a.id) - turnNumber(b.id)));
      const length = summary.text.split(/\s+/).filter(Boolean).length;
      const lead = leadWords(
        turns.map((t) => `${t.speaker}: ${t.text}`),
        length,
      );
      const ours = rouge(summary.text, reference);
      const theirs = rouge(lead, reference);
      sums.strata.r1 += ours.rouge1;
      sums.strata.rl += ours.rougeL;
      sums.lead.r1 += theirs.rouge1;
      sums.lead.rl += theirs.rougeL;
      const observedTurns = observationTurns(group.references, session).filter((id) => group.turns.has(id));
      const saidByStrata = sentencesOf(summary.text);
      const saidByLead = sentencesOf(lead);
      for (const id of observedTurns) {
        const text = group.turns.get(id)?.text ?? '';
        if (quotes(saidByStrata, text)) sums.strata.quoted += 1;
        if (quotes(saidByLead, text)) sums.lead.quoted += 1;
      }
      observed += observedTurns.length;
      sessions += 1;
      words += length;
      referenceWords += reference.split(/\s+/).filter(Boolean).length;
    }
  }
  const mean = (v: number) => (sessions > 0 ? (v / sessions).toFixed(3) : '-');
  const share = (v: number) => (observed > 0 ? (v / observed).toFixed(3) : '-');
  line(
    'sessions scored',
    `${num(sessions)}`,
    `summaries ${num(words / Math.max(1, sessions))} words, references ${num(referenceWords / Math.max(1, sessions))}`,
  );
  table(
    ['summary', 'ROUGE-1 F1', 'ROUGE-L F1', `observation turns quoted (${num(observed)})`],
    [
      ['strata (local extractive)', mean(sums.strata.r1), mean(sums.strata.rl), share(sums.strata.quoted)],
      ['lead-k, same length (baseline)', mean(sums.lead.r1), mean(sums.lead.rl), share(sums.lead.quoted)],
    ],
  );
}

/** The LoCoMo session a summary's turns come from ("D3:7" is session 3), when they all agree. */
function sessionOf(ids: string[]): number | null {
  const sessions = new Set(ids.map((id) => Number(/^D(\d+):/.exec(id)?.[1])));
  return sessions.size === 1 ? ([...sessions][0] as number) : null;
}

function turnNumber(id: string): number {
  return Number(/:(\d+)$/.exec(id)?.[1] ?? 0);
}

function observationTurns(references: LocomoReferences, session: number): string[] {
  const bySpeaker = references.observation?.[`session_${session}_observation`] ?? {};
  const ids = Object.values(bySpeaker).flatMap((facts) =>
    facts.flatMap(([, evidence]) => (Array.isArray(evidence) ? evidence : [evidence])),
  );
  return [...new Set(ids.flatMap((id) => String(id).split(/[;,\s]+/)).filter((id) => /^D\d+:\d+$/.test(id)))];
}

/** A summary's sentences as keys, read once per summary. */
function sentencesOf(summary: string): Set<string> {
  return new Set(splitSentences(summary).map(sentenceKey));
}

/** Whether a summary (its sentence keys) quotes one of the turn's sentences. */
function quotes(said: Set<string>, turn: string): boolean {
  return splitSentences(turn).some((s) => {
    const key = sentenceKey(s);
    return key.split(' ').length >= 3 && said.has(key);
  });
}

interface Tally {
  evidence: number;
  tokens: number;
  lines: number;
  repeated: number;
  memoryLines: number;
  named: number;
}

const tally = (): Tally => ({ evidence: 0, tokens: 0, lines: 0, repeated: 0, memoryLines: 0, named: 0 });

async function contextBlocks(
  strata: Strata,
  groups: Group[],
  budgets: number[],
  counter: TokenCounter,
): Promise<void> {
  heading(`context block against baselines packed to the same budget (${budgets.join(', ')} tokens)`);
  const methods = [
    'context',
    'recall-packed',
    'recall-packed, no floor',
    'the same, written as the block writes turns',
    'most recent turns',
  ] as const;
  const tallies = new Map<string, Tally>();
  const byCategory = new Map<string, { sum: number; count: number }>();
  const at = (method: string, budget: number) => {
    const key = `${method}@${budget}`;
    const t = tallies.get(key) ?? tally();
    tallies.set(key, t);
    return t;
  };
  let asked = 0;
  const contextMs: number[] = [];
  const started = performance.now();
  for (const group of groups) {
    const turnIds = new Set(group.turns.keys());
    const scorable = scorableQuestions(group.conversation.questions, turnIds).questions;
    const questions = args.questions ? scorable.slice(0, intOption(args.questions, 'questions')) : scorable;
    const newestFirst = [...group.turns.values()]
      .sort((a, b) => (a.ts < b.ts ? 1 : a.ts > b.ts ? -1 : 0))
      .map((t) => t.text);
    for (const question of questions) {
      const evidence = question.evidence.map((id) => normalise(group.turns.get(id)?.text ?? ''));
      const found = await strata.services.recall(
        group.groupId,
        recallRequestSchema.parse({ query: question.question, k: 100 }),
      );
      const recalled = recalledTexts(found);
      const unfloored = await strata.services.recall(
        group.groupId,
        recallRequestSchema.parse({ query: question.question, k: 100, minScore: 0 }),
      );
      const everything = recalledTexts(unfloored);
      const everythingAsTurns = recalledTurns(unfloored);
      for (const budget of budgets) {
        const t0 = performance.now();
        const context = await strata.services.context(group.groupId, {
          budgetTokens: budget,
          query: question.question,
        });
        contextMs.push(performance.now() - t0);
        const blocks: Record<(typeof methods)[number], { text: string; tokens: number }> = {
          context: context,
          'recall-packed': packLines(recalled, budget, counter),
          'recall-packed, no floor': packLines(everything, budget, counter),
          'the same, written as the block writes turns': buildContext(
            { relevant: everythingAsTurns, relevantSummaries: [], standing: [], latest: [], timeZone: 'UTC' },
            budget,
            counter,
          ),
          'most recent turns': packLines(newestFirst, budget, counter),
        };
        for (const method of methods) {
          const block = blocks[method];
          const share = evidenceShare(block.text, evidence);
          const t = at(method, budget);
          t.evidence += share;
          t.tokens += block.tokens;
          if (method === 'context') {
            const shape = lineShape(block.text);
            t.lines += shape.lines;
            t.repeated += shape.repeated;
            t.memoryLines += shape.memoryLines;
            t.named += shape.named;
            const key = `${question.category}@${budget}`;
            const c = byCategory.get(key) ?? { sum: 0, count: 0 };
            byCategory.set(key, { sum: c.sum + share, count: c.count + 1 });
          }
        }
      }
      asked += 1;
    }
  }
  contextMs.sort((a, b) => a - b);
  line(
    'questions',
    `${num(asked)}`,
    `in ${((performance.now() - started) / 1000).toFixed(0)} s; context p50 ${num(percentile(contextMs, 50), 1)} ms, p99 ${num(percentile(contextMs, 99), 1)} ms (in process)`,
  );
  const rows = budgets.flatMap((budget) =>
    methods.map((method) => {
      const t = at(method, budget);
      const n = Math.max(1, asked);
      return [
        `${budget}`,
        method,
        (t.evidence / n).toFixed(3),
        num(t.tokens / n),
        `${((100 * t.tokens) / n / budget).toFixed(0)} %`,
        method === 'context' ? `${((100 * t.repeated) / Math.max(1, t.lines)).toFixed(1)} %` : '',
        method === 'context' ? `${((100 * t.named) / Math.max(1, t.memoryLines)).toFixed(1)} %` : '',
      ];
    }),
  );
  table(
    ['budget', 'block', 'evidence in block', 'tokens', 'of budget', 'lines repeated', 'memory lines named'],
    rows,
  );
  table(
    ['budget', ...CATEGORIES.map((c) => CATEGORY_NAMES[c] as string)],
    budgets.map((budget) => [
      `${budget}`,
      ...CATEGORIES.map((c) => {
        const v = byCategory.get(`${c}@${budget}`);
        return v ? (v.sum / v.count).toFixed(3) : '-';
      }),
    ]),
  );
  const mean = (method: string, budget: number) => at(method, budget).evidence / Math.max(1, asked);
  // The baseline is recall-packed as the API answers it (floor on). The block is also held to the stronger
  // packing with no floor, in plain text and written as the block writes turns (speaker, date headings): the
  // difference between those two is what saying who and when costs.
  const baselines = [
    'recall-packed',
    'recall-packed, no floor',
    'the same, written as the block writes turns',
  ];
  if (budgets.includes(2000)) {
    const used = at('context', 2000).tokens / Math.max(1, asked) / 2000;
    line('2000: budget used', `${(100 * used).toFixed(0)} %`, `target >= 80 %: ${verdict(used >= 0.8)}`);
    for (const baseline of baselines) {
      const gap = mean('context', 2000) - mean(baseline, 2000);
      line(`2000: context - ${baseline}`, gap.toFixed(3), `target >= 0: ${verdict(gap >= 0)}`);
    }
  }
  if (budgets.includes(800)) {
    for (const baseline of baselines) {
      const gap = mean('context', 800) - mean(baseline, 800);
      line(`800: context - ${baseline}`, gap.toFixed(3), `target >= -0.03: ${verdict(gap >= -0.03)}`);
    }
  }
  const all = budgets.map((b) => at('context', b));
  const repeated =
    all.reduce((s, t) => s + t.repeated, 0) /
    Math.max(
      1,
      all.reduce((s, t) => s + t.lines, 0),
    );
  const named =
    all.reduce((s, t) => s + t.named, 0) /
    Math.max(
      1,
      all.reduce((s, t) => s + t.memoryLines, 0),
    );
  line(
    'lines repeating an earlier line',
    `${(100 * repeated).toFixed(2)} %`,
    `target <= 1 %: ${verdict(repeated <= 0.01)}`,
  );
  line(
    'memory lines naming their speaker',
    `${(100 * named).toFixed(1)} %`,
    `target 100 %: ${verdict(named === 1)}`,
  );
}

/** The texts of the memories a recall response names, in its order: each hit, then the memories under it. */
function recalledTexts(response: RecallResponse): string[] {
  return recalledTurns(response).map((turn) => turn.text);
}

/**
 * The same memories as turns, each worth less than the one before it: given to the block's own packing alone, they
 * go in recall's order, written with their speaker under date headings as the block writes them (the group's dates
 * are read in UTC, as LoCoMo's are).
 */
function recalledTurns(response: RecallResponse): ContextMemory[] {
  const seen = new Set<string>();
  const turns: ContextMemory[] = [];
  for (const item of response.items) {
    const memories = [
      ...(item.kind === 'memory'
        ? [{ id: item.id, text: item.text, speaker: item.speaker ?? '', ts: item.ts ?? '' }]
        : []),
      ...item.details.map((d) => ({ id: d.id, text: d.text, speaker: d.speaker, ts: d.ts })),
    ];
    for (const m of memories) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      turns.push({ ...m, value: 1 - turns.length / 10_000 });
    }
  }
  return turns;
}

/**
 * Texts one per line, in order, while the whole still fits the budget. Lines are counted one at a time (each with
 * its newline); the whole is counted at the end and the last lines dropped should the parts have undercounted it.
 */
function packLines(texts: string[], budget: number, counter: TokenCounter): { text: string; tokens: number } {
  const lines: string[] = [];
  let sum = 0;
  for (const raw of texts) {
    const text = normalise(raw);
    const cost = counter.count(text) + (lines.length > 0 ? 1 : 0);
    if (sum + cost > budget) break;
    lines.push(text);
    sum += cost;
  }
  let tokens = counter.count(lines.join('\n'));
  while (tokens > budget && lines.length > 0) {
    lines.pop();
    tokens = counter.count(lines.join('\n'));
  }
  return { text: lines.join('\n'), tokens };
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function evidenceShare(block: string, evidence: string[]): number {
  if (evidence.length === 0) return 0;
  const text = normalise(block);
  return evidence.filter((e) => e !== '' && text.includes(e)).length / evidence.length;
}

/**
 * The block's content lines (not titles, blank lines or date headings): how many repeat an earlier one (same words,
 * a period's label or a speaker aside), and how many of the memory lines (those under the turn sections) name a
 * speaker ("- Name: text").
 */
function lineShape(block: string): { lines: number; repeated: number; memoryLines: number; named: number } {
  const titles = new Map<string, boolean>(
    Object.entries(CONTEXT_TITLES).map(([section, title]) => [
      title,
      section === 'relevant' || section === 'latest',
    ]),
  );
  const seen = new Set<string>();
  let turnSection = false;
  let lines = 0;
  let repeated = 0;
  let memoryLines = 0;
  let named = 0;
  for (const l of block.split('\n')) {
    if (titles.has(l)) turnSection = titles.get(l) === true;
    if (!l.startsWith('- ')) continue;
    lines += 1;
    const body = turnSection ? l.slice(2) : l.slice(2).replace(/^[^:]*: /, '');
    const key = sentenceKey(body);
    if (seen.has(key)) repeated += 1;
    seen.add(key);
    if (turnSection) {
      memoryLines += 1;
      if (/^- [^:]{1,40}: \S/.test(l) && !l.startsWith('- someone: ')) named += 1;
    }
  }
  return { lines, repeated, memoryLines, named };
}
