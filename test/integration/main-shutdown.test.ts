import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

const KEY = 'main-shutdown-key-0123456789';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describeNeo4j('the server process: keys at start-up and a graceful SIGTERM', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('logs key names (never keys), answers a request in flight, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const groupId = testGroupId('main');
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SCHEDULER_ENABLED: 'true',
        SHUTDOWN_TIMEOUT_SECONDS: '15',
        STRATA_API_KEY: '',
        STRATA_API_KEYS: JSON.stringify({
          keys: [{ name: 'shutdown-test', key: KEY, groups: ['t-main-*'] }],
        }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    while (
      !(await fetch(`${url}/readyz`)
        .then((r) => r.ok)
        .catch(() => false))
    ) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const ingest = await fetch(`${url}/v1/groups/${groupId}/memories`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        memories: [{ text: 'Retro on Thursday.', speaker: 'ana', ts: '2024-05-02T09:30:00Z' }],
      }),
    });
    expect(ingest.status).toBe(201);

    // A request in flight when the signal comes is still answered.
    const inFlight = fetch(`${url}/v1/groups/${groupId}/aggregate`, { method: 'POST', headers: auth });
    await new Promise((r) => setTimeout(r, 20));
    const signalled = Date.now();
    child.kill('SIGTERM');
    const answered = await inFlight;
    // 200 when the cycle finished first; 503 shutting_down (with Retry-After) when the signal stopped it.
    expect([200, 409, 503]).toContain(answered.status);
    if (answered.status === 503) {
      expect(((await answered.json()) as { error: string }).error).toBe('shutting_down');
      expect(Number(answered.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();

    expect(output).toContain('"API keys loaded"');
    expect(output).toContain('shutdown-test');
    expect(output).toContain('"shutting down"');
    expect(output).toContain('"stopped"');
    expect(output).not.toContain(KEY);

    // The group is this test's own; delete it once the server is gone.
    const strata = await openTestStrata();
    try {
      await deleteGroup(strata.graph, groupId);
    } finally {
      await strata.close();
    }
  }, 180_000);
});
