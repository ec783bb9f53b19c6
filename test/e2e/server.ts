/** The e2e tier's Ollama-protocol server: the scripted research model, streaming visibly. */
import { startFakeOllama, type FakeOllama } from '../support/fakeOllama';
import { researchScript } from '../integration/scriptedResearchModel';

export function startScriptedOllama(tokenDelayMs = 40): Promise<FakeOllama> {
  return startFakeOllama({ chat: researchScript({ tokenDelayMs }) });
}
