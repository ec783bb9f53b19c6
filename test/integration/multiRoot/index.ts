/**
 * A third, small suite run in a multi-root workspace (a .code-workspace listing two folders, made
 * by ../workspace.ts): every folder is indexed into its own index, an @research answer cites
 * documents of both folders naming each folder, and a citation of the second folder opens that
 * folder's file; a third folder added while the window is open is indexed and cited, and once
 * removed no longer searched; the folder left alone keeps its index. Same counting reporter; honours LRA_GREP like the main suite.
 */
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { ResearchApi } from '../../../src/vscode/api';
import type { CitationLinkArgs } from '../../../src/vscode/pure/citationLinks';
import { startFakeOllama, type ChatReply, type ChatRequestBody, type FakeOllama, type Fault } from '../../support/fakeOllama';
import { RecordingStream, cancellation } from '../suite/chatStream';
import { MULTI_ROOT } from '../workspace';
import { agreeingAgentReply, allText, lastQuestion } from '../agreeingAgents';
import { suiteMocha } from '../mocha';

const PORTS = { alpha: '8080', beta: '9443', gamma: '7070' };

/**
 * Agrees as every agent does (../agreeingAgents.ts); the answer cites the passage with the port of
 * each service the question names (alpha's and beta's when it names none).
 */
function portsModel(body: ChatRequestBody): ChatReply {
  const agreed = agreeingAgentReply(body);
  if (agreed) return agreed;
  const question = lastQuestion(body);
  const everything = allText(body);
  const cite = (port: string) => [...everything.matchAll(/<document n="(\d+)"[^>]*>([\s\S]*?)<\/document>/g)].find((d) => d[2]!.includes(port))?.[1];
  const named = Object.entries(PORTS).filter(([service]) => question.toLowerCase().includes(service));
  const found = (named.length > 0 ? named : Object.entries(PORTS).slice(0, 2)).flatMap(([service, port]) => {
    const n = cite(port);
    return n ? [`${service} listens on ${port} [${n}]`] : [];
  });
  return { content: found.length > 0 ? `${found.join(' and ')}.` : 'The documents do not say.' };
}

/** The next time `event` fires with `done(value)` true, its value; fails naming `what` if that takes over `ms`. */
function until<T>(event: vscode.Event<T>, done: (value: T) => boolean, what: string, ms = 30_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listener.dispose();
      reject(new Error(`${what}: not within ${ms / 1000} s`));
    }, ms);
    const listener = event((value) => {
      if (!done(value)) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(value);
    });
  });
}

/** Text only the document that the scripted Ollama never embeds holds. */
const STALLED = 'The delta service listens on port 6060.';
/** Fires when an embedding request for STALLED arrives (and is left unanswered). */
const embedStalled = new vscode.EventEmitter<void>();

/** Embedding requests for STALLED are never answered: indexing that folder hangs until it is stopped. */
function stallDelta(path: string, body: { input?: unknown }): Fault | undefined {
  if (path !== '/api/embed' || !JSON.stringify(body?.input ?? '').includes(STALLED)) return undefined;
  setTimeout(() => embedStalled.fire(), 0);
  return { kind: 'stall' };
}

