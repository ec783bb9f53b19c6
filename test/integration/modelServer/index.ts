/**
 * A fifth, small suite: a user whose `research.llm.provider` is `openai-compatible`, with
 * `research.llm.baseUrl` at a team's model server (./servers.ts, started by the launcher) and its
 * key in RESEARCH_API_KEY. @research answers through that server, never Ollama; a key the server
 * refuses gives the quoted passages with the button that sets the key; a server on another host is
 * named once. Same counting reporter; honours LRA_GREP like the main suite.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BREAK } from '../../../src/vscode/pure/chatMarkdown';
import { COMMANDS } from '../../../src/vscode/pure/commandIds';
import { RecordingStream, cancellation } from '../suite/chatStream';
import { getApi, waitFor } from '../suite/helpers';
import { recordNotifications, type NotificationRecorder } from '../suite/notifications';
import { setSetting } from '../suite/ollama';
import { suiteMocha } from '../mocha';
import { MODEL_SERVER, type ReceivedRequests } from './servers';

const QUESTION = 'What is the default proxy timeout?';

async function received(): Promise<ReceivedRequests> {
  const response = await fetch(process.env.LRA_MODEL_SERVER_REQUESTS!);
  return (await response.json()) as ReceivedRequests;
}

async function ask(prompt: string): Promise<RecordingStream> {
  const stream = new RecordingStream();
  await (await getApi()).participant.handler({ prompt }, { history: [] }, stream.asStream(), cancellation().token);
  return stream;
}

/** Runs the "Set Model Server API Key" command as a user typing `key` into its input box. */
async function setKeyThroughCommand(command: vscode.Command, key: string): Promise<unknown> {
  const window = vscode.window as { showInputBox: typeof vscode.window.showInputBox };
  const original = window.showInputBox;
  window.showInputBox = async () => key;
  try {
    return await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
  } finally {
    window.showInputBox = original;
  }
}

export async function run(): Promise<void> {
  const mocha = suiteMocha(process.env.LRA_REPO_ROOT!);
  mocha.suite.emit('pre-require', globalThis, 'modelServer', mocha);
  describe('an OpenAI-compatible model server (research.llm.provider = openai-compatible)', function () {
    this.timeout(60_000);
    before(async () => {
      const job = (await vscode.commands.executeCommand(COMMANDS.indexWorkspace)) as { error?: unknown };
      assert.equal(job.error, undefined);
    });

    it('@research answers through the server (its sentence, a PDF page citation) and sends nothing to Ollama', async () => {
      const before = await received();
      const stream = await ask(QUESTION);
      const after = await received();
      assert.match(stream.seen, new RegExp(`^${MODEL_SERVER.signature} The proxy timeout defaults to 30 seconds \\[\\d\\]\\.`));
      const pdf = stream.references.find((r): r is vscode.Uri => r instanceof vscode.Uri && r.path.endsWith('manuals/proxy-manual.pdf'));
      assert.equal(pdf?.fragment, 'page=2', JSON.stringify(stream.references));
      const chats = after.openai.slice(before.openai.length).filter((r) => r.path === '/v1/chat/completions');
      assert.ok(chats.length > 0, 'the model server was not asked');
      assert.ok(
        chats.every((r) => r.authorization === `Bearer ${MODEL_SERVER.key}`),
        'the key from RESEARCH_API_KEY was not sent',
      );
      assert.deepEqual(after.ollama.slice(before.ollama.length), [], 'Ollama was asked during the turn');
    });

    it('a key the server refuses: the quoted passages, a first line naming the refused key, and the button that sets it', async () => {
      assert.equal(await setKeyThroughCommand({ title: 'Set Model Server API Key', command: COMMANDS.setModelServerKey }, 'sk-wrong-key'), 'stored');
      const refused = await ask(QUESTION);
      // The URL is shown as text: a zero-width space keeps the chat from linking it, and is not seen.
      const firstLine = refused.seen.split('\n')[0]!.replaceAll(BREAK, '');
      assert.match(firstLine, /^The model server at http:\/\/127\.0\.0\.1:\d+\/v1 refused the key \(HTTP 401\), so here are the most relevant passages/);
      assert.match(refused.seen, /The proxy timeout defaults to 30 seconds\./, 'no passage was quoted');
      assert.doesNotMatch(refused.seen, new RegExp(MODEL_SERVER.signature), 'the answer came from the server after all');
      assert.ok(!refused.text.includes('sk-wrong-key'), 'the key was shown');
      const button = refused.buttons.find((b) => b.title === 'Set Model Server API Key');
      assert.equal(button?.command, COMMANDS.setModelServerKey, JSON.stringify(refused.buttons));
      // The button, answered with the right key, fixes it for the next question.
      assert.equal(await setKeyThroughCommand(button!, MODEL_SERVER.key), 'stored');
      assert.match((await ask(QUESTION)).seen, new RegExp(`^${MODEL_SERVER.signature}`));
    });

    describe('a server on another host', () => {
      let notifications: NotificationRecorder;
      const local = vscode.workspace.getConfiguration('research').get<string>('llm.baseUrl');
      const told = (host: string) => notifications.messages.filter((m) => m.kind === 'info' && m.text.includes(host));
      const noticeOf = (host: string) => waitFor(() => (told(host).length > 0 ? told(host) : undefined), `the notice naming ${host}`);
      beforeEach(() => {
        notifications = recordNotifications();
      });
      afterEach(async () => {
        notifications.restore();
        await setSetting('llm.baseUrl', local);
      });

      it('is named once: questions go to it, which is not this machine; back again later, no second notice', async () => {
        await setSetting('llm.baseUrl', 'http://gpu-box.example:8000/v1');
        const first = await noticeOf('gpu-box.example:8000');
        assert.deepEqual(
          first.map((m) => m.text),
          ['Local Research: questions and document passages go to the model server at http://gpu-box.example:8000/v1, which is not this machine.'],
        );
        await setSetting('llm.baseUrl', local);
        await setSetting('llm.baseUrl', 'http://gpu-box.example:8000/v1');
        // A further host is told in turn: once its notice is shown, the check of the one before it is done.
        await setSetting('llm.baseUrl', 'http://gpu-box-2.example:8000/v1');
        await noticeOf('gpu-box-2.example:8000');
        assert.equal(told('gpu-box.example:8000').length, 1, JSON.stringify(notifications.messages));
      });
    });
  });
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} model-server test(s) failed`);
}
