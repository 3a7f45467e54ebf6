import { readFileSync } from 'node:fs';
import cron from 'node-cron';
import { z } from 'zod';
import { apiKeysFileSchema, legacyKey, type ScopedKey } from './domain/api-keys.js';
import type { DecaySetting } from './domain/decay.js';
import { timeZoneSchema } from './domain/time-zone.js';
import { TOKENIZERS } from './domain/tokens.js';

/**
 * Every setting Strata reads, from the environment, through this one schema.
 * Read once at start-up; an invalid value stops start-up with a message naming every bad variable.
 */

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const num = (fallback: number) => z.coerce.number().positive().default(fallback);
const bool = (fallback: boolean) => z.stringbool().default(fallback);

/**
 * Keys as JSON text. A parse failure is reported by position only: JSON.parse's own message quotes the text,
 * which holds keys.
 */
const keysJson = (text: string, ctx: z.RefinementCtx): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: 'is not valid JSON; expected {"keys": [{"name", "key" or "sha256", "groups"}]}',
    });
    return z.NEVER;
  }
};

/** STRATA_API_KEYS: the keys document itself. */
const keysSchema = z.string().transform(keysJson).pipe(apiKeysFileSchema);

/** STRATA_API_KEYS_FILE: a path to the keys document (a file keeps keys out of the process environment). */
const keysFileSchema = z.string().transform((path, ctx) => {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    });
    return z.NEVER;
  }
  const parsed = keysSchema.safeParse(text);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      ctx.addIssue({ code: 'custom', message: `${path}: ${where}${issue.message}` });
    }
    return z.NEVER;
  }
  return parsed.data;
});

export const envSchema = z.object({
  NEO4J_URI: z
    .string()
    .regex(/^(bolt|neo4j)(\+s|\+ssc)?:\/\/.+/, 'must look like bolt://host:7687 or neo4j+s://host')
    .default('bolt://localhost:7687'),
  NEO4J_USER: z.string().min(1).default('neo4j'),
  NEO4J_PASSWORD: z.string().min(1).default('strata-password'),
  NEO4J_DATABASE: z.string().min(1).default('neo4j'),
  NEO4J_RETRY_SECONDS: int(10),

  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STRATA_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  STRATA_API_KEYS: keysSchema.optional(),
  STRATA_API_KEYS_FILE: keysFileSchema.optional(),
  SHUTDOWN_TIMEOUT_SECONDS: int(20),
  BODY_LIMIT_BYTES: int(5 * 1024 * 1024),

  EMBEDDER: z.enum(['hashing', 'glove', 'openai']).default('hashing'),
  EMBEDDING_DIMENSION: z.coerce.number().int().min(8).max(4096).optional(),
  HASHING_CHAR_NGRAMS: z.coerce.number().int().min(0).max(6).default(0),
  WORD_VECTORS_CACHE: z.string().min(1).optional(),
  SUMMARIZER: z.enum(['local', 'openai']).default('local'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_EMBEDDING_MODEL: z.string().min(1).default('text-embedding-3-small'),
  OPENAI_TIMEOUT_MS: int(30_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),

  DEFAULT_TIMEZONE: timeZoneSchema.default('UTC'),
  SCHEDULER_ENABLED: bool(true),
  CYCLE_SCHEDULE: z
    .string()
    .refine((expr) => cron.validate(expr), { message: 'not a valid cron expression' })
    .default('*/5 * * * *'),
  CYCLE_LEASE_SECONDS: int(600),
  CYCLE_CONCURRENCY: int(32),
  CYCLE_SHARED_COMMITS: int(32),

  SESSION_GAP_MINUTES: int(30),
  SESSION_MAX_NEW_MESSAGES: int(20),
  // Bounds of one session. At most a quarter of the cycle's page of pending memories (PENDING_PER_PAGE in
  // jobs/rollup-level.ts), so a page always holds whole sessions.
  SESSION_MAX_MESSAGES: z.coerce.number().int().min(1).max(5_000).default(500),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 7)
    .default(24),
  DAY_GRACE_MINUTES: z.coerce.number().int().min(0).default(60),
  DAY_MIN_MEMORIES: int(3),
  WEEK_MIN_DAYS: int(2),
  MONTH_MIN_WEEKS: int(2),

  RECALL_VECTOR_WEIGHT: z.coerce.number().min(0).max(10).optional(),
  RECALL_LEXICAL_WEIGHT: z.coerce.number().min(0).max(10).default(1),
  RECALL_FUSION: z.enum(['ranks', 'scores']).optional(),
  RECALL_MIN_RELEVANCE: z.coerce.number().min(0).max(1).default(0.3),
  RECALL_SEARCH_CANDIDATES: z.coerce.number().int().min(10).max(2_000).default(100),
  RECALL_TERM_CANDIDATES: z.coerce.number().int().min(50).max(5_000).default(500),
  RECALL_CONTEXT_CANDIDATES: z.coerce.number().int().min(0).max(200).default(30),
  CONTEXT_TOKENIZER: z.enum(TOKENIZERS).default('auto'),

  ERAS_ENABLED: bool(true),
  ENTITIES_ENABLED: bool(true),
  ERA_MIN_DAYS: int(14),
  ERA_MAX_COUNT: int(10),

  DECAY_DAY_START_DAYS: num(7),
  DECAY_DAY_MAX_AGE_DAYS: num(14),
  DECAY_WEEK_START_DAYS: num(30),
  DECAY_WEEK_MAX_AGE_DAYS: num(90),
  DECAY_MONTH_START_DAYS: num(90),
  DECAY_MONTH_MAX_AGE_DAYS: num(365),

  PRUNE_ENABLED: bool(true),
  PRUNE_DRY_RUN: bool(false),
  PRUNE_MIN_DECAY: z.coerce.number().min(0).max(1).default(0.1),
  KEEP_ORIGINAL_DAYS: int(365),
});

