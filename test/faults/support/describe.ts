import { describe } from 'vitest';
import { faultEnv } from './env.js';

const env = faultEnv();

/** Runs against a real Neo4j only; global-setup says once why it was skipped. */
export const describeFaults = env.neo4jUri ? describe : describe.skip;

/** Also needs NEO4J_STOP_CMD / NEO4J_START_CMD. */
export const describeOutage = env.neo4jUri && env.canRestart ? describe : describe.skip;

/** Also needs NEO4J_ADMIN_CMD, Neo4j's admin tool, to dump and load the database. */
export const describeBackup = env.neo4jUri && env.canBackup ? describe : describe.skip;
