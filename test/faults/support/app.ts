import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** The app as a child process: `node --import tsx` so the pid is the server itself and kill -9 hits it. */
export interface AppProcess {
  pid: number;
  url: string;
  /** Everything it wrote (pino JSON lines), for failure messages and log checks. */
  output(): string;
  /** Resolves with the exit code (or signal name) once it has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>;
  kill(signal: NodeJS.Signals): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** The settings every spawned process shares: the Neo4j under test, the local embedder, quiet logs. */
export function appEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    EMBEDDER: 'hashing',
    EMBEDDING_DIMENSION: '384',
    SUMMARIZER: 'local',
    SCHEDULER_ENABLED: 'false',
    STRATA_API_KEY: '',
    ...overrides,
  };
}

/** Starts `src/main.ts` on a free port and waits until /readyz answers 200. */
export async function startApp(
  overrides: Record<string, string> = {},
  readyMs = 120_000,
): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: appEnv({ PORT: String(port), ...overrides }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const app = wrap(child, `http://127.0.0.1:${port}`);
  const deadline = Date.now() + readyMs;
  let ended = false;
  void app.exited.then(() => {
    ended = true;
  });
  for (;;) {
    if (ended) throw new Error(`the app exited before it was ready:\n${app.output().slice(-3000)}`);
    try {
      const res = await fetch(`${app.url}/readyz`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return app;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      app.kill('SIGKILL');
      throw new Error(`the app was not ready within ${readyMs} ms:\n${app.output().slice(-3000)}`);
    }
    await sleep(500);
  }
}

function wrap(child: ChildProcess, url: string): AppProcess {
  let log = '';
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    // Only the tail matters for diagnosis; a long run must not grow the test's memory.
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>(
    (resolve) => child.once('exit', (code, signal) => resolve({ code, signal, atMs: Date.now() })),
  );
  return {
    pid: child.pid as number,
    url,
    output: () => log,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Runs the strata CLI to completion; resolves with its exit code and output. */
export function runCli(
  args: string[],
  overrides: Record<string, string> = {},
  timeoutMs = 300_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      env: appEnv(overrides),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** JSON over fetch with a bound, as a client would; network failures come back as status 0. */
export async function call(
  url: string,
  init: { method?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number; headers: Headers | null; body: unknown; error?: string }> {
  try {
    const res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 120_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON; keep the text
    }
    return { status: res.status, headers: res.headers, body };
  } catch (error) {
    return { status: 0, headers: null, body: null, error: (error as Error).message };
  }
}
