import { parseArgs } from 'node:util';

/** True when a real Neo4j is configured; every benchmark measures end to end only then. */
export const hasNeo4j = Boolean(process.env.NEO4J_URI);

/** The one line a benchmark prints when it cannot reach the figure it exists for. */
export function skippedLine(what: string): string {
  return `skipped: no Neo4j (set NEO4J_URI, NEO4J_USER and NEO4J_PASSWORD to measure ${what})`;
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>;

/** Parses `--name value` options; unknown options stop the run with a message rather than being ignored. */
export function options<T extends OptionSpec>(spec: T) {
  try {
    return parseArgs({ options: spec, allowPositionals: false, strict: true }).values;
  } catch (error) {
    console.error(
      `${(error as Error).message}\nknown options: ${Object.keys(spec)
        .map((k) => `--${k}`)
        .join(' ')}`,
    );
    process.exit(2);
  }
}

/** A whole number option, checked, so a typo does not turn into NaN memories. */
export function intOption(value: unknown, name: string, min = 1): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number >= ${min}, got "${String(value)}"`);
    process.exit(2);
  }
  return n;
}

/** A time budget that every loop checks, so no benchmark runs unbounded. */
export class Deadline {
  private readonly end: number;

  constructor(readonly seconds: number) {
    this.end = Date.now() + seconds * 1000;
  }

  passed(): boolean {
    return Date.now() >= this.end;
  }

  leftMs(): number {
    return Math.max(0, this.end - Date.now());
  }
}

/** Runs main, prints a failure as one line, and always exits (open handles such as timers never keep it alive). */
export function run(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(
        `benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      process.exit(1);
    },
  );
}
