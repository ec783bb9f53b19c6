/**
 * The pass-through scripted model: every agent gets a valid reply that uses what it was sent, so
 * every call of a research turn runs (orchestrator → grading → synthesis → validation):
 * - orchestrator and query analysis: research the question as asked (one sub-query, no filter);
 * - grading: "proceed", relevant = the passages that hold at least half of the question's content
 *   words (at least the first passage);
 * - synthesis: the first sentence of up to two relevant passages, each cited `[n]`;
 * - validation: grounded and relevant.
 * Agents are told apart by their JSON schema (test/support/scriptedAgents.ts), never by prompt
 * wording, so the same model answers any prompt layout. The question comes from the benchmark,
 * not from the prompt, for the same reason.
 */
import type { ChatReply, ChatRequestBody } from '../../test/support/fakeOllama';
import { agentOf } from '../../test/support/scriptedAgents';

const STOP = new Set(
  'what which when where does with from that this there their have into about under default value values used uses using paper papers manual'.split(' '),
);

export function contentWords(text: string): string[] {
  return [...new Set((text.toLowerCase().match(/[\p{L}\p{N}_]{4,}/gu) ?? []).filter((w) => !STOP.has(w)))];
}

/**
 * The `<document n="…">` blocks of a request, by number. With `headers`, each block's text is
 * preceded by its opening tag's attributes (file, paper title, section; a `same-file-as` block
 * takes its file's), as a model reads them: a passage need not repeat the title the question
 * names when its header gives it.
 */
export function passagesIn(body: ChatRequestBody, headers = false): Map<number, string> {
  const found = new Map<number, string>();
  const headerOf = new Map<number, string>();
  for (const message of body.messages) {
    for (const m of message.content.matchAll(/<document n="(\d+)"([^>]*)>\n([\s\S]*?)\n<\/document>/g)) {
      const n = Number(m[1]);
      const same = /same-file-as="(\d+)"/.exec(m[2]!);
      const header = `${same ? (headerOf.get(Number(same[1])) ?? '') : ''} ${m[2]!}`;
      headerOf.set(n, header);
      found.set(n, headers ? `${header}\n${m[3]!}` : m[3]!);
    }
  }
  return found;
}

function relevantOf(passages: Map<number, string>, question: string): number[] {
  const words = contentWords(question);
  const need = Math.max(1, Math.ceil(words.length / 2));
  const relevant = [...passages].filter(([, text]) => {
    const lower = text.toLowerCase();
    return words.filter((w) => lower.includes(w)).length >= need;
  });
  const numbers = relevant.map(([n]) => n);
  return numbers.length ? numbers : [...passages.keys()].slice(0, 1);
}

function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.!?](\s|$)/);
  return (end > 0 ? flat.slice(0, end) : flat).slice(0, 200);
}

/** `readsHeaders`: grading and synthesis judge a passage with its header (see passagesIn). */
export function passThroughModel(currentQuestion: () => string, readsHeaders = false): (body: ChatRequestBody) => ChatReply {
  return (body) => {
    const question = currentQuestion();
    const plan = { intent: 'factual', standalone_question: question, sub_queries: [question], document_filters: [] };
    switch (agentOf(body)) {
      case 'orchestrator':
        return JSON.stringify({ decision: 'research', reasoning: 'specific enough to research', missing_context: '', ...plan });
      case 'query-analysis':
        return JSON.stringify(plan);
      case 'quality':
        return JSON.stringify({
          relevant: relevantOf(passagesIn(body, readsHeaders), question),
          score: 0.8,
          verdict: 'proceed',
          queries: [],
          reason: 'The passages hold the answer.',
        });
      case 'synthesis': {
        const passages = passagesIn(body);
        const cited = relevantOf(passagesIn(body, readsHeaders), question).slice(0, 2);
        return cited.map((n) => `${firstSentence(passages.get(n) ?? '')} [${n}].`).join(' ');
      }
      case 'validation':
        return JSON.stringify({ grounded: true, relevant: true, score: 0.9, unsupported: [], feedback: '' });
      case 'clarification':
        return JSON.stringify({ question: 'Which one do you mean?', options: [{ label: 'The first', prompt: question }] });
    }
  };
}
