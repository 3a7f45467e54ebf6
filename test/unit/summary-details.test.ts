import { describe, expect, it } from 'vitest';
import { pathsUp, summaryDetails } from '../../src/domain/summary-details.js';

describe('summary details', () => {
  // Candidates best first: a and b beneath the week (through their day), c beneath the session, d beneath both.
  const candidates = [
    { id: 'a', above: [['w', 'd1', 'a']] },
    { id: 'b', above: [['w', 'd1', 'b']] },
    { id: 'c', above: [['s', 'c']] },
    {
      id: 'd',
      above: [
        ['w', 'd2', 'd'],
        ['s', 'd'],
      ],
    },
  ];

  it('shows the candidates beneath a summary that the ranking returns, and no weaker one beside them', () => {
    const details = summaryDetails(['w', 's'], candidates, new Set(['b', 'd']), 3);
    expect(details.get('w')).toEqual({
      known: [
        { id: 'b', path: ['w', 'd1', 'b'] },
        { id: 'd', path: ['w', 'd2', 'd'] },
      ],
      candidates: 3,
    });
    expect(details.get('s')?.known.map((d) => d.id)).toEqual(['d']);
  });

  it('shows the best candidates beneath a summary when the ranking returns none of them, up to perSummary', () => {
    const details = summaryDetails(['w', 's'], candidates, new Set(['x']), 2);
    expect(details.get('w')?.known.map((d) => d.id)).toEqual(['a', 'b']);
    expect(details.get('s')).toEqual({
      known: [
        { id: 'c', path: ['s', 'c'] },
        { id: 'd', path: ['s', 'd'] },
      ],
      candidates: 2,
    });
  });

  it('gives a summary with no candidates beneath it nothing, and counts a memory once per summary', () => {
    const twice = [
      {
        id: 'a',
        above: [
          ['m', 'w', 'd', 'a'],
          ['m', 'w2', 'd', 'a'],
        ],
      },
    ];
    const details = summaryDetails(['m', 'e'], twice, new Set(), 3);
    expect(details.get('m')).toEqual({ known: [{ id: 'a', path: ['m', 'w', 'd', 'a'] }], candidates: 1 });
    expect(details.get('e')).toEqual({ known: [], candidates: 0 });
  });
});

describe('paths up from a memory', () => {
  it('gives every path down to it from each summary above, top first, up to four levels', () => {
    const parentsOf = new Map([
      ['m', ['s', 'd']],
      ['d', ['w']],
      ['w', ['mo']],
      ['mo', ['era']],
      // Five steps up: past the walk's four, not followed.
      ['era', ['beyond']],
    ]);
    expect(pathsUp('m', parentsOf)).toEqual([
      ['s', 'm'],
      ['d', 'm'],
      ['w', 'd', 'm'],
      ['mo', 'w', 'd', 'm'],
      ['era', 'mo', 'w', 'd', 'm'],
    ]);
    expect(pathsUp('alone', parentsOf)).toEqual([]);
  });
});
