/**
 * Words that never say what a conversation is about, whatever the conversation. Topic candidates (`phrases.ts`)
 * leave them out, so a period's topics are what its people talked about rather than how people talk.
 *
 * - General nouns: the vague nouns that stand in for a more specific one ("thing", "stuff", "people", "place",
 *   "way", "time", "lot"), the class Halliday and Hasan (Cohesion in English, 1976) call general nouns and Schmid
 *   (English Abstract Nouns as Conceptual Shells, 2000) shell nouns, with the chat that rides on them ("fun",
 *   "feeling", "moment", "life", "bye").
 * - Units of time, which say when, not what ("day", "week", "weekend"); dates and durations the tagger recognises
 *   are left out already.
 * - The media of what was shared rather than what it showed: "photo", "image", "picture", "pic", "video". Imports
 *   mark a shared image as `[shared image: a photo of ...]`, and a captioner names the medium in every caption.
 * - Nouns of quantity before "of", which count what follows rather than name it ("a group of women", "a stack of
 *   bowls"): only the second noun is a topic. "Support group" stays one.
 * - Evaluative adjectives, which praise or judge without naming ("great way", "tough time", "special source"):
 *   they never start a noun phrase.
 *
 * Every word is matched in lower case, in its dictionary form and as written.
 */

const GENERAL_NOUNS = list(`
  thing things stuff lot lots bit bits kind kinds sort sorts type types way ways part parts piece pieces
  people person persons folk folks guy guys gal gals dude man men everyone someone anyone
  place places area world matter matters affair business fact facts question questions idea ideas
  point points case cases reason reasons side aspect aspects example examples situation issue deal
  time times moment moments while meantime life lives fun blast bummer feeling feelings emotion emotions mood vibe vibes
  word words sense end start beginning difference best
  others other one ones
  bye goodbye hello hey hi thanks thank congrats cheers ha haha lol lmao omg wow yay yeah yes ok okay
`);

const TIME_UNITS = list(`
  second seconds minute minutes hour hours day days night nights morning mornings afternoon evening evenings
  week weeks weekend weekends month months year years today tonight tomorrow yesterday
`);

const MEDIA_NOUNS = list(`
  photo photos photograph photographs photography pic pics picture pictures image images selfie selfies
  snapshot snapshots screenshot screenshots video videos clip clips link links attachment attachments caption
`);

const QUANTITY_NOUNS = list(`
  group groups bunch bunches couple pair pairs number numbers set sets stack stacks pile piles row rows series
  variety range collection handful ton tons load loads amount amounts plenty bundle cluster crowd heap
`);

const EVALUATIVE_ADJECTIVES = list(`
  great good nice cool awesome amazing wonderful fantastic fabulous fab brilliant lovely neat super
  incredible beautiful gorgeous cute fun funny happy glad excited exciting proud sad tough hard easy bad
  best better worse worst important interesting special perfect true real big little small huge new old
  crazy whole entire full certain different same main other own many much several various
`);

function list(words: string): ReadonlySet<string> {
  return new Set(words.split(/\s+/).filter(Boolean));
}

/** Laughter however it is spelled ("haha", "ahhahha", "hehe", "lool"), which the tagger may call a noun. */
const LAUGHTER = /^(?:a*h+a+)+h*$|^(?:h+e+)+h*$|^l+o+l+$/;

/** A noun (in lower case, as written or in its dictionary form) that is never a topic nor part of one. */
export function isGenericNoun(word: string): boolean {
  return GENERAL_NOUNS.has(word) || TIME_UNITS.has(word) || MEDIA_NOUNS.has(word) || isLaughter(word);
}

/** Laughter (lower case), which the tagger may call a noun or, capitalised, a name ("Ahhahha"). */
export function isLaughter(word: string): boolean {
  return LAUGHTER.test(word);
}

/** A noun (lower case) that, followed by "of", counts what comes next rather than naming it. */
export function isQuantityNoun(word: string): boolean {
  return QUANTITY_NOUNS.has(word);
}

/** An adjective (lower case) that judges rather than describes, so it never starts a topic. */
export function isEvaluativeAdjective(word: string): boolean {
  return EVALUATIVE_ADJECTIVES.has(word);
}
