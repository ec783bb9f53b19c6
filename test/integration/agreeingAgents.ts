/**
 * The agents of the research graph played as agreeing with everything, for scripted models whose
 * only interest is the answer (the library pass, the multi-root suite): research at once, every
 * passage relevant, the answer grounded. The caller writes the answer itself.
 */
import type { ChatReply, ChatRequestBody } from '../support/fakeOllama';

/** The reply for every request but the answer's (undefined: the request asks for the answer). */
export function agreeingAgentReply(body: ChatRequestBody): ChatReply | undefined {
  const props = ((body.format as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}) as Record<string, unknown>;
  const question = lastQuestion(body);
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
      relevant: [...allText(body).matchAll(/<document n="(\d+)"/g)].map((m) => Number(m[1])),
      score: 0.9,
      verdict: 'proceed',
      queries: [],
      reason: 'they answer it',
    });
  if ('grounded' in props) return json({ grounded: true, relevant: true, score: 0.95, unsupported: [], feedback: '' });
  if ('intent' in props) return json({ intent: 'lookup', standalone_question: question, sub_queries: [question], document_filters: [] });
  return undefined;
}

export const lastQuestion = (body: ChatRequestBody): string => body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';

export const allText = (body: ChatRequestBody): string => body.messages.map((m) => m.content).join('\n');
