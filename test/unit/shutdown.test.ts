import { type AddressInfo, connect } from 'node:net';
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
    const { url, parts } = await serving(1000);
    // One connection, the second request written on it after the signal while the first is still in flight: the
    // connection is busy, so the shutdown cannot close it as idle in between, however slow the machine. (Through a
    // keep-alive agent the second request would wait for the first's answer, and race the closing of idle sockets.)
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      received += chunk;
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const slow = 'GET /slow HTTP/1.1\r\nHost: strata\r\n\r\n';
    socket.write(slow);
    await new Promise((r) => setTimeout(r, 50));
    const outcome = gracefulShutdown(parts, 5000);
    await new Promise((r) => setTimeout(r, 50));
    socket.write(slow);
    await closed;
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((a) => a.slice(0, 12))).toEqual(['HTTP/1.1 200', 'HTTP/1.1 503']);
    expect(answers[0]).toContain('{"done":true}');
    expect(answers[1]).toMatch(/^connection: close\r$/im);
    expect(answers[1]).toContain('"error":"shutting_down"');
    expect(await outcome).toBe('clean');
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
