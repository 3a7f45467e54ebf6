import { stemmer } from 'stemmer';

/**
 * ROUGE-1 and ROUGE-L F1 (Lin, 2004), as the `rouge-score` package computes them with `use_stemmer=True`: text
 * lower-cased, cut into runs of letters and digits, each word Porter-stemmed; ROUGE-1 counts unigrams in common
 * (each at most as often as the rarer side has it), ROUGE-L takes the longest common subsequence; F1 is the
 * harmonic mean of precision (over the candidate) and recall (over the reference), 0 when either is empty.
 */
export function rougeTokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map((word) => stemmer(word));
}

export interface RougeScores {
  rouge1: number;
  rougeL: number;
}

export function rouge(candidate: string, reference: string): RougeScores {
  const c = rougeTokens(candidate);
  const r = rougeTokens(reference);
  return {
    rouge1: f1(unigramOverlap(c, r), c.length, r.length),
    rougeL: f1(lcsLength(c, r), c.length, r.length),
  };
}

function f1(common: number, candidateLength: number, referenceLength: number): number {
  if (common === 0 || candidateLength === 0 || referenceLength === 0) return 0;
  const precision = common / candidateLength;
  const recall = common / referenceLength;
  return (2 * precision * recall) / (precision + recall);
}

function unigramOverlap(a: string[], b: string[]): number {
  const counts = new Map<string, number>();
  for (const t of b) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of a) {
    const left = counts.get(t) ?? 0;
    if (left > 0) {
      common += 1;
      counts.set(t, left - 1);
    }
  }
  return common;
}

/** Longest common subsequence, one row at a time. */
export function lcsLength(a: string[], b: string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j += 1) {
      row[j] =
        x === b[j - 1]
          ? (previous[j - 1] as number) + 1
          : Math.max(previous[j] as number, row[j - 1] as number);
    }
    previous = row;
  }
  return previous[b.length] as number;
}

/** The first `words` words of the texts, in order: the lead-k baseline of a summary that long. */
export function leadWords(texts: string[], words: number): string {
  const out: string[] = [];
  for (const text of texts) {
    for (const word of text.split(/\s+/).filter(Boolean)) {
      if (out.length >= words) return out.join(' ');
      out.push(word);
    }
  }
  return out.join(' ');
}
