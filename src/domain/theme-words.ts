/**
 * Which terms may name an era. An era's theme should say what the group talked about, so it never shows who was
 * talking (speaker names), the words that stand for people (pronouns), or the chat that fills every conversation
 * whatever its subject: greetings, thanks, praise, agreement, the light verbs and vague nouns around them, and the
 * words for what was attached rather than what it showed ("shared a photo").
 * Topic extraction may already drop some of these; this is the last word for era themes and key topics.
 */
import { normalizeTopic } from './topics.js';

const PRONOUNS = words(`
  i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his himself she her hers
  herself it its itself they them their theirs themselves one ones oneself this that these those who whom whose
  what which whatever whoever someone somebody something anyone anybody anything everyone everybody everything
  noone nobody nothing none each either neither other others another all both some many much few several
  im ive id ill youre youve youd youll hes shes its were weve wed well theyre theyve theyd theyll thats whats
  whos theres heres u ya yall
`);

const CHAT_FILLER = words(`
  hi hey hello hiya yo bye goodbye cya welcome morning evening night
  thanks thank thx ty cheers please sorry sry congrats congratulations
  yes yeah yep yup ya nope no ok okay k alright sure totally definitely absolutely exactly indeed
  oh ah ahh aw aww wow whoa ooh oops uh um hmm huh lol lmao haha hahaha hehe omg btw tbh idk imo ikr
  great good nice cool awesome amazing wonderful fantastic fab brilliant lovely sweet neat super incredible
  beautiful gorgeous cute fun funny happy glad excited exciting proud sad tough hard easy bad best better
  important interesting special perfect true real big little small huge new old
  love like enjoy hope wish miss care feel felt think thought know knew guess mean meant believe
  get got getting go going gone went come came coming make made making take took taken give gave given
  keep kept keeping let say said tell told talk talked talking ask asked see saw seen look looking
  want wanted need needed try tried trying use used find found put stay stayed wait waiting
  sound sounds seem seems hear heard share shared sharing check happen happened gonna wanna gotta
  really just very so too also still even actually maybe probably pretty quite kinda sorta always never
  sometimes often ever again already soon lately yet anyway though well right
  thing things stuff lot lots bit kind sort way ways time times day days week weeks today tomorrow yesterday
  tonight moment moments life people guy guys folks everyone man dude
  agree agreed first last next back
  photo photos pic pics picture pictures image images selfie video link
`);

/** Each word as written and as topic names spell it (singular: "thanks" is stored as "thank"). */
function words(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).flatMap((word) => (word ? [word, normalizeTopic(word)] : [])));
}

/**
 * A predicate over normalised topic names (lower case, words separated by single spaces): false for a term any of
 * whose words is a speaker's name (or, from three letters on, the start of one: "mel" for Melanie), a pronoun,
 * chat filler, a number, or a single letter.
 */
export function themeTermFilter(speakerNames: ReadonlySet<string>): (term: string) => boolean {
  const isName = (word: string) =>
    speakerNames.has(word) || (word.length >= 3 && [...speakerNames].some((name) => name.startsWith(word)));
  return (term) => {
    const parts = term.toLowerCase().split(/\s+/).filter(Boolean);
    if (parts.length === 0) return false;
    return parts.every(
      (word) =>
        word.length > 1 &&
        !/^\d+$/.test(word) &&
        !PRONOUNS.has(word) &&
        !CHAT_FILLER.has(word) &&
        !isName(word),
    );
  };
}
