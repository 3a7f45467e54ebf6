import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { gracefulShutdown } from '../../src/shutdown.js';

/** A server with a route that answers after `ms`, and a record of what the shutdown did in which order. */
async function serving(ms: number) {
  const app = express();
  app.get('/slow', async (_req, res) => {
    await new Promise((r) => setTimeout(r, ms));
    res.json({ done: true });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const steps: string[] = [];
  const parts = {
    server,
    log: createLogger('silent'),
    scheduler: {
      stop: async () => {
        steps.push('scheduler stopping');
        await new Promise((r) => setTimeout(r, 50));
        steps.push('scheduler stopped');
      },
    },
    strata: {
      stopCycles: () => void steps.push('cycles told to stop'),
      close: async () => void steps.push('strata closed'),
    },
  };
  return { url, server, parts, steps };
}

describe('gracefulShutdown', () => {
  it('answers the request in flight, refuses new ones, stops cycles and scheduler, then closes', async () => {
    const { url, parts, steps } = await serving(300);
    // A keep-alive connection: it must not hold the shutdown open once its answer is sent.
    const inFlight = fetch(`${url}/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const outcome = gracefulShutdown(parts, 5000);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    expect(await outcome).toBe('clean');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(steps[0]).toBe('cycles told to stop');
    expect(steps.at(-1)).toBe('strata closed');
    expect(steps.indexOf('scheduler stopped')).toBeLessThan(steps.indexOf('strata closed'));
  });

  it('refuses a request that comes after the signal on a connection opened before it', async () => {
    const { url, parts } = await serving(300);
    // One kept-alive socket: the second request waits for the first and goes out on it after the shutdown began.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
        request(`${url}/slow`, { agent }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
          );
        })
          .on('error', reject)
          .end();
      });
    const first = get();
    const second = get();
    await new Promise((r) => setTimeout(r, 50));
    const outcome = gracefulShutdown(parts, 5000);
    expect((await first).status).toBe(200);
    const refused = await second;
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'shutting_down' });
    expect(refused.connection).toBe('close');
    expect(await outcome).toBe('clean');
    agent.destroy();
  });

  it('gives up at the bound when a request does not end, cutting its connection', async () => {
    const { url, parts } = await serving(60_000);
    const hanging = fetch(`${url}/slow`).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    expect(await gracefulShutdown(parts, 300)).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await hanging).toBeInstanceOf(Error);
  });
});
