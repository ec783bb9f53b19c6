/**
 * The model of the library pass (./index.ts) and of the e2e tier's library session
 * (test/e2e/librarySession.mjs), spoken through the Ollama-protocol test server.
 */
import type { ChatReply, ChatRequestBody } from '../../support/fakeOllama';
import { agreeingAgentReply, allText, lastQuestion } from '../agreeingAgents';
import { LIBRARY } from './facts';

/** Agrees as every agent does (../agreeingAgents.ts); the answer cites the passage that states the fact. */
export function libraryModel(body: ChatRequestBody): ChatReply {
  const agreed = agreeingAgentReply(body);
  if (agreed) return agreed;
  const question = lastQuestion(body);
  const everything = allText(body);
  const documents = [...everything.matchAll(/<document n="(\d+)"([^>]*)>([\s\S]*?)<\/document>/g)];
  if (question.includes(LIBRARY.bothQuestion)) return { content: `Each paper addresses part of it ${documents.map((d) => `[${d[1]}]`).join('')}.` };
  const { linkedPaper } = LIBRARY;
  const [fact, answer] = question.includes(linkedPaper.absoluteQuestion)
    ? ['cut gauge processing time', 'It cut it from 40 to 9 minutes']
    : question.includes(linkedPaper.relativeQuestion)
      ? ['212 gauges', 'It lists 212 gauges']
      : ['lowest rainfall prediction error', 'The Matern kernel with smoothness 3/2 gave the lowest error'];
  // The paper's words, not the user's note on them (the note's passage quotes the fact too).
  const n = documents.find((d) => d[3]!.includes(fact) && !/author="the user/.test(d[2]!))?.[1];
  return { content: n ? `${answer} [${n}].` : 'The documents do not say.' };
}
