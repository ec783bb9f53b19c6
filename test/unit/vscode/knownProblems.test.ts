import assert from 'node:assert/strict';
import { ModelMissingError, OllamaUnreachableError } from '../../../src/core/llm/errors';
import { IndexCorruptError } from '../../../src/core/index/store/errors';
import { COMMANDS } from '../../../src/vscode/pure/commandIds';
import { buttonsFor, knownProblem, problemLine } from '../../../src/vscode/pure/knownProblems';

describe('chat: known problems and the buttons that fix them', () => {
  it('Ollama down: one line with what to do, then "How to install Ollama" and the host setting', () => {
    const problem = knownProblem(new OllamaUnreachableError('http://127.0.0.1:11434'))!;
    assert.equal(
      problemLine(problem),
      '⚠️ Ollama is not reachable at http://127.0.0.1:11434. Start Ollama (`ollama serve`) or set the Ollama host (OLLAMA_HOST) to where it runs.\n\n',
    );
    assert.deepEqual(buttonsFor(problem), [
      { title: 'How to install Ollama', command: COMMANDS.installOllama },
      { title: 'Open settings', command: COMMANDS.openSettings, arguments: ['research.ollama.host'] },
    ]);
  });

  it('a missing model gets a button that pulls exactly that model', () => {
    const problem = knownProblem(new ModelMissingError('qwen3'))!;
    assert.deepEqual(buttonsFor(problem), [{ title: 'Pull model qwen3', command: COMMANDS.pullModel, arguments: ['qwen3'] }]);
  });

  it("a damaged index speaks the editor's words (no CLI flag) and offers a rebuild", () => {
    const problem = knownProblem(new IndexCorruptError('/tmp/x', 'data.lance changed'))!;
    assert.equal(problemLine(problem), '⚠️ The research index of this workspace is damaged and cannot be read.\n\n');
    assert.deepEqual(buttonsFor(problem), [{ title: 'Rebuild the index', command: COMMANDS.rebuildIndex }]);
  });

  it('is decided by the typed code, never by the message text', () => {
    assert.equal(knownProblem(new Error('Ollama is not reachable at http://127.0.0.1:11434')), undefined);
    assert.equal(knownProblem(Object.assign(new Error('whatever the text'), { code: 'index-empty' }))?.code, 'index-empty');
    assert.equal(knownProblem(Object.assign(new Error('x'), { code: 'ENOENT' })), undefined);
    assert.equal(knownProblem('model-missing'), undefined);
  });
});
