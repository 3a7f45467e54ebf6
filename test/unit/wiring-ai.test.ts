import { describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/ai/embeddings/hashing.js';
import { LocalExtractiveSummarizer } from '../../src/ai/summarizers/local.js';
import { loadConfig } from '../../src/config.js';
import { PLAIN_RULES } from '../../src/domain/phrases.js';
import { createLogger } from '../../src/log.js';
import { StrataMetrics } from '../../src/metrics.js';
import { createAi } from '../../src/wiring/ai.js';

describe('createAi', () => {
  const config = loadConfig({ EMBEDDER: 'hashing', SUMMARIZER: 'local' });
  const log = createLogger('silent');

  it('summarizes with a local summarizer brought in, thin periods and fallbacks too', async () => {
    const plain = new LocalExtractiveSummarizer(new HashingEmbeddings({ dimension: 384 }), PLAIN_RULES);
    const ai = await createAi(config, log, new StrataMetrics(), { summarizer: plain });
    expect(ai.localSummarizer).toBe(plain);
    expect(ai.summarizer.name).toBe('local-extractive@3');
  });

  it('uses the configured summarizer otherwise', async () => {
    const ai = await createAi(config, log, new StrataMetrics());
    expect(ai.summarizer.name).toBe('local-extractive@4');
    expect(ai.localSummarizer.name).toBe('local-extractive@4');
  });
});
