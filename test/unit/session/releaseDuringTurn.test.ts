/**
 * A folder indexed again while a question about it is being answered (the watcher re-indexes a
 * draft the writer just edited): the editor's engine releases the folder's index handle for the run,
 * and the turn already under way still answers from the rows it started with.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { silentLogger } from '../../../src/core/ports';
import { engine } from '../../../src/vscode/engine/impl';
import { DEFAULT_SETTINGS, engineSettings } from '../../../src/vscode/pure/settings';
import { buildOnce, runCli } from '../../support/cli';
import { startFakeOllama } from '../../support/fakeOllama';
import { agentOf, scriptAgents } from '../../support/scriptedAgents';
import { withTempDir } from '../../support/tempDir';

describe('session: an index released while a turn runs on it', function () {
  this.timeout(120_000);
  before(() => buildOnce());
  after(() => engine.close());

  it('the turn under way answers with its citations; the handle closes when it ends', () =>
    withTempDir(async (dir) => {
      const folder = join(dir, 'alpha');
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'README.md'), '# Alpha\n\nThe alpha service listens on port 8080 for plain HTTP.\n');
      const indexed = await runCli(['index', folder, '--embed', 'none']);
      assert.equal(indexed.code, 0, indexed.stderr);
      const dbDir = join(folder, '.research-index');
      const agents = scriptAgents({ synthesis: 'The alpha service listens on port 8080 [1].' });
      let released: Promise<void> | undefined;
      const fake = await startFakeOllama({
        chat: (body) => {
          // The first request of the turn comes after its index was opened and before it searches.
          if (agentOf(body) === 'orchestrator') released ??= engine.closeIndex(dbDir);
          return agents.chat(body);
        },
      });
      try {
        const settings = engineSettings({ ...DEFAULT_SETTINGS, ollama: { host: fake.url } }, { langfuseSecretKey: undefined, modelServerKey: undefined });
        const turn = await engine.runTurn({
          input: { question: 'Which port does the alpha service listen on?', history: [] },
          folders: [{ label: 'alpha', dbDir, root: folder }],
          settings,
          model: settings.model,
          logger: silentLogger,
        });
        assert.ok(released, 'the index was released during the turn');
        await released;
        assert.equal(turn.route, 'answer', turn.answer);
        assert.ok(
          turn.citations.some((c) => c.file === 'README.md'),
          JSON.stringify(turn.citations),
        );
      } finally {
        await fake.close();
      }
    }));
});
