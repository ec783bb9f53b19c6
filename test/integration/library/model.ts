/**
 * The model of the library pass (./index.ts) and of the e2e tier's library session
 * (test/e2e/librarySession.mjs), spoken through the Ollama-protocol test server.
 */
import type { ChatReply, ChatRequestBody } from '../../support/fakeOllama';
import { LIBRARY } from './facts';

/** Plays every agent: research at once, all passages relevant, an answer citing the passage that states the fact. */
export function libraryModel(body: ChatRequestBody): ChatReply {
  const props = ((body.format as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}) as Record<string, unknown>;
  const question = body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  const everything = body.messages.map((m) => m.content).join('\n');
  const json = (value: unknown): ChatReply => ({ content: JSON.stringify(value) });
  if ('decision' in props)
    return json({
      decision: 'research',
      reasoning: 'specific',
      missing_context: '',
      intent: 'lookup',
      standalone_question: question,
      sub_queries: [question],
      document_filters: [],
    });
  if ('verdict' in props)
    return json({
      relevant: [...everything.matchAll(/<document n="(\d+)"/g)].map((m) => Number(m[1])),
      score: 0.9,
      verdict: 'proceed',
      queries: [],
      reason: 'they answer it',
    });
  if ('grounded' in props) return json({ grounded: true, relevant: true, score: 0.95, unsupported: [], feedback: '' });
  if ('intent' in props) return json({ intent: 'lookup', standalone_question: question, sub_queries: [question], document_filters: [] });
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
