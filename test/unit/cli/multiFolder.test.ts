/** `search`, `ask` and `chat` over two folders (`--folder DIR`) through the bundled CLI. */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { buildOnce, runCli } from '../../support/cli';
import { deadHost } from '../../support/deadHost';
import { withTempDir } from '../../support/tempDir';
import { startFakeOllama } from '../../support/fakeOllama';
import { scriptAgents } from '../../support/scriptedAgents';

/** Two indexed folders, `alpha` and `beta`, each holding half of the answer (and each a README.md). */
async function twoFolders(dir: string): Promise<{ alpha: string; beta: string }> {
  const alpha = join(dir, 'alpha');
  const beta = join(dir, 'beta');
  await mkdir(join(alpha, 'notes'), { recursive: true });
  await mkdir(beta, { recursive: true });
  await writeFile(join(alpha, 'README.md'), '# Alpha\n\nThe alpha service listens on port 8080 for plain HTTP.\n');
  await writeFile(join(alpha, 'notes', 'deploy.md'), '# Deploy\n\nDeploy alpha with the blue green rollout.\n');
  await writeFile(join(beta, 'README.md'), '# Beta\n\nThe beta service listens on port 9443 for TLS.\n');
  for (const folder of [alpha, beta]) {
    const indexed = await runCli(['index', folder, '--embed', 'none']);
    assert.equal(indexed.code, 0, indexed.stderr);
  }
  return { alpha, beta };
}

describe('CLI over several folders (--folder DIR)', function () {
  this.timeout(120_000);
  before(() => buildOnce());

  it('search with --folder finds hits in both folders, each named by its folder (else only the first folder was searched)', () =>
    withTempDir(async (dir) => {
      const { alpha, beta } = await twoFolders(dir);
      const r = await runCli(['search', alpha, 'which port does the service listen on', '--folder', beta, '--k', '3'], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
      // The jump path after each hit opens the file in its own folder.
      for (const [label, folder] of [
        ['alpha', alpha],
        ['beta', beta],
      ] as const) {
        const line = r.stdout.split('\n').find((l) => l.includes(`. ${label}/README.md, lines `));
        assert.ok(line, r.stdout);
        assert.ok(line.includes(`(${relative(dir, join(folder, 'README.md'))}:`), line);
      }
      const json = JSON.parse((await runCli(['search', alpha, 'service port', '--folder', beta, '--path', 'beta/README.md', '--json'])).stdout) as {
        hits: { path: string }[];
      };
      assert.deepEqual([...new Set(json.hits.map((h) => h.path))], ['beta/README.md'], '--path names a document behind its folder');
    }));

  it('ask with --folder cites documents from both folders, each citation naming its folder', () =>
    withTempDir(async (dir) => {
      const { alpha, beta } = await twoFolders(dir);
      const agents = scriptAgents({ synthesis: 'Alpha uses 8080 [1] and beta 9443 [2].' });
      const fake = await startFakeOllama({ chat: (b) => agents.chat(b) });
      try {
        const r = await runCli(['ask', alpha, 'Which port does each service listen on?', '--folder', beta, '--json'], { env: { OLLAMA_HOST: fake.url } });
        assert.equal(r.code, 0, r.stderr);
        const out = JSON.parse(r.stdout) as { citations: { file: string }[] };
        const files = out.citations.map((c) => c.file).sort();
        assert.ok(files.includes('alpha/README.md') && files.includes('beta/README.md'), files.join(', '));
      } finally {
        await fake.close();
      }
    }));

  it("a folder without an index beside an indexed one: the answer comes from the indexed one, and one note names the other's index command", () =>
    withTempDir(async (dir) => {
      const { alpha } = await twoFolders(dir);
      const gamma = join(dir, 'gamma');
      await mkdir(gamma);
      const r = await runCli(['ask', alpha, 'Which port does the alpha service listen on?', '--folder', gamma, '--json'], {
        env: { OLLAMA_HOST: await deadHost() },
      });
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout) as { citations: { file: string }[]; unindexed_folders?: string[] };
      assert.ok(
        out.citations.some((c) => c.file === 'alpha/README.md'),
        r.stdout,
      );
      assert.deepEqual(out.unindexed_folders, ['gamma']);
      const notes = r.stderr.split('\n').filter((l) => l.startsWith('note: not indexed yet'));
      assert.equal(notes.length, 1, r.stderr);
      assert.ok(notes[0]!.includes(`index ${gamma}\``), notes[0]);
    }));

  it("no folder indexed: exit 1 and one line naming the first one's index command", () =>
    withTempDir(async (dir) => {
      const gamma = join(dir, 'gamma');
      const delta = join(dir, 'delta');
      await mkdir(gamma);
      await mkdir(delta);
      const r = await runCli(['ask', gamma, 'port?', '--folder', delta], { env: { OLLAMA_HOST: await deadHost() } });
      assert.equal(r.code, 1);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.ok(r.stderr.includes(`index ${gamma}\``), r.stderr);
    }));

  it("--db with --folder is refused with one line (one --db cannot hold two folders' indexes)", () =>
    withTempDir(async (dir) => {
      const { alpha, beta } = await twoFolders(dir);
      const r = await runCli(['search', alpha, 'port', '--folder', beta, '--db', join(dir, 'db')]);
      assert.equal(r.code, 2);
      assert.equal(r.stderr.trim(), 'error: --db names one index: with --folder, each folder uses its own index (<folder>/.research-index)');
    }));
});
