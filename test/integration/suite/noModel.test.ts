/**
 * A user without Ollama: the model picker still offers one entry, "Quoted passages (no model)",
 * so VS Code calls @research, which answers extractively on it. Ollama is either a closed port or
 * the Ollama-protocol test server with no chat model pulled.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startFakeOllama, type FakeOllama } from '../../support/fakeOllama';
import { RecordingStream, cancellation } from './chatStream';
import { getApi } from './helpers';
import { setSetting } from './ollama';

const VENDOR = 'local-research-ollama';
const EXTRACTIVE = 'local-research-extractive';
/** Nothing listens on the discard port: connections are refused at once. */
const CLOSED_PORT = 'http://127.0.0.1:9';

async function ask(model: vscode.LanguageModelChat) {
  const api = await getApi();
  const stream = new RecordingStream();
  const result = await api.participant.handler(
    { prompt: 'What is the default proxy timeout?', model },
    { history: [] },
    stream.asStream(),
    cancellation().token,
  );
  return { stream, result };
}

async function offered(): Promise<vscode.LanguageModelChat[]> {
  return vscode.lm.selectChatModels({ vendor: VENDOR });
}

/** Resolves on the next change of the chat's model list (what the picker shows). */
function nextModelListChange(): Promise<void> {
  return new Promise((resolve) => {
    const sub = vscode.lm.onDidChangeChatModels(() => {
      sub.dispose();
      resolve();
    });
  });
}

function assertExtractiveAnswer(stream: RecordingStream): void {
  assert.match(stream.seen, /most relevant passages/);
  assert.match(stream.seen, /The proxy timeout defaults to 30 seconds\.[\s\S]*\[1\]/);
  assert.match(stream.markup, /\[manuals\/proxy-manual\.pdf, p\. 2\]\(command:local-research\.openCitation\?/, 'no Sources line citing the PDF page');
  const pdf = stream.references.find((r): r is vscode.Uri => r instanceof vscode.Uri && r.path.endsWith('manuals/proxy-manual.pdf'));
  assert.equal(pdf?.fragment, 'page=2');
  assert.match(stream.seen, /ollama pull llama3\.2/, 'no line on how to get full answers');
}

async function pullOutsideVsCode(server: FakeOllama, model: string): Promise<void> {
  // As `ollama pull` in a terminal would: the extension is not told.
  const response = await fetch(`${server.url}/api/pull`, { method: 'POST', body: JSON.stringify({ model, stream: false }) });
  assert.equal(response.status, 200);
}

describe('No chat model: "Quoted passages (no model)" in the model picker', function () {
  this.timeout(60_000);

  describe('Ollama unreachable', () => {
    before(async () => {
      await setSetting('ollama.host', CLOSED_PORT);
      await vscode.commands.executeCommand('local-research.indexWorkspace');
    });
    after(async () => {
      await setSetting('ollama.host', undefined);
      await setSetting('llm.provider', undefined);
    });

    it('the provider offers exactly one model, the extractive one, named so it is not mistaken for an LLM', async () => {
      const models = await offered();
      assert.deepEqual(
        models.map((m) => [m.id, m.name]),
        [[EXTRACTIVE, 'Quoted passages (no model)']],
      );
    });

    for (const provider of ['ollama', 'vscode'] as const) {
      it(`@research on it answers extractively with a PDF page citation and "How to install Ollama" (llm.provider ${provider})`, async () => {
        await setSetting('llm.provider', provider);
        const [model] = await offered();
        const { stream, result } = await ask(model!);
        assertExtractiveAnswer(stream);
        assert.equal(result.errorDetails, undefined);
        assert.deepEqual(
          stream.buttons.map((b) => [b.title, b.command]),
          [
            ['How to install Ollama', 'local-research.installOllama'],
            ['Open settings', 'local-research.openSettings'],
          ],
        );
      });
    }

    it('a request sent to it directly gets one line: not a language model, and how to get one', async () => {
      const [model] = await offered();
      const response = await model!.sendRequest([vscode.LanguageModelChatMessage.User('Hello?')], {}, cancellation().token);
      let text = '';
      for await (const part of response.text) text += part;
      assert.match(text, /^"Quoted passages \(no model\)" is not a language model/);
      assert.match(text, /install Ollama \(https:\/\/ollama\.com\/download\), run `ollama pull llama3\.2`/);
      assert.equal(text.split('\n').length, 1);
    });
  });

  describe('Ollama running with no chat model pulled', () => {
    let server: FakeOllama;
    beforeEach(async () => {
      server = await startFakeOllama({ models: ['nomic-embed-text'] });
      await setSetting('ollama.host', server.url);
    });
    afterEach(async () => {
      await setSetting('ollama.host', undefined);
      await server.close();
    });

    it('offers "Pull model llama3.2"; once a chat model is pulled elsewhere, the answer stays extractive and the picker lists the model instead', async () => {
      const [model] = await offered();
      assert.equal(model?.id, EXTRACTIVE);
      const first = await ask(model);
      assertExtractiveAnswer(first.stream);
      assert.deepEqual(
        first.stream.buttons.map((b) => [b.title, b.arguments]),
        [['Pull model llama3.2', ['llama3.2']]],
      );

      const changed = nextModelListChange();
      await pullOutsideVsCode(server, 'llama3.2');
      const second = await ask(model);
      assertExtractiveAnswer(second.stream);
      assert.equal(server.chatRequests().length, 0, 'the "no model" pick ran the graph on Ollama');
      assert.match(second.stream.seen, /Ollama has a chat model now/);
      assert.equal(second.stream.buttons.length, 0);
      await changed;
      assert.deepEqual(
        (await offered()).map((m) => m.id),
        ['llama3.2:latest'],
      );
    });

    it('the picker learns of a model pulled outside VS Code without anyone asking (re-check while nothing is offered)', async function () {
      this.timeout(30_000);
      assert.deepEqual(
        (await offered()).map((m) => m.id),
        [EXTRACTIVE],
      );
      const changed = nextModelListChange();
      await pullOutsideVsCode(server, 'llama3.2');
      await Promise.race([changed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the model list never changed')), 20_000))]);
      assert.deepEqual(
        (await offered()).map((m) => m.id),
        ['llama3.2:latest'],
      );
    });
  });
});
