/**
 * What a name's form says, whatever the tagger said: its kind where its last word tells (an organisation's "Labs" or
 * "Society", an event's "Marathon"), and the shorter ways a group writes it: a person's first name ("Ana"
 * for "Ana Costa"), a body's name without the word that says what sort of body it is ("Northwind" for "Northwind
 * Labs", "Acme" for "Acme Ltd"), and the initials of a name that is not a person's, written in capitals ("RHS" for
 * "Royal Horticultural Society"). Pure; entity-resolution.ts decides when a mention is taken for the longer name.
 */

/** Words that end a company's or a society's name and are dropped when it is named in short. */
const DESIGNATORS = new Set([
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'plc',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'ag',
  'labs',
  'group',
  'holdings',
]);
/** Last words that make a name an organisation's, whatever the tagger said: its designators, and bodies. */
const ORGANISATION_HEADS = new Set([
  ...DESIGNATORS,
  'society',
  'association',
  'foundation',
  'institute',
  'university',
  'council',
  'committee',
  'agency',
  'federation',
]);
/** Last words that make a name an occasion's. */
const EVENT_HEADS = new Set([
  'marathon',
  'festival',
  'conference',
  'summit',
  'championship',
  'championships',
  'tournament',
  'olympics',
  'expo',
  'carnival',
]);

/** Words an acronym leaves out ("Bank of America" is "BA", as "BoA" rarely is a single capital run). */
const JOINERS = new Set(['of', 'the', 'and', '&', 'for', 'de', 'at', 'on', 'in']);

/** The first word of a key of several words, or null. */
export function firstNameOf(key: string): string | null {
  const space = key.indexOf(' ');
  return space < 0 ? null : key.slice(0, space);
}

/** A key less its last word when that word is a designator ("northwind labs" -> "northwind"), or null. */
export function shortNameOf(key: string): string | null {
  const words = key.split(' ');
  const last = (words.at(-1) ?? '').replace(/\.$/, '');
  if (words.length < 2 || !DESIGNATORS.has(last)) return null;
  const rest = words.slice(0, -1).join(' ').replace(/,$/, '');
  return /\p{L}/u.test(rest) ? rest : null;
}

/** The initials of a key of two to six words, joiners left out ("royal horticultural society" -> "rhs"), or null. */
export function initialsOf(key: string): string | null {
  const words = key.split(' ').filter((w) => !JOINERS.has(w));
  if (words.length < 2 || words.length > 6 || !words.every((w) => /^\p{L}/u.test(w))) return null;
  return words.map((w) => [...w][0]).join('');
}

/** Whether a mention is written as initials: one word of two to six capital letters ("RHS", "NYC"). */
export function writtenAsInitials(surface: string): boolean {
  return /^\p{Lu}{2,6}$/u.test(surface.trim());
}

/** The kind a key of several words has by its last word ("northwind labs", "berlin marathon"), or null. */
export function kindByForm(key: string): 'organisation' | 'event' | null {
  const words = key.split(' ');
  if (words.length < 2) return null;
  const last = (words.at(-1) as string).replace(/\.$/, '');
  return ORGANISATION_HEADS.has(last) ? 'organisation' : EVENT_HEADS.has(last) ? 'event' : null;
}
