import { z } from 'zod';

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .refine(isTimeZone, { message: 'not an IANA time zone (e.g. UTC, Europe/Berlin)' })
  .meta({ example: 'Europe/Berlin' });
