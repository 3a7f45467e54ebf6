import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/api/app.js';
import { createLogger } from '../../src/log.js';
import { stubServices } from '../support/stub-services.js';

describe('PUT /v1/groups/:groupId/settings with era parameters', () => {
  function settingsApp(locked: boolean) {
    const calls: string[] = [];
    const app = createApp({
      log: createLogger('silent'),
      bodyLimitBytes: 10_000,
      services: stubServices({
        setTimezone: async (_g, timezone) => {
          calls.push(`timezone ${timezone}`);
          return { allowed: !locked, previousTimezone: 'UTC', timezone: locked ? 'UTC' : timezone };
        },
        setEraParameters: async (_g, eras) => {
          calls.push(`eras ${JSON.stringify(eras)}`);
          return { timezone: 'Europe/Berlin', eras };
        },
        groupSettings: async () => ({ timezone: 'Europe/Berlin', eras: null }),
      }),
    });
    return { app, calls };
  }

  it('sets the time zone, then the era parameters, and answers the settings in force', async () => {
    const { app, calls } = settingsApp(false);
    const res = await request(app)
      .put('/v1/groups/team/settings')
      .send({ timezone: 'Europe/Berlin', eras: { minDays: 21, penalty: 4 } })
      .expect(200);
    expect(res.body).toEqual({ timezone: 'Europe/Berlin', eras: { minDays: 21, penalty: 4 } });
    expect(calls).toEqual(['timezone Europe/Berlin', 'eras {"minDays":21,"penalty":4}']);
    await request(app).put('/v1/groups/team/settings').send({ eras: null }).expect(200);
    expect(calls.at(-1)).toBe('eras null');
  });

  it('refuses an empty body, an unknown or out-of-range parameter, naming it; a refused zone sets nothing else', async () => {
    const { app, calls } = settingsApp(true);
    const empty = await request(app).put('/v1/groups/team/settings').send({}).expect(400);
    expect(empty.body.message).toBeDefined();
    const bad = await request(app)
      .put('/v1/groups/team/settings')
      .send({ eras: { minDays: -1, windowSize: 3 } })
      .expect(400);
    expect(bad.body.issues.map((i: { field: string }) => i.field)).toEqual(
      expect.arrayContaining(['body.eras.minDays', 'body.eras']),
    );
    expect(calls).toEqual([]);
    await request(app)
      .put('/v1/groups/team/settings')
      .send({ timezone: 'Europe/Berlin', eras: { minDays: 21 } })
      .expect(409);
    expect(calls).toEqual(['timezone Europe/Berlin']);
  });
});
