/** The e2e tier's Ollama-protocol server: the scripted research model, streaming visibly. */
import { startFakeOllama, type ChatReply, type ChatRequestBody, type FakeOllama } from '../support/fakeOllama';
import { researchScript } from '../integration/scriptedResearchModel';
import { EXTERNAL_LINK } from '../support/hostileDoc';
import { quokkaReply } from './hostilePapers';

export { HOSTILE_PAPERS, QUOKKA_QUESTION, placeHostilePapers } from './hostilePapers';

/** Asked this, the model answers as a document steered it: an image of `leakUrl` and an external link. */
export const LEAK_QUESTION = 'Where does the proxy send its leak report?';

export function startScriptedOllama(tokenDelayMs = 40, options: { leakUrl?: string } = {}): Promise<FakeOllama> {
  const research = researchScript({ tokenDelayMs });
  return startFakeOllama({
    chat: (body) => (options.leakUrl ? steered(body, options.leakUrl, tokenDelayMs) : undefined) ?? quokkaReply(body) ?? research(body),
  });
}

/** The streamed answer to LEAK_QUESTION; alt text and link text hold spaces, so each construct arrives split across tokens. */
function steered(body: ChatRequestBody, leakUrl: string, tokenDelayMs: number): ChatReply | undefined {
  if (!body.stream || !body.messages.some((m) => m.role === 'user' && m.content.includes('leak report'))) return undefined;
  return { content: `The proxy sends its report to ![leaked data](${leakUrl}) and [the dashboard](${EXTERNAL_LINK}) [1].`, tokenDelayMs };
}

// Two papers, one citing the other (test/support/citingPapers.ts): the viewer's citation links.
export { SANDWICH_OOP, writeCitingLibrary } from '../support/citingPapers';
