/** Word tokens: lower-cased runs of letters and digits (Unicode-aware), apostrophes folded away. */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/['’]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Common English function words; they carry little topic, so lexical features and topic terms skip them. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further get got had has have
  having he her here hers herself him himself his how i if in into is it its itself just like me more most my
  myself no nor not now of off on once only or other our ours ourselves out over own really same she should so
  some such than that thats the their theirs them themselves then there these they this those through to too
  under until up very was we were what when where which while who whom why will with would yeah yes you your
  yours yourself yourselves im ive youre dont didnt cant its thats oh ok okay um uh hey hi`
    .split(/\s+/)
    .filter(Boolean),
);

/** Tokens without stopwords and one-character noise. */
export function contentTokens(text: string): string[] {
  return tokenize(text).filter((t) => t.length > 1 && !STOPWORDS.has(t));
}

/** Split text into sentences at ., ! or ? followed by space, keeping the punctuation. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=\S)/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
