/**
 * A mention the tagger found with a word too many or too few, as written: the shorter names it may stand for, and the
 * capitalised word right after it. A name that starts with a capital does not end in words in lower case ("Pixel
 * Board demo", "IKEA order", "Dave the plumber"), and a capital at the start of a sentence says nothing ("Call
 * Clara", "Rereading Tartine Bread"); a name the group always writes on into the same capitalised word ends there
 * ("Blue" in "Blue Monday"). Whether one is taken is for resolution to say, by the names the group uses
 * (entity-targets.ts): the form alone would cut real names ("Bank of america", "New York" at the start of a
 * sentence) and join others ("Lisbon Monday").
 */

export interface ShorterSurface {
  surface: string;
  /** The first word was dropped: at a sentence start, or leaving two words or more. */
  leading: boolean;
}

const lowerWord = (word: string) => /^\p{Ll}[\p{Ll}'’-]*$/u.test(word);
const capitalised = (word: string) => /^\p{Lu}/u.test(word);

/**
 * The shorter surfaces of a mention of several words, longest first: trailing words in lower case cut, then the first
 * word too, where its capital is in doubt (a sentence's start) or where a name of two words or more is left
 * ("Rereading Tartine Bread" after "fwiw": chat does not always end a sentence with a stop).
 */
export function shorterSurfaces(surface: string, sentenceStart: boolean): ShorterSurface[] {
  const words = surface.split(/\s+/).filter(Boolean);
  const out: ShorterSurface[] = [];
  const from = (first: number) => {
    if (!capitalised(words[first] ?? '')) return;
    const leading = first > 0;
    const push = (end: number) => {
      const nameLeft = end - first >= 2 && capitalised(words[end - 1] as string);
      if (!leading || sentenceStart || nameLeft)
        out.push({ surface: words.slice(first, end).join(' '), leading });
    };
    let end = words.length;
    if (leading) push(end);
    while (end - 1 > first && lowerWord(words[end - 1] as string)) push(--end);
  };
  from(0);
  if (words.length > 1 && capitalised(words[0] as string)) from(1);
  return out.filter((s) => /\p{L}/u.test(s.surface));
}

const SENTENCE_END = /(?:^|[.!?:;…)\]]|\p{Extended_Pictographic}|\s-)$/u;

/**
 * Whether the text at `start` begins a sentence: nothing before it, or a sentence's end, a closing bracket (":)"),
 * an emoji or a dash, then white space or an opening quote.
 */
export function startsSentence(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start).replace(/[\s"'“‘(«]+$/u, '');
  return SENTENCE_END.test(before);
}

const NEXT_WORD = /^ (\p{Lu}\p{Ll}[\p{Ll}\p{N}-]*)(?![\p{L}\p{N}])/u;

/** The word in title case right after a mention ending at `end`, one space between; null when there is none. */
export function capitalisedAfter(text: string, end: number): string | null {
  return NEXT_WORD.exec(text.slice(end, end + 40))?.[1] ?? null;
}