export async function run(): Promise<void> {
  const mocha = suiteMocha(process.env.LRA_REPO_ROOT!);
  mocha.suite.emit('pre-require', globalThis, 'multiRoot', mocha);
  describe('multi-root workspace (two folders)', () => {
    let fake: FakeOllama | undefined;
    before(async () => {
      fake = await startFakeOllama({ chat: portsModel, fault: stallDelta });
      await vscode.workspace.getConfiguration('research').update('ollama.host', fake.url, vscode.ConfigurationTarget.Global);
    });
    after(async () => {
      await vscode.workspace.getConfiguration('research').update('ollama.host', undefined, vscode.ConfigurationTarget.Global);
      await fake?.close();
    });
    const api = () => vscode.extensions.getExtension<ResearchApi>('local-research.local-research-assistant')!.activate();
    const folderUri = (name: string) => vscode.workspace.workspaceFolders!.find((f) => f.name === name)!.uri;

    it("indexes every folder into its own index (else the second folder's documents were never searched); the status bar sums them, Show Index Status lists each", async () => {
      assert.deepEqual(
        vscode.workspace.workspaceFolders?.map((f) => f.name),
        [...MULTI_ROOT.folders],
        'the launcher should have opened the .code-workspace',
      );
      const research = await api();
      const job = (await vscode.commands.executeCommand('local-research.indexWorkspace')) as {
        summary?: { indexed: number; failed: unknown[] };
        error?: unknown;
      };
      assert.equal(job.error, undefined, String(job.error));
      assert.equal(job.summary?.indexed, 2, JSON.stringify(job.summary));
      assert.equal(new Set(research.index.folders.map((f) => f.dbDir)).size, 2, 'one index per folder');
      for (const f of research.index.folders) assert.ok(existsSync(f.dbDir), `no index for ${f.label} at ${f.dbDir}`);
      assert.deepEqual(
        research.index.folderStats.map((f) => [f.label, f.stats?.documents]),
        [
          ['alpha', 1],
          ['beta', 1],
        ],
      );
      assert.match(research.statusBarText(), /Research: 2 docs/);
      const status = (await vscode.commands.executeCommand('local-research.showIndexStatus')) as string;
      assert.match(status, /alpha: 1 documents, .*beta: 1 documents/);
    });

    it("an @research answer cites documents from both folders, each named by its folder, and a citation of the second folder opens that folder's file", async () => {
      const research = await api();
      const stream = new RecordingStream();
      const result = await research.participant.handler(
        { prompt: 'Which port does each service listen on?' },
        { history: [] },
        stream.asStream(),
        cancellation().token,
      );
      const files = ((result.metadata as { turn?: { citations: { file: string }[] } }).turn?.citations ?? []).map((c) => c.file).sort();
      assert.deepEqual(files, ['alpha/README.md', `beta/${MULTI_ROOT.files.beta}`], stream.text);
      // The chat's references list: each citation resolved in its own folder.
      const referenced = stream.references.map((r) => (r instanceof vscode.Location ? r.uri : (r as vscode.Uri)).fsPath).sort();
      assert.deepEqual(
        referenced,
        [
          vscode.Uri.joinPath(folderUri('alpha'), MULTI_ROOT.files.alpha).fsPath,
          vscode.Uri.joinPath(folderUri('beta'), ...MULTI_ROOT.files.beta.split('/')).fsPath,
        ].sort(),
      );
      // Clicking the second folder's citation link: what the chat would run.
      const links = [...stream.text.matchAll(/\(command:local-research\.openCitation\?([^\s)]+)/g)].map(
        (m) => (JSON.parse(decodeURIComponent(m[1]!)) as CitationLinkArgs[])[0]!,
      );
      const beta = links.find((l) => l.file.startsWith('beta/'));
      assert.ok(beta, stream.text);
      await vscode.commands.executeCommand('local-research.openCitation', beta);
      const marked = research.citations.text.current();
      assert.equal(marked?.uri.fsPath, vscode.Uri.joinPath(folderUri('beta'), ...MULTI_ROOT.files.beta.split('/')).fsPath);
      assert.equal(marked?.range.start.line, (beta.lines?.[0] ?? 1) - 1, 'at the cited lines');
    });

    it('a folder added while the window is open is indexed and cited by its name; removed, it is no longer searched and its index stays on disk', async () => {
      const research = await api();
      const config = vscode.workspace.getConfiguration('research');
      const { folder: gamma, file } = MULTI_ROOT.added;
      const question = 'Which port does the gamma service listen on?';
      const cited = async () => {
        const stream = new RecordingStream();
        const result = await research.participant.handler({ prompt: question }, { history: [] }, stream.asStream(), cancellation().token);
        return { files: ((result.metadata as { turn?: { citations: { file: string }[] } }).turn?.citations ?? []).map((c) => c.file), text: stream.text };
      };
      // Auto-indexing as a user has it by default (this pass turns it off for the first tests).
      const autoIndex = config.inspect('index.autoIndex')?.globalValue;
      await config.update('index.autoIndex', true, vscode.ConfigurationTarget.Global);
      try {
        const indexed = until(
          research.index.onDidFinishJob,
          () => research.index.folderStats.some((f) => f.label === gamma && f.stats?.documents === 1),
          'the added folder was never indexed',
        );
        const uri = vscode.Uri.file(join(dirname(vscode.workspace.workspaceFile!.fsPath), gamma));
        assert.ok(vscode.workspace.updateWorkspaceFolders(2, 0, { uri }), 'VS Code refused to add the folder');
        await indexed;
        assert.match(research.statusBarText(), /Research: 3 docs/);
        const withGamma = await cited();
        assert.deepEqual(withGamma.files, [`${gamma}/${file}`], withGamma.text);
        const gammaIndex = research.index.folders.find((f) => f.label === gamma)!.dbDir;

        const removed = until(research.folders.onDidUpdate, () => true, 'removing the folder was never applied');
        assert.ok(vscode.workspace.updateWorkspaceFolders(2, 1), 'VS Code refused to remove the folder');
        await removed;
        assert.deepEqual(
          research.index.folders.map((f) => f.label),
          [...MULTI_ROOT.folders],
        );
        assert.match(research.statusBarText(), /Research: 2 docs/);
        assert.ok(existsSync(gammaIndex), 'removing the folder from the workspace deleted its index');
        const withoutGamma = await cited();
        assert.deepEqual(
          withoutGamma.files.filter((f) => f.startsWith(`${gamma}/`)),
          [],
          withoutGamma.text,
        );
      } finally {
        await config.update('index.autoIndex', autoIndex, vscode.ConfigurationTarget.Global);
      }
    });

    it('a folder removed while it is being indexed stops being indexed at once: the run ends without error and its documents are not counted', async () => {
      const research = await api();
      const config = vscode.workspace.getConfiguration('research');
      const delta = vscode.Uri.file(join(dirname(vscode.workspace.workspaceFile!.fsPath), 'delta'));
      await mkdir(delta.fsPath, { recursive: true });
      await writeFile(join(delta.fsPath, 'delta.md'), `# Delta service\n\n${STALLED}\n`);
      const autoIndex = config.inspect('index.autoIndex')?.globalValue;
      await config.update('index.autoIndex', true, vscode.ConfigurationTarget.Global);
      try {
        const stalled = until(embedStalled.event, () => true, 'the added folder was never indexed');
        assert.ok(vscode.workspace.updateWorkspaceFolders(2, 0, { uri: delta }), 'VS Code refused to add the folder');
        await stalled;
        // Well under the 60 s an unanswered embedding request is allowed: only stopping ends it sooner.
        const finished = until(research.index.onDidFinishJob, () => true, 'the run on the removed folder never ended', 20_000);
        assert.ok(vscode.workspace.updateWorkspaceFolders(2, 1), 'VS Code refused to remove the folder');
        const job = await finished;
        assert.equal(job.error, undefined, String(job.error));
        assert.equal(job.cancelled, false);
        assert.deepEqual(
          research.index.folders.map((f) => f.label),
          [...MULTI_ROOT.folders],
        );
        assert.match(research.statusBarText(), /Research: 2 docs/);
      } finally {
        await config.update('index.autoIndex', autoIndex, vscode.ConfigurationTarget.Global);
      }
    });

    it('the folder left when the other is removed keeps the index it had (nothing indexed again); the other added back, both are searched again', async () => {
      const research = await api();
      const alphaIndex = research.index.folders.find((f) => f.label === 'alpha')!.dbDir;
      const beta = vscode.workspace.workspaceFolders![1]!;
      const removed = until(research.folders.onDidUpdate, () => true, 'removing the folder was never applied');
      assert.ok(vscode.workspace.updateWorkspaceFolders(1, 1), 'VS Code refused to remove the folder');
      await removed;
      assert.deepEqual(
        research.index.folders.map((f) => [f.label, f.dbDir]),
        [['alpha', alphaIndex]],
      );
      assert.match(research.statusBarText(), /Research: 1 docs/);

      const added = until(research.folders.onDidUpdate, () => true, 'adding the folder back was never applied');
      assert.ok(vscode.workspace.updateWorkspaceFolders(1, 0, { uri: beta.uri }), 'VS Code refused to add the folder');
      await added;
      assert.deepEqual(
        research.index.folders.map((f) => f.label),
        [...MULTI_ROOT.folders],
      );
      assert.match(research.statusBarText(), /Research: 2 docs/);
    });

    it("a folder's research.index.location changed while the window is open takes effect without a reload (its old index stays)", async () => {
      const research = await api();
      const beta = vscode.workspace.workspaceFolders![1]!;
      const settings = vscode.workspace.getConfiguration('research', beta.uri);
      const before = research.index.folders.find((f) => f.label === 'beta')!.dbDir;
      const elsewhere = join(dirname(vscode.workspace.workspaceFile!.fsPath), 'beta-index-elsewhere');
      const indexAt = (dir: string) => () => research.index.folders.find((f) => f.label === 'beta')?.dbDir === dir;
      const moved = until(research.folders.onDidUpdate, indexAt(elsewhere), 'the new index location was never applied');
      await settings.update('index.location', elsewhere, vscode.ConfigurationTarget.WorkspaceFolder);
      try {
        await moved;
        assert.ok(existsSync(before), 'moving the index deleted the old one');
        // Nothing indexed there yet (auto-indexing is off in this pass): only alpha's document counts.
        assert.match(research.statusBarText(), /Research: 1 docs/);
      } finally {
        const applied = indexAt(elsewhere)();
        const back = applied && until(research.folders.onDidUpdate, indexAt(before), 'the old index location was never applied again');
        await settings.update('index.location', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
        await back;
      }
      assert.match(research.statusBarText(), /Research: 2 docs/);
    });
  });
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} multi-root test(s) failed`);
}
