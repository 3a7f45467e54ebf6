import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, LoopbackFake, sendJson as send } from './loopback-fake.js';

/** How the fake answers one embeddings request. */
export type EmbeddingAnswer = 'ok' | 'rate-limit' | 'timeout' | 'server-error' | 'wrong-size' | 'too-few';

/**
 * An OpenAI-compatible /v1/embeddings server on loopback that answers from a script, in turn (the last answer
 * repeats). Each text's vector is `dimension` numbers, the first the text's length, so a test can tell the order.
 * It answers floats or base64 float32, as the request asks.
 */
export class FakeEmbeddings extends LoopbackFake {
  /** The number of texts in each request, in the order they came. */
  readonly requests: number[] = [];

  constructor(
    private readonly dimension: number,
    private readonly script: EmbeddingAnswer[],
  ) {
    super();
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await bodyOf(req)) as { input: string | string[]; encoding_format?: string };
    const texts = Array.isArray(body.input) ? body.input : [body.input];
    const answer = this.script[Math.min(this.requests.length, this.script.length - 1)] as EmbeddingAnswer;
    this.requests.push(texts.length);
    if (answer === 'timeout') {
      this.hang(res);
      return;
    }
    if (answer === 'rate-limit') {
      send(
        res,
        429,
        { error: { message: 'Rate limit reached', type: 'rate_limit_exceeded' } },
        { 'retry-after': '1' },
      );
      return;
    }
    if (answer === 'server-error') {
      send(res, 500, { error: { message: 'the model crashed', type: 'server_error' } });
      return;
    }
    const size = answer === 'wrong-size' ? this.dimension - 1 : this.dimension;
    const answered = answer === 'too-few' ? texts.slice(1) : texts;
    const data = answered.map((text, index) => {
      const vector = Array.from({ length: size }, (_, d) => (d === 0 ? text.length : 0.5));
      const embedding =
        body.encoding_format === 'base64'
          ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
          : vector;
      return { object: 'embedding', index, embedding };
    });
    send(res, 200, {
      object: 'list',
      model: 'fake-embedder',
      data,
      usage: { prompt_tokens: 1, total_tokens: 1 },
    });
  }
}
