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
