/**
 * Set-up of the model-server pass, run by test/integration/run.mjs before the extension host
 * starts, so the extension sees its settings from its first activation: an OpenAI-compatible
 * server (test/support/fakeOpenAi.ts) that wants a key and plays the research graph's agents, an
 * Ollama-protocol server that must hear nothing, and a small loopback endpoint through which the
 * suite, running in the extension host's process, reads what each of them received.
 */
import { createServer } from 'node:http';
import { json, listenOnLoopback, startFakeOllama, type ChatReply, type ChatRequestBody } from '../../support/fakeOllama';
import { startFakeOpenAi } from '../../support/fakeOpenAi';
import { researchScript } from '../scriptedResearchModel';

export const MODEL_SERVER = {
  /** The key the server takes; the extension host gets it as RESEARCH_API_KEY. */
  key: 'sk-team-it-5e4f1a',
  /** Opens every answer the server writes: neither the documents nor Ollama say it. */
  signature: 'The team model server answers.',
};

/** What the servers received, as the suite reads it from LRA_MODEL_SERVER_REQUESTS. */
export interface ReceivedRequests {
  openai: Array<{ path: string; authorization: string | undefined }>;
  ollama: Array<{ path: string }>;
}

export async function startModelServers() {
  const script = researchScript();
  const openai = await startFakeOpenAi({ apiKey: MODEL_SERVER.key, chat: (body) => signed(body, script(body)) });
  // Listed models, so nothing in the extension mistakes it for an Ollama without a chat model.
  const ollama = await startFakeOllama();
  const control = await listenOnLoopback(
    createServer((_req, res) => {
      const received: ReceivedRequests = {
        openai: openai.requests.map((r) => ({ path: r.path, authorization: r.authorization })),
        ollama: ollama.requests.map((r) => ({ path: r.path })),
      };
      json(res, 200, received);
    }),
  );
  return {
    userSettings: {
      'research.llm.provider': 'openai-compatible',
      'research.llm.baseUrl': openai.url,
      'research.ollama.host': ollama.url,
      // The suite indexes through the command and asserts on that run.
      'research.index.autoIndex': false,
    },
    env: { RESEARCH_API_KEY: MODEL_SERVER.key, LRA_MODEL_SERVER_REQUESTS: `http://127.0.0.1:${control.port}/` },
    close: () => Promise.all([openai.close(), ollama.close(), control.close()]),
  };
}

/** The streamed answer (synthesis) starts with the server's signature; structured replies stay as scripted. */
function signed(body: ChatRequestBody, reply: ChatReply): ChatReply {
  if (!body.stream) return reply;
  return typeof reply === 'string' ? `${MODEL_SERVER.signature} ${reply}` : { ...reply, content: `${MODEL_SERVER.signature} ${reply.content}` };
}
