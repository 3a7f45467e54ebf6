import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/api/app.js';
import type { EntitiesOverTimeQuery } from '../../src/domain/entities-over-time.js';
import { createLogger } from '../../src/log.js';
import { stubServices } from '../support/stub-services.js';

const asked: { groupId: string; query: EntitiesOverTimeQuery }[] = [];
const app = createApp({
  log: createLogger('silent'),
  bodyLimitBytes: 10_000,
  services: stubServices({
    entitiesOverTime: async (groupId, query) => {
      asked.push({ groupId, query });
      return {
        groupId,
        level: query.level,
        top: query.top,
        periods: [
          {
            periodStart: '2024-01-01',
            periodEnd: '2024-02-01',
            sessionCount: 4,
            mentionCount: 10,
            entities: [
              { id: 'g1:entity:00000000000000a1', name: 'Lisbon', kind: 'place', mentions: 6, sessions: 4 },
            ],
          },
        ],
      };
    },
  }),
});

describe('GET /v1/groups/:groupId/entities/over-time', () => {
  it('answers each period with its entities as JSON, not as a profile of an entity called "over-time"', async () => {
    const res = await request(app).get('/v1/groups/g1/entities/over-time?level=month&top=5').expect(200);
    expect(res.body).toMatchObject({
      groupId: 'g1',
      level: 'month',
      top: 5,
      periods: [{ periodStart: '2024-01-01', entities: [{ name: 'Lisbon', mentions: 6 }] }],
    });
    expect(asked.at(-1)).toEqual({ groupId: 'g1', query: { level: 'month', top: 5 } });
  });

  it('answers long-format CSV with a file name for format=csv and for Accept: text/csv', async () => {
    for (const res of [
      await request(app).get('/v1/groups/g1/entities/over-time?format=csv'),
      await request(app).get('/v1/groups/g1/entities/over-time').set('accept', 'text/csv'),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toContain('g1-week-entities.csv');
      expect(res.text.split('\n')[1]).toBe(
        '2024-01-01,2024-02-01,week,g1:entity:00000000000000a1,Lisbon,place,6,4,0.6,1,4,10',
      );
    }
  });

  it('refuses a bad top, level or window with a 400 naming the fields, before reading anything', async () => {
    const before = asked.length;
    const res = await request(app).get('/v1/groups/g1/entities/over-time?top=500&level=year&from=2024-13-01');
    expect(res.status).toBe(400);
    const fields = new Set(res.body.issues.map((i: { field: string }) => i.field));
    expect(fields).toEqual(new Set(['query.top', 'query.level', 'query.from']));
    expect(asked.length).toBe(before);
  });
});
