/**
 * Whose turns answer a question. A question in the first person ("How many plants did I get last month?") asks what
 * its asker said or did, and in a conversation with an assistant the asker said it: the assistant's replies repeat
 * the asker's words around the fact ("Congratulations on your new plant!") without holding it, and being longer,
 * they hold more of the query's other words. So such a query counts an assistant's turns at a share of their score,
 * and brings none under the asker's turns (recall/recall.ts neighbourTurns).
 *
 * An assistant is a speaker named `assistant`: the role OpenAI's, Anthropic's and MCP's messages give the model's
 * turns, and the one /compact takes. A question about what the assistant said ("which book did you recommend?",
 * "your list") is left as it is, and so is a group of people talking: no speaker there is an assistant.
 */

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

/** Whether a query asks about its asker: in the first person, and not about what the assistant said or did. */
export function asksAboutAsker(query: string): boolean {
  return FIRST_PERSON.test(query) && !ABOUT_THE_ASSISTANT.test(query);
}

/** Whether a query asks what the assistant said or did ("the list you provided", "which book did you recommend?"). */
export function asksAboutAssistant(query: string): boolean {
  return ABOUT_THE_ASSISTANT.test(query);
}

/** Whether a turn's speaker is an assistant (its role name, in any case). */
export function isAssistant(speaker: string | null | undefined): boolean {
  return speaker?.toLowerCase() === ASSISTANT;
}

/**
 * The weight of a turn's lexical score for a query: ASSISTANT_ECHO_WEIGHT for an assistant's turn when the query
 * asks about its asker, else 1.
 */
export function speakerWeight(aboutAsker: boolean, speaker: string | null | undefined): number {
  return aboutAsker && isAssistant(speaker) ? ASSISTANT_ECHO_WEIGHT : 1;
}
