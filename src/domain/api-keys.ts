import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * API keys scoped to groups. A key opens the groups its patterns match: an exact id (`team-a`), a prefix ending
 * in `*` (`tg-*`), or `*` for every group. An admin key may also manage the groups it opens (delete, settings).
 * Keys are kept as sha256 hashes only, so a configuration dump or a heap snapshot never holds one.
 */

/** `*`, `prefix*` or an exact group id (the characters a group id may have). */
export const groupPatternSchema = z
  .string()
  .regex(
    /^(\*|[A-Za-z0-9][A-Za-z0-9._-]{0,127}\*?)$/,
    'must be a group id, a prefix ending in "*" (e.g. "tg-*"), or "*" for every group',
  );

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** One key as written in STRATA_API_KEYS or the STRATA_API_KEYS_FILE file: the key itself or its sha256. */
export const apiKeyEntrySchema = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    // A bearer token is one word: a key with spaces could never be sent.
    key: z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^\S+$/, 'must not contain spaces')
      .optional(),
    sha256: z
      .string()
      .toLowerCase()
      .regex(SHA256_HEX, 'must be the hex sha256 of the key (64 characters)')
      .optional(),
    groups: z.array(groupPatternSchema).min(1),
    admin: z.boolean().default(false),
  })
  .refine((entry) => (entry.key === undefined) !== (entry.sha256 === undefined), {
    message: 'give exactly one of "key" and "sha256"',
  });

/** The whole file (or variable): `{"keys": [...]}`; names and keys must be unique. */
export const apiKeysFileSchema = z
  .strictObject({ keys: z.array(apiKeyEntrySchema).min(1) })
  .transform((file) => file.keys.map(toScopedKey))
  .superRefine((keys, ctx) => {
    for (const problem of duplicates(keys)) ctx.addIssue({ code: 'custom', message: problem });
  });

export type ApiKeyEntry = z.input<typeof apiKeyEntrySchema>;

/** A configured key as held in memory: its hash, never the key. */
export interface ScopedKey {
  name: string;
  sha256: string;
  groups: string[];
  admin: boolean;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function toScopedKey(entry: z.output<typeof apiKeyEntrySchema>): ScopedKey {
  return {
    name: entry.name,
    sha256: entry.sha256 ?? sha256Hex(entry.key as string),
    groups: entry.groups,
    admin: entry.admin,
  };
}

function duplicates(keys: ScopedKey[]): string[] {
  const problems: string[] = [];
  const seen = (pick: (k: ScopedKey) => string) => {
    const all = keys.map(pick);
    return all.filter((v, i) => all.indexOf(v) !== i);
  };
  for (const name of new Set(seen((k) => k.name))) problems.push(`key name "${name}" is used twice`);
  // Named by key name, never by the key or its hash.
  const hashes = new Set(seen((k) => k.sha256));
  for (const hash of hashes) {
    const names = keys.filter((k) => k.sha256 === hash).map((k) => k.name);
    problems.push(`keys ${names.join(', ')} are the same key`);
  }
  return problems;
}

/** The single legacy STRATA_API_KEY: an admin key for every group. */
export function legacyKey(key: string): ScopedKey {
  return { name: 'STRATA_API_KEY', sha256: sha256Hex(key), groups: ['*'], admin: true };
}

/** Whether one pattern matches a group id: exact, prefix (`tg-*`) or every group (`*`). */
export function patternMatches(pattern: string, groupId: string): boolean {
  if (pattern.endsWith('*')) return groupId.startsWith(pattern.slice(0, -1));
  return pattern === groupId;
}

/** Whether a key with these patterns may use the group. */
export function groupInScope(patterns: readonly string[], groupId: string): boolean {
  return patterns.some((pattern) => patternMatches(pattern, groupId));
}

/**
 * What a request needs: a group (when it names one), for group management the admin scope, and for what touches the
 * whole database (a re-embedding) every group: a key whose scope is `*`.
 */
export interface AccessNeed {
  groupId?: string;
  admin?: boolean;
  everyGroup?: boolean;
}

/** Whether `key` may make a request that needs `need`. */
export function keyAllows(key: { groups: readonly string[]; admin: boolean }, need: AccessNeed): boolean {
  if (need.admin && !key.admin) return false;
  if (need.everyGroup && !key.groups.includes('*')) return false;
  return need.groupId === undefined || groupInScope(key.groups, need.groupId);
}
