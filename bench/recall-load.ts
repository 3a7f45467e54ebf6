/**
 * The load side of bench/recall.ts, run in its own process so that the client's work does not share the
 * server's event loop: autocannon POSTs recall requests, rotating through realistic questions and the given
 * groups, and prints its result as one JSON line on stdout.
 *
 *   node --import tsx bench/recall-load.ts --url http://127.0.0.1:PORT --groups a,b --duration 20 --connections 10
 */
import autocannon from 'autocannon';
import { intOption, options, run } from './lib/cli.js';
import { RECALL_QUESTIONS } from './recall-questions.js';

const args = options({
  url: { type: 'string' },
  groups: { type: 'string' },
  duration: { type: 'string', default: '20' },
  connections: { type: 'string', default: '10' },
  k: { type: 'string', default: '10' },
});

run(async () => {
  const url = new URL(args.url ?? '');
  // Loopback only: this tool must never load another machine.
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    throw new Error(`refusing non-loopback url ${url}`);
  const groups = (args.groups ?? '').split(',').filter(Boolean);
  if (groups.length === 0) throw new Error('--groups is required');
  const k = intOption(args.k, 'k');
  let next = 0;
  const result = await autocannon({
    url: url.origin,
    connections: intOption(args.connections, 'connections'),
    duration: intOption(args.duration, 'duration'),
    timeout: 10,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Each request takes the next question, and each pass over the questions the next group, so every
        // question meets every group and no cache can serve one hot query.
        setupRequest: (request) => {
          const n = next++;
          const group = groups[Math.floor(n / RECALL_QUESTIONS.length) % groups.length] as string;
          const query = RECALL_QUESTIONS[n % RECALL_QUESTIONS.length] as string;
          return {
            ...request,
            path: `/v1/groups/${encodeURIComponent(group)}/recall`,
            body: JSON.stringify({ query, k }),
          };
        },
      },
    ],
  });
  console.log(
    JSON.stringify({
      p50: result.latency.p50,
      p99: result.latency.p99,
      mean: result.latency.mean,
      requestsPerSecond: result.requests.average,
      total: result.requests.total,
      ok: result['2xx'],
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      duration: result.duration,
    }),
  );
});
