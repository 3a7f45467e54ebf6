import { splitSentences } from './text.js';

/**
 * Rough token count without a tokenizer: English prose runs about 1.3 tokens per word, while code, ids
 * and numbers run nearer 4 characters per token. Taking the larger of the two, rounded up, errs towards
 * overestimating, which is the safe side for a budget.
 */
export function estimateTokens(text: string): number {
  return tokensFor(countWords(text), text.length);
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function tokensFor(words: number, chars: number): number {
  return Math.ceil(Math.max(words * 1.3, chars / 4));
}

export interface BudgetSection {
  title: string;
  entries: string[];
}

export interface FittedText {
  text: string;
  tokens: number;
  /** Entries included, whole or cut at a sentence boundary. */
  included: number;
  /** True when any entry was left out or cut. */
  truncated: boolean;
}

/**
 * Lines joined with newlines, counted as they grow. Word counts add up and each line adds its characters
 * plus one newline, so the running count equals estimateTokens of the joined text.
 */
class LineMeter {
  readonly lines: string[] = [];
  private words = 0;
  private chars = 0;

  constructor(private readonly budget: number) {}

  get tokens(): number {
    return tokensFor(this.words, this.chars);
  }

  /** Whether these lines could be appended within budget. */
  fits(...lines: string[]): boolean {
    let { words, chars } = this;
    let count = this.lines.length;
    for (const line of lines) {
      words += countWords(line);
      chars += line.length + (count > 0 ? 1 : 0);
      count += 1;
    }
    return tokensFor(words, chars) <= this.budget;
  }

  push(...lines: string[]): void {
    for (const line of lines) {
      this.words += countWords(line);
      this.chars += line.length + (this.lines.length > 0 ? 1 : 0);
      this.lines.push(line);
    }
  }
}

/**
 * Renders sections in order, each as a title line followed by one line per entry, with a blank line between
 * sections, and adds entries while they fit the budget. The first entry that does not fit whole keeps only
 * its leading sentences that fit (never part of a sentence) and ends the text there: what comes first is
 * what matters most, so a later, smaller entry never takes the place of an earlier one. Titles count
 * toward the budget; a section with no entries, or whose first entry cannot fit even one sentence, is left
 * out entirely.
 */
export function fitToBudget(sections: BudgetSection[], budgetTokens: number): FittedText {
  const meter = new LineMeter(budgetTokens);
  const nonEmpty = sections
    .map((section) => ({ title: section.title, entries: section.entries.filter((e) => e.trim() !== '') }))
    .filter((section) => section.entries.length > 0);
  const totalEntries = nonEmpty.reduce((sum, section) => sum + section.entries.length, 0);
  let included = 0;
  let cut = false;

  outer: for (const section of nonEmpty) {
    const heading = meter.lines.length > 0 ? ['', section.title] : [section.title];
    let headed = false;
    for (const entry of section.entries) {
      const lead = headed ? [] : heading;
      if (meter.fits(...lead, entry)) {
        meter.push(...lead, entry);
        headed = true;
        included += 1;
        continue;
      }
      const partial = leadingSentencesThatFit(meter, lead, entry);
      if (partial !== null) {
        meter.push(...lead, partial);
        included += 1;
        cut = true;
      }
      break outer;
    }
  }

  const text = meter.lines.join('\n');
  return { text, tokens: meter.tokens, included, truncated: cut || included < totalEntries };
}

function leadingSentencesThatFit(meter: LineMeter, lead: string[], entry: string): string | null {
  const sentences = splitSentences(entry);
  let best: string | null = null;
  for (let count = 1; count < sentences.length; count += 1) {
    const candidate = sentences.slice(0, count).join(' ');
    if (!meter.fits(...lead, candidate)) break;
    best = candidate;
  }
  return best;
}
