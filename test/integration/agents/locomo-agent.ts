/**
 * An agent in its own process, as a LangChain.js developer would write one: it knows Strata only by
 * URL and key, through the client package and StrataRetriever. It ingests one LoCoMo conversation, runs
 * the cycle, recalls the evidence of the conversation's questions, and answers one through a LangChain
 * runnable with a fake chat model. It prints one JSON line of what it saw for the test to check.
 *
 * Env: STRATA_URL, STRATA_API_KEY, STRATA_GROUP, LOCOMO_FILE, LOCOMO_SAMPLE (e.g. conv-30).
 */
import { StringOutputParser } from '@langchain/core/output_parsers';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { RunnableLambda, RunnablePassthrough, RunnableSequence } from '@langchain/core/runnables';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { StrataClient } from '../../../packages/client/src/index.js';
import { StrataRetriever } from '../../../packages/client/src/langchain.js';
import { readLocomoFile } from '../../../src/ingest/importers/locomo.js';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const url = env('STRATA_URL');
const apiKey = env('STRATA_API_KEY');
const groupId = env('STRATA_GROUP');
const sampleId = env('LOCOMO_SAMPLE');

const conversation = (await readLocomoFile(env('LOCOMO_FILE'))).find((c) => c.sampleId === sampleId);
if (!conversation) throw new Error(`no LoCoMo sample ${sampleId}`);

const strata = new StrataClient({ url, apiKey, timeoutMs: 120_000 });

// Ingest in batches, as an agent streaming a chat would; then once more to show nothing is stored twice.
const started = Date.now();
let created = 0;
for (let i = 0; i < conversation.memories.length; i += 200) {
  created += (await strata.addMemories(groupId, conversation.memories.slice(i, i + 200))).created.length;
}
const ingestMs = Date.now() - started;
const again = await strata.addMemories(groupId, conversation.memories.slice(0, 200));

const cycleStarted = Date.now();
const cycle = await strata.aggregate(groupId);
const cycleMs = Date.now() - cycleStarted;
const weeks = (await strata.listSummaries(groupId, { level: 'week', limit: 500 })).summaries;

// Evidence recall@10 over the questions that name their evidence, as bench/locomo measures it.
const memoryId = (diaId: string) => `locomo-${sampleId}-${diaId}`;
const questions = conversation.questions
  .filter((q) => q.evidence.length > 0 && q.category !== 5)
  .slice(0, 40);
let found = 0;
for (const question of questions) {
  const { items } = await strata.recall(groupId, { query: question.question, k: 10 });
  const seen = new Set(items.flatMap((item) => [item.id, ...item.details.map((d) => d.id)]));
  if (question.evidence.some((e) => seen.has(memoryId(e)))) found++;
}

// A LangChain.js chain: retrieve from Strata over HTTP, stuff the prompt, ask the (fake) model.
const question = questions[0];
if (!question) throw new Error('no question with evidence');
const retriever = new StrataRetriever({ url, apiKey, groupId, k: 5 });
const prompt = ChatPromptTemplate.fromMessages([
  ['system', 'Answer from these memories, citing their ids and dates:\n{context}'],
  ['human', '{question}'],
]);
let promptText = '';
const chain = RunnableSequence.from([
  {
    context: retriever.pipe((docs) =>
      docs.map((d) => `[${d.metadata.id} | ${d.metadata.period}] ${d.pageContent}`).join('\n'),
    ),
    question: new RunnablePassthrough(),
  },
  prompt,
  RunnableLambda.from((value) => {
    promptText = value.toString();
    return value;
  }),
  new FakeListChatModel({ responses: ['They talked about it in their first session.'] }),
  new StringOutputParser(),
]);
const answer = await chain.invoke(question.question);
const documents = await retriever.invoke(question.question);

console.log(
  JSON.stringify({
    memories: conversation.memories.length,
    created,
    ingestMs,
    repeated: { created: again.created.length, existing: again.existing.length },
    cycle: { status: cycle.status, levels: cycle.levels, errors: cycle.errors, ms: cycleMs },
    weeks: weeks.length,
    recall: { questions: questions.length, found },
    chain: {
      answer,
      documents: documents.length,
      firstDocument: documents[0]?.metadata,
      promptHasCitations: documents.every((d) => promptText.includes(d.metadata.id)),
    },
  }),
);
