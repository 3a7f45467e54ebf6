import { describe, expect, it } from 'vitest';
import {
  contentText,
  eraEmbeddedText,
  MAX_CONTENT_CHARS,
  meanVector,
  memoryEmbeddedText,
} from '../../src/domain/embedded-texts.js';

describe('embedded texts', () => {
  it('reads a memory as it is said for a semantic embedder, its text alone for the hashing one', () => {
    const memory = { speaker: 'Caroline', text: 'I went to a support group.' };
    expect(memoryEmbeddedText(true, memory)).toBe('Caroline: I went to a support group.');
    expect(memoryEmbeddedText(false, memory)).toBe('I went to a support group.');
  });

  it("joins a period's children a line each, within the bound hosted models take", () => {
    expect(contentText(['one', 'two'])).toBe('one\ntwo');
    expect(contentText(['x'.repeat(MAX_CONTENT_CHARS), 'more'])).toHaveLength(MAX_CONTENT_CHARS);
  });

  it("makes an era's text from its theme and text", () => {
    expect(eraEmbeddedText('sourdough', 'Baking took over.')).toBe('sourdough. Baking took over.');
  });

  it('averages vectors to unit length, and has none for nothing or for vectors that cancel out', () => {
    expect(
      meanVector([
        [1, 0],
        [0, 1],
      ])?.map((x) => x.toFixed(4)),
    ).toEqual(['0.7071', '0.7071']);
    expect(meanVector([])).toBeNull();
    expect(
      meanVector([
        [1, 0],
        [-1, 0],
      ]),
    ).toBeNull();
  });
});
