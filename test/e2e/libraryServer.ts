/**
 * The e2e tier's library session (./librarySession.mjs): the Ollama-protocol server playing the
 * library pass's model (test/integration/library/model.ts) and what the library's papers say.
 */
import { startFakeOllama, type FakeOllama } from '../support/fakeOllama';
import { libraryModel } from '../integration/library/model';

export { LIBRARY } from '../integration/library/facts';

export function startLibraryOllama(): Promise<FakeOllama> {
  return startFakeOllama({ chat: libraryModel });
}
