/**
 * Strata's own errors: one base, one subclass per thing a caller may want to handle, so callers test with
 * `instanceof` rather than reading messages or codes.
 */
export class StrataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The vector indexes were built for another embedder size; the message says how to fix it. */
export class SchemaMismatchError extends StrataError {}

/**
 * EMBEDDER=glove was chosen, and neither its word table nor the npm package it is derived from is there (a
 * production install leaves the package out); the message names the command that brings it.
 */
export class WordVectorsMissingError extends StrataError {}

/** The group is gone (deleted, possibly while its cycle ran); nothing more is written for it. */
export class GroupGoneError extends StrataError {
  constructor(readonly groupId: string) {
    super(`group ${groupId} no longer exists`);
  }
}

/** Another instance took the group's cycle lease (ours expired during a stall); the cycle stops. */
export class LeaseLostError extends StrataError {
  constructor(readonly groupId: string) {
    super(`the cycle lease of group ${groupId} was lost to another instance`);
  }
}

/**
 * Neo4j cannot be reached, or answered that it cannot serve now (restarting, connection lost, pool exhausted,
 * transient failures still failing after the driver's retries). Nothing of the failed transaction was written,
 * so the same request may simply be sent again later.
 */
export class DatabaseUnavailableError extends StrataError {
  /** How long a client should wait before trying again. */
  readonly retryAfterSeconds: number;

  constructor(
    readonly reason: string,
    options: { cause?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(`Neo4j is unavailable: ${reason}`);
    this.cause = options.cause;
    this.retryAfterSeconds = options.retryAfterSeconds ?? 5;
  }
}

/**
 * A statement needed more memory than Neo4j allows a transaction (dbms.memory.transaction.total.max or
 * db.memory.transaction.max). Neo4j was up, and sending the same statement again fails again, so it is neither
 * retried nor reported as Neo4j being unavailable: it is a statement that reads or writes too much at once, a fault
 * of ours to fix, named here so the log says which.
 */
export class StatementTooLargeError extends StrataError {
  constructor(
    readonly statement: string,
    options: { cause?: unknown } = {},
  ) {
    super(`statement ${statement} went over Neo4j's transaction memory limit`);
    this.cause = options.cause;
  }
}

/** Another instance holds the group's cycle lease; a manual cycle did nothing and may be asked for again later. */
export class LeaseHeldError extends StrataError {
  constructor(
    readonly groupId: string,
    /** When the holder's lease runs out at the latest (it is released sooner when its cycle ends). */
    readonly expiresAt: string,
  ) {
    super(`another instance is running the cycle of group ${groupId}; its lease expires at ${expiresAt}`);
  }
}

/** The process is shutting down: the cycle stopped between two periods and the next cycle resumes there. */
export class CycleStoppedError extends StrataError {
  constructor(readonly groupId: string) {
    super(`the cycle of group ${groupId} stopped for shutdown; the next cycle resumes where it stopped`);
  }
}

/**
 * The embedder failed or answered what cannot be stored: a server down, timing out or refusing after its retries, or
 * vectors of the wrong size or number. Nothing of the batch was written; the API answers 502 with why.
 */
export class EmbedderError extends StrataError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message);
    this.cause = options.cause;
  }
}

/** A re-embedding is already running in this process (jobs/reembed.ts ReembedRunner): the API answers 409. */
export class ReembedRunningError extends StrataError {}
