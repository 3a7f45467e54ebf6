/**
 * How Strata calls a chat model for structured output (summaries, entities): failures worth another try are retried
 * with exponential backoff, and the last failure is said in one short line for the fallback that takes over.
 */

export interface RetryOptions {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First retry delay; doubles each time. */
  baseDelayMs: number;
}

/** `attempt`'s result, trying again after a failure that may pass; throws the last failure. */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  let lastError: unknown;
  for (let n = 0; n <= options.maxRetries; n++) {
    if (n > 0) await sleep(options.baseDelayMs * 2 ** (n - 1));
    try {
      return await attempt();
    } catch (error) {
      lastError = error;
      if (!isRetryable(error)) break;
    }
  }
  throw lastError;
}

/** Client errors other than rate limits and timeouts will fail the same way again. */
function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 408 || status === 409 || status === 429 || status >= 500;
}

/** A failure in one line of at most 120 characters, for a log or a fallback's record. */
export function shortError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = (schemaIssue(message) ?? message.split('\n')[0] ?? '').replace(/\s+/g, ' ').trim();
  return line.length <= 120 ? line : `${line.slice(0, 119).trimEnd()}…`;
}

/**
 * A zod error's message is its issues as pretty-printed JSON, whose first line is a lone "["; structured output
 * that does not match the schema fails that way, so the first issue is named instead.
 */
function schemaIssue(message: string): string | null {
  if (!message.trimStart().startsWith('[')) return null;
  try {
    const [issue] = JSON.parse(message) as { path?: unknown[]; message?: string }[];
    if (!issue?.message) return null;
    const where = issue.path?.length ? ` at ${issue.path.join('.')}` : '';
    return `model output did not match the schema${where}: ${issue.message}`;
  } catch {
    return null;
  }
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
