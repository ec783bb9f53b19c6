/**
 * Both hosts build their session through core's one root (src/core/session): the CLI (`ask`, the
 * bundled dist/cli.js as a child process) and the editor's engine adapter (src/vscode/engine/impl.ts,
 * what dist/engine.js runs, driven with the settings the editor's defaults map to) give the same
 * answer, the same sources and the same error for the same folder and question.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { IndexStoreError } from '../../../src/core/index';
import { silentLogger } from '../../../src/core/ports';
import type { SessionTurn } from '../../../src/core/session';
import { engine } from '../../../src/vscode/engine/impl';
import { DEFAULT_SETTINGS, engineSettings } from '../../../src/vscode/pure/settings';
import { buildOnce, runCli } from '../../support/cli';
import { startFakeOllama } from '../../support/fakeOllama';
import { scriptAgents } from '../../support/scriptedAgents';
import { withTempDir } from '../../support/tempDir';

const QUESTION = 'Which port does the alpha service listen on?';

/** A folder with two notes, indexed full-text by the CLI. */
async function indexedFolder(dir: string): Promise<string> {
  const folder = join(dir, 'alpha');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'README.md'), '# Alpha\n\nThe alpha service listens on port 8080 for plain HTTP.\n');
  await writeFile(join(folder, 'deploy.md'), '# Deploy\n\nDeploy alpha with the blue green rollout.\n');
  const indexed = await runCli(['index', folder, '--embed', 'none']);
  assert.equal(indexed.code, 0, indexed.stderr);
  return folder;
}

/** The editor's turn through its engine, with the editor's default settings pointed at `ollamaHost`. */
function editorTurn(folder: string, ollamaHost: string): Promise<SessionTurn> {
  const settings = engineSettings({ ...DEFAULT_SETTINGS, ollama: { host: ollamaHost } }, { langfuseSecretKey: undefined, modelServerKey: undefined });
  return engine.runTurn({
    input: { question: QUESTION, history: [] },
    folders: [{ label: basename(folder), dbDir: join(folder, '.research-index'), root: folder }],
    settings,
    model: settings.model,
    logger: silentLogger,
  });
}

const sources = (citations: ReadonlyArray<{ index: number; file: string; lines?: [number, number] }>) =>
  citations.map(({ index, file, lines }) => ({ index, file, lines }));

describe('session: the CLI and the editor build the same session (core/session)', function () {
  this.timeout(120_000);
  before(() => buildOnce());
  after(() => engine.close());

  it('give the same answer with the same sources for the same folder and question', () =>
    withTempDir(async (dir) => {
      const folder = await indexedFolder(dir);
      const agents = scriptAgents({ synthesis: 'The alpha service listens on port 8080 [1].' });
      const fake = await startFakeOllama({ chat: (body) => agents.chat(body) });
      try {
        const cli = await runCli(['ask', folder, QUESTION, '--json'], { env: { OLLAMA_HOST: fake.url } });
        assert.equal(cli.code, 0, cli.stderr);
        const fromCli = JSON.parse(cli.stdout) as {
          route: string;
          answer: string;
          citations: Array<{ index: number; file: string; lines?: [number, number] }>;
        };
        const fromEditor = await editorTurn(folder, fake.url);
        assert.equal(fromEditor.route, 'answer');
        assert.equal(fromCli.route, fromEditor.route);
        assert.equal(fromCli.answer, fromEditor.answer);
        assert.ok(
          fromEditor.citations.some((c) => c.file === 'README.md'),
          JSON.stringify(fromEditor.citations),
        );
        assert.deepEqual(sources(fromCli.citations), sources(fromEditor.citations));
      } finally {
        await fake.close();
      }
    }));

  it('give the same error for a folder without an index: index-missing, naming the same index folder', () =>
    withTempDir(async (dir) => {
      const folder = join(dir, 'beta');
      await mkdir(folder);
      const fake = await startFakeOllama();
      try {
        const cli = await runCli(['ask', folder, QUESTION, '--json'], { env: { OLLAMA_HOST: fake.url } });
        assert.equal(cli.code, 1);
        const fromCli = JSON.parse(cli.stdout) as { problem: { code: string; message: string } };
        const fromEditor = await editorTurn(folder, fake.url).then(
          () => assert.fail('the editor answered a folder without an index'),
          (error: IndexStoreError) => error,
        );
        assert.equal(fromEditor.code, 'index-missing');
        assert.equal(fromCli.problem.code, fromEditor.code);
        assert.ok(fromCli.problem.message.includes(fromEditor.dir), `${fromCli.problem.message} / ${fromEditor.dir}`);
        assert.deepEqual(
          fake.requests.filter((r) => r.path === '/api/chat'),
          [],
          'no model was asked about a folder without an index',
        );
      } finally {
        await fake.close();
      }
    }));
});
