/**
 * Scripts the fake Ollama per agent: each request is recognised by what it asks for (the JSON
 * schema's fields, or a streamed request for synthesis), and answered from that agent's queue or
 * its default. Tests then assert on exactly which agents were asked, and with what.
 */
import type { AgentName } from '../../src/core/graph/config';
import type { ChatReply, ChatRequestBody } from './fakeOllama';

/** The graph's LLM agents (src/core/graph/nodes.ts), research split into its two requests. */
export type Agent = Exclude<AgentName, 'research'> | 'query-analysis' | 'quality';

export function agentOf(body: ChatRequestBody): Agent {
  if (body.stream) return 'synthesis';
  const props = Object.keys(((body.format ?? {}) as { properties?: object }).properties ?? {});
  if (props.includes('decision')) return 'orchestrator';
  if (props.includes('options')) return 'clarification';
  if (props.includes('verdict')) return 'quality';
  if (props.includes('grounded')) return 'validation';
  if (props.includes('standalone_question')) return 'query-analysis';
  throw new Error(`unrecognised request: ${JSON.stringify(body.format)}`);
}

type Script = ChatReply | ((body: ChatRequestBody) => ChatReply);

export const research = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    decision: 'research',
    reasoning: 'specific',
    missing_context: '',
    intent: 'factual',
    standalone_question: '',
    sub_queries: [],
    document_filters: [],
    ...extra,
  });
export const clarify = (missing = 'which program') =>
  JSON.stringify({
    decision: 'clarify',
    reasoning: 'vague',
    missing_context: missing,
    intent: 'factual',
    standalone_question: '',
    sub_queries: [],
    document_filters: [],
  });
export const grade = (verdict: 'proceed' | 'requery' | 'fallback', extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    relevant: [1],
    score: verdict === 'proceed' ? 0.9 : 0.2,
    verdict,
    queries: verdict === 'requery' ? ['reformulated query'] : [],
    reason: verdict,
    ...extra,
  });
export const verdict = (ok: boolean, feedback = '') =>
  JSON.stringify({ grounded: ok, relevant: true, score: ok ? 0.9 : 0.2, unsupported: ok ? [] : ['a claim'], feedback });

const defaults: Record<Agent, (body: ChatRequestBody) => ChatReply> = {
  orchestrator: () => research(),
  clarification: () =>
    JSON.stringify({
      question: 'Which program do you mean?',
      options: [
        { label: 'Erlang SSH', prompt: 'The hello_timeout of the Erlang SSH daemon' },
        { label: 'Bash', prompt: 'The Bash read timeout' },
      ],
    }),
  'query-analysis': (body) => {
    const question = /Latest question: (.*)/.exec(body.messages[0]?.content ?? '')?.[1] ?? 'question';
    return JSON.stringify({ intent: 'factual', standalone_question: question, sub_queries: [question], document_filters: [] });
  },
  quality: () => grade('proceed'),
  synthesis: () => 'The answer is in the documents [1].',
  validation: () => verdict(true),
};

export interface ScriptedAgents {
  chat(body: ChatRequestBody): ChatReply;
  /** Agents asked so far, in order. */
  asked: Agent[];
  /** Requests per agent. */
  requests: Record<Agent, ChatRequestBody[]>;
}

export function scriptAgents(scripts: Partial<Record<Agent, Script | Script[]>> = {}): ScriptedAgents {
  const queues = new Map<Agent, Script[]>();
  for (const [agent, script] of Object.entries(scripts) as [Agent, Script | Script[]][]) {
    queues.set(agent, Array.isArray(script) ? [...script] : [script]);
  }
  const asked: Agent[] = [];
  const requests = { orchestrator: [], clarification: [], 'query-analysis': [], quality: [], synthesis: [], validation: [] } as Record<
    Agent,
    ChatRequestBody[]
  >;
  return {
    asked,
    requests,
    chat(body) {
      const agent = agentOf(body);
      asked.push(agent);
      requests[agent].push(body);
      const queue = queues.get(agent);
      // A list is consumed in order; its last entry (or a single reply) then repeats.
      const script = queue && queue.length > 1 ? queue.shift()! : queue?.[0];
      const reply = script === undefined ? defaults[agent](body) : typeof script === 'function' ? script(body) : script;
      return reply;
    },
  };
}
