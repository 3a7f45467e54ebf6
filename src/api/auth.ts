import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { type AccessNeed, keyAllows, type ScopedKey, sha256Hex } from '../domain/api-keys.js';
import { HttpError } from './errors.js';

/** The key a request came with, as the auth middleware leaves it in res.locals (name and scope; no secret). */
export interface RequestKey {
  name: string;
  groups: readonly string[];
  admin: boolean;
}

const LOCALS_KEY = 'strataKey';

/**
 * The configured key the bearer token is, or null. The token is hashed and compared with every stored hash in
 * constant time, without stopping at a match, so timing tells neither which key matched nor how much of one.
 */
export function identifyKey(keys: readonly ScopedKey[], token: string): ScopedKey | null {
  const presented = Buffer.from(sha256Hex(token), 'hex');
  let found: ScopedKey | null = null;
  for (const key of keys) {
    if (timingSafeEqual(presented, Buffer.from(key.sha256, 'hex')) && !found) found = key;
  }
  return found;
}

/** 401 unless the request carries one of the keys; the key's name and scope go to res.locals, never the key. */
export function bearerAuth(keys: readonly ScopedKey[]): RequestHandler {
  return (req, res, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    const key = match?.[1] ? identifyKey(keys, match[1]) : null;
    if (!key) {
      return next(new HttpError(401, 'unauthorized', 'send Authorization: Bearer <API key>'));
    }
    const scoped: RequestKey = { name: key.name, groups: key.groups, admin: key.admin };
    res.locals[LOCALS_KEY] = scoped;
    next();
  };
}

/** The key of an authenticated request; undefined where no key is configured or the path needs none. */
export function requestKey(res: Response): RequestKey | undefined {
  return res.locals[LOCALS_KEY] as RequestKey | undefined;
}

/**
 * 403 when the request's key may not do what `need` says. Decided from the key and the group id alone, before
 * anything is read, so the answer is the same whether the group exists or not.
 */
export function checkAccess(res: Response, need: AccessNeed): void {
  const key = requestKey(res);
  if (!key || keyAllows(key, need)) return;
  throw forbidden(key, need);
}

export function forbidden(key: RequestKey, need: AccessNeed): HttpError {
  if (need.admin && !key.admin) {
    return new HttpError(403, 'forbidden', 'this API key may not manage groups (it has no admin scope)');
  }
  if (need.everyGroup) {
    return new HttpError(
      403,
      'forbidden',
      'this API key may not act on every group (its groups are not "*")',
    );
  }
  return new HttpError(403, 'forbidden', `this API key may not use group ${need.groupId}`);
}
