/**
 * A scripted "model" for the fake Ollama server that plays each agent of the research graph by
 * looking at the JSON schema it is asked for (Ollama's `format`), so the VS Code tiers run the
 * real graph end to end: a vague "timeout" question gets a clarifying question with two
 * suggested answers; a specific one gets a streamed answer citing the passage that holds it.
 */
import type { ChatReply, ChatRequestBody } from '../support/fakeOllama';

export interface ScriptOptions {
  /** Delay between streamed answer tokens (ms), so streaming is visible and cancellable. */
  tokenDelayMs?: number;
}

const TOPICS = [
  {
    key: 'proxy',
    words: /\bproxy\b/i,
    fact: /proxy timeout defaults to (\d+) seconds/i,
    label: 'The proxy timeout',
    prompt: 'What is the default proxy timeout?',
  },
  {
    key: 'database',
    words: /\bdatabase|connection\b/i,
    fact: /connection timeout defaults to (\d+) seconds/i,
    label: 'The database connection timeout',
    prompt: 'What is the default database connection timeout?',
  },
];

/**
 * A question about a paper (the manuscript tests' workspace, ./manuscriptFixtures.ts): answered from
 * every passage that states the kernel, so the answer cites the paper and the note. Not offered as a
 * clarification option (the timeout question has two readings, not three).
 */
const KERNEL = { words: /\bkernel\b/i, fact: /uses the ([A-Z][a-z]+(?: [A-Z][a-z]+)*) kernel by default/ };

export function researchScript(options: ScriptOptions = {}): (body: ChatRequestBody) => ChatReply {
  return (body) => {
    // Through VS Code's language model API (llm.provider "vscode") there is no `format`: the
    // schema travels as the last user message instead.
    const users = body.messages.filter((m) => m.role === 'user').map((m) => m.content);
    const inlineSchema = /JSON schema:\n(\{[\s\S]*\})\s*$/.exec(users.at(-1) ?? '');
    if (inlineSchema) users.pop();
    const format = body.format ?? (inlineSchema ? JSON.parse(inlineSchema[1]!) : undefined);
    const props = ((format as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}) as Record<string, unknown>;
    const everything = body.messages.map((m) => m.content).join('\n');
    // A request whose prompt is all system text ends with a stock user line (core/graph/ask.ts): the
    // question is then the prompt's "Latest question:".
    const lastUser = users.at(-1) === STOCK_USER_LINE ? questionOf(everything) : (users.at(-1) ?? '');
    const topic = TOPICS.find((t) => t.words.test(lastUser)) ?? TOPICS.find((t) => t.words.test(questionOf(everything)));
    const aboutKernel = !TOPICS.some((t) => t.words.test(lastUser)) && (KERNEL.words.test(lastUser) || KERNEL.words.test(questionOf(everything)));
    if ('decision' in props) {
      const specific = TOPICS.some((t) => t.words.test(lastUser)) || KERNEL.words.test(lastUser);
      return json({
        decision: specific ? 'research' : 'clarify',
        reasoning: specific ? 'the question names what it is about' : 'two documents describe different timeouts',
        missing_context: specific ? '' : 'which timeout: the proxy or the database connection',
        intent: 'lookup',
        standalone_question: lastUser,
        sub_queries: [lastUser],
        document_filters: [],
      });
    }
    if ('options' in props) {
      return json({
        question: 'Which timeout do you mean: the proxy timeout or the database connection timeout?',
        options: TOPICS.map((t) => ({ label: t.label, prompt: t.prompt })),
      });
    }
    if ('verdict' in props) {
      const numbers = [...everything.matchAll(/<document n="(\d+)"/g)].map((m) => Number(m[1]));
      return json({ relevant: numbers, score: 0.9, verdict: 'proceed', queries: [], reason: 'the passages answer the question' });
    }
    if ('grounded' in props) return json({ grounded: true, relevant: true, score: 0.95, unsupported: [], feedback: '' });
    if ('intent' in props) return json({ intent: 'lookup', standalone_question: lastUser, sub_queries: [lastUser], document_filters: [] });
    // Synthesis: streamed prose citing the passage that states the fact.
    if (aboutKernel) {
      const stating = [...everything.matchAll(/<document n="(\d+)"[^>]*>([\s\S]*?)<\/document>/g)].filter((d) => KERNEL.fact.test(d[2]!.replace(/\s+/g, ' ')));
      const kernel = stating.length ? KERNEL.fact.exec(stating[0]![2]!.replace(/\s+/g, ' '))![1] : null;
      if (kernel)
        return {
          content: `The HAC weighting matrix uses the ${kernel} kernel by default ${stating.map((d) => `[${d[1]}]`).join('')}.`,
          tokenDelayMs: options.tokenDelayMs ?? 0,
        };
    }
    for (const doc of everything.matchAll(/<document n="(\d+)"[^>]*>([\s\S]*?)<\/document>/g)) {
      const t = topic ?? TOPICS[0]!;
      const fact = t.fact.exec(doc[2]!);
      if (fact) return { content: `${t.label} defaults to ${fact[1]} seconds [${doc[1]}].`, tokenDelayMs: options.tokenDelayMs ?? 0 };
    }
    return { content: 'The documents do not say.', tokenDelayMs: options.tokenDelayMs ?? 0 };
  };
}

/** The question as it appears in a prompt, when the messages carry it inside the system text. */
function questionOf(text: string): string {
  return /Latest question:\s*(.+)/.exec(text)?.[1] ?? /question[^:\n]*:\s*(.+)/i.exec(text)?.[1] ?? '';
}

const STOCK_USER_LINE = 'Answer in the JSON format requested.';

function json(value: unknown): ChatReply {
  return JSON.stringify(value);
}