export type Env = z.infer<typeof envSchema>;

/**
 * The size of each local embedder's vectors: the hashing embedder's default, and the glove embedder's only size
 * (100 GloVe dimensions and 28 for the words GloVe does not know). An OpenAI model reports its own.
 */
export const GLOVE_DIMENSION = 128;
const EMBEDDER_DIMENSION = { hashing: 384, glove: GLOVE_DIMENSION, openai: undefined } as const;
/**
 * How much the vector list counts in recall's fusion, full text counting 1. Word vectors fused by normalised score
 * at half of full text's weight: LoCoMo dev recall@10 0.725, at equal weight 0.690 (full text alone 0.668).
 */
const VECTOR_WEIGHT = { hashing: 0.05, glove: 0.5, openai: 1 } as const;

/** Rules that span variables; checked on whatever parsed, so one run reports these together with the rest. */
function crossFieldProblems(env: Partial<Env>): string[] {
  const problems: string[] = [];
  const needsKey = env.EMBEDDER === 'openai' || env.SUMMARIZER === 'openai';
  if (needsKey && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    problems.push(
      'OPENAI_API_KEY: required when EMBEDDER or SUMMARIZER is openai (or set OPENAI_BASE_URL for a local server)',
    );
  }
  if (
    env.EMBEDDER === 'glove' &&
    env.EMBEDDING_DIMENSION !== undefined &&
    env.EMBEDDING_DIMENSION !== GLOVE_DIMENSION
  ) {
    problems.push(
      `EMBEDDING_DIMENSION: the glove embedder makes ${GLOVE_DIMENSION}-dimensional vectors; leave it unset or set ${GLOVE_DIMENSION}`,
    );
  }
  for (const level of ['DAY', 'WEEK', 'MONTH'] as const) {
    const start = env[`DECAY_${level}_START_DAYS`];
    const max = env[`DECAY_${level}_MAX_AGE_DAYS`];
    if (start !== undefined && max !== undefined && max <= start) {
      problems.push(`DECAY_${level}_MAX_AGE_DAYS: must be greater than DECAY_${level}_START_DAYS (${start})`);
    }
  }
  const keys = allKeys({ STRATA_API_KEYS: [], STRATA_API_KEYS_FILE: [], ...env } as Env);
  const names = keys.map((k) => k.name);
  for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i))) {
    problems.push(`STRATA_API_KEYS / STRATA_API_KEYS_FILE: key name "${name}" is configured twice`);
  }
  const hashes = keys.map((k) => k.sha256);
  if (new Set(hashes).size !== hashes.length && !names.some((n, i) => names.indexOf(n) !== i)) {
    problems.push('STRATA_API_KEYS / STRATA_API_KEYS_FILE: the same key is configured under two names');
  }
  return problems;
}

