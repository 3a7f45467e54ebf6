import type { z } from 'zod';
import { GROUP_ID_PATTERN } from '../domain/ids.js';

/** A command line that cannot run as written; the CLI prints it with the command's usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
  constructor(
    message: string,
    /** The command whose usage to print; the general usage when absent. */
    readonly command?: string,
  ) {
    super(message);
  }
}

/** One flag of a command: how parseArgs reads it and how the help text describes it. */
export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Placeholder shown in the help, e.g. "<id>". */
  value?: string;
  description: string;
}

export type FlagSpecs = Record<string, FlagSpec>;

/**
 * Typed access to what parseArgs found for one command. Every accessor throws a UsageError naming the flag,
 * so a command's parse function reads like its usage text.
 */
export class Flags {
  constructor(
    readonly command: string,
    private readonly values: Record<string, unknown>,
    readonly positionals: string[],
  ) {}

  usage(message: string): UsageError {
    return new UsageError(message, this.command);
  }

  string(name: string): string | undefined {
    const value = this.values[name];
    return typeof value === 'string' ? value : undefined;
  }

  boolean(name: string): boolean {
    return this.values[name] === true;
  }

  required(name: string, hint: string): string {
    const value = this.string(name);
    if (value === undefined || value.trim() === '') throw this.usage(`missing --${name} ${hint}`);
    return value;
  }

  /** A whole number within [min, max]; `fallback` when the flag is absent. */
  int(name: string, fallback: number, range: { min: number; max: number }): number {
    const raw = this.string(name);
    if (raw === undefined) return fallback;
    return parseWholeNumber(raw, `--${name}`, range, this.command);
  }

  /** A number within [min, max], fractions allowed. */
  number(name: string, range: { min: number; max: number }): number | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(value) || value < range.min || value > range.max) {
      throw this.usage(`--${name} must be a number from ${range.min} to ${range.max}, got "${raw}"`);
    }
    return value;
  }

  choice<T extends string>(name: string, choices: readonly T[]): T | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (!(choices as readonly string[]).includes(raw)) {
      throw this.usage(`--${name} must be one of ${choices.join(', ')}, got "${raw}"`);
    }
    return raw as T;
  }

  /** A comma-separated list whose every entry is one of `choices`. */
  list<T extends string>(name: string, choices: readonly T[]): T[] | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    const items = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const unknown = items.filter((item) => !(choices as readonly string[]).includes(item));
    if (unknown.length > 0) {
      const what = unknown.map((u) => `"${u}"`).join(', ');
      throw this.usage(
        `--${name}: unknown ${unknown.length > 1 ? 'values' : 'value'} ${what} (choose from ${choices.join(', ')})`,
      );
    }
    if (items.length === 0) throw this.usage(`--${name} needs at least one of ${choices.join(', ')}`);
    return items as T[];
  }

  /** A group id, checked against the same rule the API applies. */
  group(name = 'group'): string | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    return checkGroupId(raw, `--${name}`, this.command);
  }

  requiredGroup(): string {
    this.required('group', '<id>: the group to work on, e.g. --group demo-1');
    return this.group() as string;
  }

  /** Refuses positionals beyond `max`, which parseArgs lets through when a command takes any. */
  atMostPositionals(max: number): void {
    const extra = this.positionals.slice(max);
    if (extra.length > 0)
      throw this.usage(`unexpected argument${extra.length > 1 ? 's' : ''}: ${extra.join(' ')}`);
  }
}

export function parseWholeNumber(
  raw: string,
  label: string,
  range: { min: number; max: number },
  command?: string,
): number {
  const value = /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max) {
    throw new UsageError(
      `${label} must be a whole number from ${range.min} to ${range.max}, got "${raw}"`,
      command,
    );
  }
  return value;
}

export function checkGroupId(raw: string, label: string, command?: string): string {
  if (!GROUP_ID_PATTERN.test(raw)) {
    throw new UsageError(
      `${label} "${raw}" is not a group id: use 1-128 letters, digits, ".", "_" or "-", starting with a letter or digit`,
      command,
    );
  }
  return raw;
}

/**
 * Turns a zod validation failure of a request built from flags into a usage error, naming the flags
 * (`flagOf` maps a field to its flag) so the user sees `--k: ...` rather than a schema path.
 */
export function usageFromZod(error: z.ZodError, command: string, flagOf: Record<string, string>): UsageError {
  const lines = error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    const label = flagOf[field] ?? (field ? `--${field}` : 'arguments');
    return `${label}: ${issue.message}`;
  });
  return new UsageError(lines.join('; '), command);
}
