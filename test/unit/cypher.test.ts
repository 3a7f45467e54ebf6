import { describe, expect, it } from 'vitest';
import { cypher, cypherStatements, withoutLineComments } from '../../src/graph/cypher.js';

describe('withoutLineComments', () => {
  it('drops the lines that hold only a comment, indented or not', () => {
    const text = ['// what this does', 'MATCH (n)', '  // why', '  WHERE n.x = 1', 'RETURN n'].join('\n');
    expect(withoutLineComments(text)).toBe(['MATCH (n)', '  WHERE n.x = 1', 'RETURN n'].join('\n'));
  });

  it("keeps a comment after code and a '//' inside a string", () => {
    const text = "RETURN 'http://example.org' AS url // the home page";
    expect(withoutLineComments(text)).toBe(text);
  });
});

describe('cypher', () => {
  it('sends a file without its comment lines', () => {
    const text = cypher('recall/lexical-search');
    expect(text).toMatch(/^CYPHER replan=skip\nOPTIONAL MATCH \(g:Group/);
    expect(text.split('\n').some((line) => line.trimStart().startsWith('//'))).toBe(false);
  });

  it('still splits a file of several statements', () => {
    expect(cypherStatements('schema/constraints').length).toBeGreaterThan(1);
    expect(cypherStatements('schema/constraints').every((s) => s.startsWith('CREATE CONSTRAINT'))).toBe(true);
  });
});
