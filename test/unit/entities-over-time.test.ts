import { describe, expect, it } from 'vitest';
import {
  ENTITIES_CSV_HEADER,
  entitiesOverTimeQuerySchema,
  entitiesOverTimeToCsv,
  entityPeriods,
  PERIOD_ENTITIES,
} from '../../src/domain/entities-over-time.js';

const lisbon = { id: 'g:entity:00000000000000a1', name: 'Lisbon', kind: 'place' as const };
const ana = { id: 'g:entity:00000000000000b2', name: 'Ana "the guide" Costa', kind: 'person' as const };

describe('entities over time', () => {
  const periods = entityPeriods([
    { periodStart: '2024-01-08', periodEnd: '2024-01-14', sessionCount: 0, mentionCount: 0, entities: [] },
    {
      periodStart: '2024-01-01',
      periodEnd: '2024-01-07',
      sessionCount: 3,
      mentionCount: 8,
      entities: [
        { ...lisbon, mentions: 4, sessions: 3 },
        { ...ana, mentions: 2, sessions: 1 },
      ],
    },
  ]);

  it('puts the periods oldest first, each ending on the day after its last (exclusive)', () => {
    expect(periods.map((p) => [p.periodStart, p.periodEnd])).toEqual([
      ['2024-01-01', '2024-01-08'],
      ['2024-01-08', '2024-01-15'],
    ]);
  });

  it('writes one CSV row per period and entity, and one with empty entity fields for a period with none', () => {
    const csv = entitiesOverTimeToCsv({ groupId: 'g', level: 'week', top: 10, periods });
    expect(csv.split('\n')).toEqual([
      ENTITIES_CSV_HEADER.join(','),
      // share: of all the period's mentions (8), the entities past `top` included.
      '2024-01-01,2024-01-08,week,g:entity:00000000000000a1,Lisbon,place,4,3,0.5,1,3,8',
      '2024-01-01,2024-01-08,week,g:entity:00000000000000b2,"Ana ""the guide"" Costa",person,2,1,0.25,2,3,8',
      '2024-01-08,2024-01-15,week,,,,,,,,0,0',
      '',
    ]);
  });

  it('reads the query as the other series do, with how many entities a period keeps', () => {
    expect(entitiesOverTimeQuerySchema.parse({})).toEqual({ level: 'week', top: PERIOD_ENTITIES });
    expect(entitiesOverTimeQuerySchema.parse({ level: 'day', top: '3' })).toMatchObject({ top: 3 });
    const bad = entitiesOverTimeQuerySchema.safeParse({ top: '0', from: '2024-02-01', to: '2024-01-01' });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['to', 'top']);
    expect(entitiesOverTimeQuerySchema.safeParse({ limit: 5 }).success).toBe(false);
  });
});
