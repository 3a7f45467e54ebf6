import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/api/app.js';
import { DRIFT_MEASURES } from '../../src/domain/drift-chart.js';
import { scoreEras } from '../../src/domain/segmentation.js';
import { createLogger } from '../../src/log.js';
import { stubServices } from '../support/stub-services.js';

const app = createApp({
  log: createLogger('silent'),
  bodyLimitBytes: 10_000,
  services: stubServices({
    drift: async (groupId, query) => ({
      groupId,
      level: query.level,
      points: [
        {
          periodStart: '2024-01-08',
          previousStart: '2024-01-01',
          topicDrift: 0.2,
          jsd: 0.8,
          cosineDistance: 0.3,
          appeared: ['Lisbon'],
          faded: [],
        },
      ],
      measures: DRIFT_MEASURES,
    }),
    topicsOverTime: async (groupId, query) => ({
      groupId,
      level: query.level,
      rows: [
        {
          periodStart: '2024-01-01',
          periodEnd: '2024-01-08',
          topic: 'Lisbon',
          key: 'lisbon',
          weight: 1,
          share: 0.5,
          rank: 1,
          messageCount: 9,
        },
      ],
    }),
  }),
});

describe('GET /v1/groups/:groupId/drift', () => {
  it('says in the JSON what each figure measures', async () => {
    const res = await request(app).get('/v1/groups/g1/drift');
    expect(res.status).toBe(200);
    expect(res.body.measures.topicDrift).toContain('smoothed');
    expect(res.body.measures.cosineDistance).toContain('content vectors');
    expect(res.body.points[0].topicDrift).toBe(0.2);
  });

  it('answers CSV for format=csv and for Accept: text/csv', async () => {
    for (const res of [
      await request(app).get('/v1/groups/g1/drift?format=csv'),
      await request(app).get('/v1/groups/g1/drift').set('accept', 'text/csv'),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.text).toBe(
        'period_start,previous_start,topic_drift,jsd,cosine_distance,appeared,faded\n' +
          '2024-01-08,2024-01-01,0.2,0.8,0.3,Lisbon,\n',
      );
    }
  });
});

describe('GET /v1/groups/:groupId/topics', () => {
  it('answers the long-format table as JSON, and as CSV with a file name', async () => {
    const json = await request(app).get('/v1/groups/g1/topics?level=month');
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({
      groupId: 'g1',
      level: 'month',
      rows: [{ topic: 'Lisbon', key: 'lisbon' }],
    });
    const csv = await request(app).get('/v1/groups/g1/topics?format=csv');
    expect(csv.headers['content-disposition']).toContain('g1-week-topics.csv');
    expect(csv.text).toBe(
      'period_start,period_end,level,topic,key,weight,share,rank,message_count\n' +
        '2024-01-01,2024-01-08,week,Lisbon,lisbon,1,0.5,1,9\n',
    );
  });

  it('refuses an unknown level with a 400 naming the field', async () => {
    const res = await request(app).get('/v1/groups/g1/topics?level=year');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('level');
  });
});

describe('POST /v1/groups/:groupId/eras/score', () => {
  const eras = [
    { start: '2024-01-01', end: '2024-02-01' },
    { start: '2024-02-01', end: '2024-03-01' },
  ];
  const scoring = createApp({
    log: createLogger('silent'),
    bodyLimitBytes: 10_000,
    services: stubServices({
      scoreEras: async (groupId, body) => (groupId === 'empty' ? null : scoreEras(eras, body)),
    }),
  });

  it("scores the group's eras against the gold days, with the margin and window asked for", async () => {
    const res = await request(scoring)
      .post('/v1/groups/team/eras/score')
      .send({ gold: ['2024-02-03'], marginDays: 2 })
      .expect(200);
    expect(res.body).toMatchObject({
      firstDay: '2024-01-01',
      lastDay: '2024-02-29',
      days: 60,
      goldBoundaries: 1,
      foundBoundaries: 1,
      k: 30,
      precision: 1,
      recall: 1,
      hausdorffDays: 2,
    });
  });

  it('names the bad field, and answers 404 for a group without eras', async () => {
    const bad = await request(scoring)
      .post('/v1/groups/team/eras/score')
      .send({ gold: ['2024-02-30x'], marginDays: -1 })
      .expect(400);
    const fields = new Set(bad.body.issues.map((i: { field: string }) => i.field));
    expect(fields).toEqual(new Set(['body.gold.0', 'body.marginDays']));
    const none = await request(scoring).post('/v1/groups/empty/eras/score').send({ gold: [] }).expect(404);
    expect(none.body.message).toContain('has no eras yet');
  });
});
