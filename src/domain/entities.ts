/**
 * Entities found in conversational text: who and what a message names, as spans of the text itself.
 * Everything here is pure; the tagger that finds them is domain/entity-tagger.ts, its trained weights are loaded
 * by ai/entities/.
 */

export const ENTITY_KINDS = ['person', 'place', 'organisation', 'product', 'work', 'event', 'other'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** One mention: `text === input.slice(start, end)`, offsets in JavaScript string indices, `end` exclusive. */
export interface Entity {
  text: string;
  start: number;
  end: number;
  kind: EntityKind;
}

export interface ExtractOptions {
  /** The names of the group's speakers: wherever one is named (in full, or its first name), it is a person. */
  speakers?: readonly string[];
}

export interface EntityExtractor {
  extract(text: string, options?: ExtractOptions): Entity[];
}

/** A message of a session as the entity step reads it. */
export interface SpokenMessage {
  text: string;
  speaker: string;
}

/** The entities of a session's messages, one list per message in their order. */
export interface SessionExtraction {
  entities: Entity[][];
  /** Why the configured extractor's answer was replaced by its fallback's, when it was; the step logs it. */
  fallbackReason?: string;
}

/**
 * What the cycle's entity step extracts with: a session's messages at once, as a language model reads them
 * together; the local extractor reads them one at a time (`perMessage`).
 */
export interface SessionEntityExtractor {
  extractSession(messages: readonly SpokenMessage[], options?: ExtractOptions): Promise<SessionExtraction>;
}

/** A message-at-a-time extractor as a session extractor. */
export function perMessage(extractor: EntityExtractor): SessionEntityExtractor {
  return {
    extractSession: async (messages, options) => ({
      entities: messages.map((m) => extractor.extract(m.text, options)),
    }),
  };
}

/** A word or a mark of punctuation, with where it stands in the text. */
export interface Token {
  text: string;
  start: number;
  end: number;
}

const LEADING = new Set([...'(["\'“‘«{<*_~¿¡>']);
const TRAILING = new Set([...'.,!?;:")]}>…”’\'»*_~']);
const POSSESSIVE = /^(.+?)(['’´]s)$/i;
const INITIALS = /^(?:\p{L}\.)+$/u;

/**
 * Splits text at white space, then peels punctuation off each word's ends and a possessive 's off its tail, so
 * "(Alice's" gives "(", "Alice", "'s". Marks inside a word stay (U.S., AT&T, don't, 3.5, @handle, #tag); a final
 * period stays on initials (U.S., J.).
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    let start = match.index;
    let end = start + match[0].length;
    const head: Token[] = [];
    const tail: Token[] = [];
    while (end - start > 1 && LEADING.has(text.charAt(start))) {
      head.push({ text: text.charAt(start), start, end: start + 1 });
      start += 1;
    }
    while (end - start > 1 && TRAILING.has(text.charAt(end - 1))) {
      if (text.charAt(end - 1) === '.' && INITIALS.test(text.slice(start, end))) break;
      tail.unshift({ text: text.charAt(end - 1), start: end - 1, end });
      end -= 1;
    }
    tokens.push(...head);
    const word = text.slice(start, end);
    const possessive = POSSESSIVE.exec(word);
    if (possessive && (possessive[1] as string).length > 0) {
      const cut = start + (possessive[1] as string).length;
      tokens.push({ text: text.slice(start, cut), start, end: cut });
      tokens.push({ text: text.slice(cut, end), start: cut, end });
    } else {
      tokens.push({ text: word, start, end });
    }
    tokens.push(...tail);
  }
  return tokens;
}

/** A run of tokens, [first, last] inclusive, and its kind. */
export interface TokenSpan {
  first: number;
  last: number;
  kind: EntityKind;
}

/** BIO labels ("O", "B-person", "I-person", ...) to spans; an I- that does not continue a span of its kind opens one. */
export function spansFromLabels(labels: readonly string[]): TokenSpan[] {
  const spans: TokenSpan[] = [];
  let open: TokenSpan | null = null;
  labels.forEach((label, i) => {
    if (label === 'O') {
      open = null;
      return;
    }
    const kind = label.slice(2) as EntityKind;
    if (label.startsWith('I-') && open && open.kind === kind && open.last === i - 1) {
      open.last = i;
      return;
    }
    open = { first: i, last: i, kind };
    spans.push(open);
  });
  return spans;
}

export function entityOf(text: string, tokens: readonly Token[], span: TokenSpan): Entity {
  const start = (tokens[span.first] as Token).start;
  const end = (tokens[span.last] as Token).end;
  return { text: text.slice(start, end), start, end, kind: span.kind };
}

/**
 * Where the speakers are named in the tokens: a speaker's full name as consecutive tokens, or each word of it on
 * its own (a first name beside a full name), matched without regard to case, longest first. A single word in
 * lower case that is a common word ("will", "may", "hope") is not taken for a speaker named Will, May or Hope.
 */
export function speakerSpans(
  tokens: readonly Token[],
  speakers: readonly string[],
  isCommonWord: (lower: string) => boolean = () => false,
): TokenSpan[] {
  const names = new Set<string>();
  for (const speaker of speakers) {
    const words = tokenize(speaker).map((t) => t.text.toLowerCase());
    if (words.length === 0) continue;
    names.add(words.join(' '));
    for (const word of words) if (/\p{L}/u.test(word)) names.add(word);
  }
  if (names.size === 0) return [];
  const longest = Math.max(...[...names].map((n) => n.split(' ').length));
  const lower = tokens.map((t) => t.text.toLowerCase());
  const spans: TokenSpan[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let n = Math.min(longest, tokens.length - i); n >= 1; n--) {
      if (names.has(lower.slice(i, i + n).join(' '))) {
        const word = tokens[i]?.text as string;
        if (n === 1 && word === lower[i] && isCommonWord(word)) break;
        spans.push({ first: i, last: i + n - 1, kind: 'person' });
        i += n - 1;
        break;
      }
    }
  }
  return spans;
}

/**
 * The spans of `found` with `preferred` laid over them: a preferred span wins over every found span it overlaps,
 * unless that found span holds it whole as a person (a speaker's first name inside a full name the tagger found).
 */
export function overlaySpans<S extends TokenSpan>(found: readonly S[], preferred: readonly S[]): S[] {
  const overlaps = (a: S, b: S) => a.first <= b.last && b.first <= a.last;
  const kept = found.filter(
    (f) =>
      !preferred.some((p) => overlaps(f, p)) ||
      preferred.every(
        (p) => !overlaps(f, p) || (f.kind === 'person' && f.first <= p.first && p.last <= f.last),
      ),
  );
  const extra = preferred.filter((p) => !kept.some((k) => overlaps(k, p)));
  return [...kept, ...extra].sort((a, b) => a.first - b.first);
}

/** `overlaySpans` over entities of one text, by their characters: a speaker named laid over what a model found. */
export function overlayEntities(found: readonly Entity[], preferred: readonly Entity[]): Entity[] {
  const span = (entity: Entity) => ({ first: entity.start, last: entity.end - 1, kind: entity.kind, entity });
  return overlaySpans(found.map(span), preferred.map(span)).map((s) => s.entity);
}