export function buildConfig(env: Env) {
  return {
    neo4j: {
      uri: env.NEO4J_URI,
      user: env.NEO4J_USER,
      password: env.NEO4J_PASSWORD,
      database: env.NEO4J_DATABASE,
      retrySeconds: env.NEO4J_RETRY_SECONDS,
    },
    http: {
      host: env.HOST,
      port: env.PORT,
      apiKeys: allKeys(env),
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    logLevel: env.LOG_LEVEL,
    embedder: {
      kind: env.EMBEDDER,
      // The hashing embedder defaults to 384; an OpenAI model reports its own size unless one is asked for.
      dimension: env.EMBEDDING_DIMENSION ?? EMBEDDER_DIMENSION[env.EMBEDDER],
      charNgrams: env.HASHING_CHAR_NGRAMS,
      // Where the glove embedder keeps the word table it derives from its npm package on first use (default: under
      // node_modules/.cache/strata, see ai/embeddings/index.ts).
      wordVectorsCache: env.WORD_VECTORS_CACHE,
    },
    summarizer: { kind: env.SUMMARIZER },
    openai: {
      apiKey: env.OPENAI_API_KEY,
      baseURL: env.OPENAI_BASE_URL,
      chatModel: env.OPENAI_CHAT_MODEL,
      embeddingModel: env.OPENAI_EMBEDDING_MODEL,
      timeoutMs: env.OPENAI_TIMEOUT_MS,
      maxRetries: env.OPENAI_MAX_RETRIES,
    },
    defaultTimezone: env.DEFAULT_TIMEZONE,
    scheduler: {
      enabled: env.SCHEDULER_ENABLED,
      schedule: env.CYCLE_SCHEDULE,
      leaseSeconds: env.CYCLE_LEASE_SECONDS,
      concurrency: env.CYCLE_CONCURRENCY,
      sharedCommits: env.CYCLE_SHARED_COMMITS,
    },
    rollup: {
      sessionGapMinutes: env.SESSION_GAP_MINUTES,
      sessionMaxNewMessages: env.SESSION_MAX_NEW_MESSAGES,
      sessionMaxMessages: env.SESSION_MAX_MESSAGES,
      sessionMaxHours: env.SESSION_MAX_HOURS,
      dayGraceMinutes: env.DAY_GRACE_MINUTES,
      dayMinMemories: env.DAY_MIN_MEMORIES,
      weekMinDays: env.WEEK_MIN_DAYS,
      monthMinWeeks: env.MONTH_MIN_WEEKS,
    },
    recall: {
      // The hashing embedder is a weaker copy of the full-text signal (word overlap without IDF): given an equal
      // vote it pulls BM25's best hits down (LoCoMo, offline: recall@10 0.36 fused vs 0.56 BM25), so by default
      // it only breaks ties. Word vectors get half a vote (VECTOR_WEIGHT), an OpenAI model an equal one.
      listWeights: {
        vector: env.RECALL_VECTOR_WEIGHT ?? VECTOR_WEIGHT[env.EMBEDDER],
        lexical: env.RECALL_LEXICAL_WEIGHT,
      },
      // A response answers only when a hit reaches this relevance (domain/ranking.ts), unless a request asks for
      // everything (minScore: 0): an agent gets nothing rather than the least bad of nothing. Calibrated on
      // LoCoMo (bench:locomo prints the trade-off).
      minRelevance: env.RECALL_MIN_RELEVANCE,
      // Recall's cost against its quality, for an operator to choose (bench:recall prints the one, bench:locomo the
      // other). The texts the one full-text search ranks by the group's term weights and returns: each crosses the
      // wire with its text, from which recall tells which of the query's terms it holds.
      searchCandidates: env.RECALL_SEARCH_CANDIDATES,
      // Full-text hits read per query term only while a group's term statistics are still being counted (an upgraded
      // database's first start): the memories among them stand in for the term's count.
      termCandidates: env.RECALL_TERM_CANDIDATES,
      // Memory candidates whose context is read in the search's round trip (the turns around them, along their
      // NEXT_TURN links: graph/turns.ts; the summaries above them). On LoCoMo 30 gave the recall@10 of 60, and 20
      // lost 0.014 of it.
      contextCandidates: env.RECALL_CONTEXT_CANDIDATES,
      // Word vectors fused by rank drag full text's best hits down as the hashing ones do (LoCoMo dev: hybrid
      // recall@10 0.569 against full text's 0.668); fused by normalised score they move the order only where their
      // scores stand apart. An OpenAI model keeps rank fusion, as before.
      fusion: env.RECALL_FUSION ?? (env.EMBEDDER === 'glove' ? 'scores' : 'ranks'),
      // Cosine similarity of an OpenAI model, 0.25..0.65 mapped onto relevance 0..1 (an estimate for
      // text-embedding-3 class models). The hashing embedder's similarity is word overlap and maps to nothing; so
      // does the glove embedder's, whose best similarity is as high in a group that holds no answer (LoCoMo dev:
      // median 0.883 against 0.909 where the group holds one).
      vectorRelevanceRange: env.EMBEDDER === 'openai' ? ([0.25, 0.65] as const) : null,
    },
    context: {
      // The encoding a context block's budget is counted in (ai/tokenizer.ts): auto follows the configured chat
      // model when Strata summarizes with one, else o200k_base.
      tokenizer: env.CONTEXT_TOKENIZER,
      chatModel: env.SUMMARIZER === 'openai' ? env.OPENAI_CHAT_MODEL : undefined,
    },
    // The cycle's entity step (jobs/entities.ts); off, sessions stay marked and are linked once it is on again.
    entities: { enabled: env.ENTITIES_ENABLED },
    eras: {
      enabled: env.ERAS_ENABLED,
      level: 'week' as const,
      minDays: env.ERA_MIN_DAYS,
      maxEras: env.ERA_MAX_COUNT,
    },
    decay: {
      day: { startDays: env.DECAY_DAY_START_DAYS, maxAgeDays: env.DECAY_DAY_MAX_AGE_DAYS },
      week: { startDays: env.DECAY_WEEK_START_DAYS, maxAgeDays: env.DECAY_WEEK_MAX_AGE_DAYS },
      month: { startDays: env.DECAY_MONTH_START_DAYS, maxAgeDays: env.DECAY_MONTH_MAX_AGE_DAYS },
    } satisfies Record<string, DecaySetting>,
    prune: {
      enabled: env.PRUNE_ENABLED,
      dryRun: env.PRUNE_DRY_RUN,
      minDecay: env.PRUNE_MIN_DECAY,
      keepOriginalDays: env.KEEP_ORIGINAL_DAYS,
    },
  };
}

export type Config = ReturnType<typeof buildConfig>;

/** Every configured key, hashed: the legacy STRATA_API_KEY (admin, every group), then the variable, then the file. */
function allKeys(env: Env): ScopedKey[] {
  return [
    ...(env.STRATA_API_KEY ? [legacyKey(env.STRATA_API_KEY)] : []),
    ...(env.STRATA_API_KEYS ?? []),
    ...(env.STRATA_API_KEYS_FILE ?? []),
  ];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads every setting from `source` (the environment by default); throws one ConfigError listing all problems. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as they do in most .env files and compose files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const problems: string[] = [];
  const parsed: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(envSchema.shape)) {
    const result = (schema as z.ZodType).safeParse(cleaned[name]);
    if (result.success) {
      parsed[name] = result.data;
      continue;
    }
    const value = cleaned[name];
    const shown = value === undefined || /PASSWORD|KEY/.test(name) ? '' : ` (got "${value}")`;
    for (const issue of result.error.issues) {
      // Inside a structured value (the keys document) the path says where, e.g. "keys.1.groups.0".
      const where = issue.path.length ? ` ${issue.path.join('.')}:` : '';
      problems.push(`${name}:${where} ${issue.message}${shown}`);
    }
  }
  problems.push(...crossFieldProblems(parsed as Partial<Env>));
  if (problems.length > 0) throw new ConfigError(problems);
  return buildConfig(parsed as Env);
}
