import { z } from 'zod';

/** What /readyz answers: whether Neo4j is reachable and the schema applied and online, and if not, why. */
export const readinessSchema = z
  .object({
    ready: z.boolean(),
    neo4j: z.enum(['reachable', 'unreachable']),
    schema: z.object({ missing: z.array(z.string()), notOnline: z.array(z.string()) }).optional(),
    message: z.string().optional(),
  })
  .meta({ id: 'Readiness' });

export type Readiness = z.infer<typeof readinessSchema>;
