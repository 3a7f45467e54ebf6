import { pino } from 'pino';

export type Logger = pino.Logger;

/** JSON logs on stdout, one line per event; LOG_LEVEL=silent for tests. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'strata' } });
}
