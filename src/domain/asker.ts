/**
 * Whose turns answer a question, in a conversation with an assistant.
 *
 * A question in the first person ("How many plants did I get last month?") asks what its asker said or did, and the
 * asker said it: the assistant's replies repeat the asker's words around the fact ("Congratulations on your new
 * plant!") without holding it, and being longer, they hold more of the query's other words. So such a query counts
 * an assistant's turns at a share of their score, and brings none under the asker's turns.
 *
 * A question about what the assistant said ("which book did you recommend?", "the list you provided") is answered by
 * the assistant's reply to the turn that holds its subject, so recall brings that reply under such a turn
 * (recall/recall.ts neighbourTurns).
 *
 * A request for advice ("Any tips for my commute?") is answered from what informs it, the asker's tastes and plans,
 * which its own wording (tips, recommendations) does not find: the asker asked for those about everything.
 *
 * An assistant is a speaker named `assistant`: the role OpenAI's, Anthropic's and MCP's messages give the model's
 * turns, and the one /compact takes. A group of people talking has no assistant, and nothing here changes there.
 */

/** Whom a query asks about: its asker, the assistant, or neither (a question in the third person). */
export type AskedAbout = 'asker' | 'assistant' | null;

/**
 * The share of its lexical score an assistant's turn keeps for a question about its asker. On LongMemEval's dev
 * questions 0.2 to 0.4 gave the same first 10 memories; 0.5 and 0.6 lost a question, 0.8 three.
 */
export const ASSISTANT_ECHO_WEIGHT = 0.4;

/** The speaker name chat APIs give the model's turns. */
const ASSISTANT = 'assistant';

const FIRST_PERSON = /\b(?:i|me|my|mine|myself)\b/iu;

/** The assistant's own words or deeds: "you said", "you recommended", "did you", "your list". */
const ABOUT_THE_ASSISTANT =
  /\b(?:your|yours|did you|you(?:'ve| have)? (?:\w+ed|said|told|made|gave|wrote|sent|put|did|thought|chose|found|took|meant|came up))\b/iu;

/**
 * Whom a query asks about: the assistant when it names what the assistant said or did, else its asker when it is in
 * the first person ("Can you remind me what I ordered?" asks about the asker).
 */
export function askedAbout(query: string): AskedAbout {
  if (ABOUT_THE_ASSISTANT.test(query)) return 'assistant';
  return FIRST_PERSON.test(query) ? 'asker' : null;
}

/** Whether a turn's speaker is an assistant (its role name, in any case). */
export function isAssistant(speaker: string | null | undefined): boolean {
  return speaker?.toLowerCase() === ASSISTANT;
}

/**
 * The weight of a turn's lexical score for a query: ASSISTANT_ECHO_WEIGHT for an assistant's turn when the query
 * asks about its asker, else 1.
 */
export function speakerWeight(about: AskedAbout, speaker: string | null | undefined): number {
  return about === 'asker' && isAssistant(speaker) ? ASSISTANT_ECHO_WEIGHT : 1;
}

/**
 * A request to the assistant for advice or suggestions ("Can you suggest a hotel for my trip to Miami?", "Any tips?",
 * "Do you have any ideas?"), not a question about the past ("Did Caroline give any advice?").
 */
const ASKS_FOR_ADVICE =
  /(?:\b(?:can|could|would|will) you (?:suggest|recommend|give me (?:some |any )?(?:tips|advice|ideas|suggestions|recommendations))|(?:^|[.?!,;:]\s*|\bdo you have )any (?:tips|advice|ideas|suggestions|recommendations)\b)/iu;

/**
 * Whether a query asks the assistant for advice: its answer is not among the memories, only what informs it (the
 * asker's tastes, plans and history), so a name the group never mentions ("Miami") does not mean the group holds
 * nothing for it, as it does for a question about what was said or done.
 */
export function asksForAdvice(query: string): boolean {
  return ASKS_FOR_ADVICE.test(query);
}

/** The words a request for advice is worded with, whatever it is about. */
const REQUEST_WORDS = new Set([
  'suggest',
  'suggestion',
  'suggestions',
  'recommend',
  'recommendation',
  'recommendations',
  'tip',
  'tips',
  'advice',
  'idea',
  'ideas',
]);

/**
 * A request for advice's terms without the words it is worded with ("Any recommendations?"): in a history of talks
 * with an assistant, the asker asked for recommendations about everything, so those words match every other request
 * and say nothing of what this one is about. Terms that are all such words stay, so something is still searched.
 */
export function withoutRequestWords(terms: string[]): string[] {
  const kept = terms.filter((t) => !REQUEST_WORDS.has(t));
  return kept.length > 0 ? kept : terms;
}
