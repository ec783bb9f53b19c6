/** `ask --path` through the bundled CLI: the answer comes from the named documents only. */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, runCli } from '../../support/cli';
import { deadHost } from '../../support/deadHost';
import { withTempDir } from '../../support/tempDir';

async function twoNotes(root: string): Promise<void> {
  await mkdir(join(root, 'notes'), { recursive: true });
  await mkdir(join(root, 'other'), { recursive: true });
  await writeFile(join(root, 'other', 'c.md'), '# Proxy\n\nThe proxy timeout is 90 seconds; the proxy timeout applies to every request.\n');
  await writeFile(join(root, 'notes', 'b.md'), '# Cluster\n\nOur cluster raises the proxy timeout to 45 seconds.\n');
  const indexed = await runCli(['index', root, '--embed', 'none']);
  assert.equal(indexed.code, 0, indexed.stderr);
}

describe('CLI ask --path: retrieval scoped to the named documents', function () {
  this.timeout(120_000);
  before(() => buildOnce());

  it('ask --path FILE cites only that file, though another document matches the question better; an unindexed --path is named', () =>
    withTempDir(async (root) => {
      await twoNotes(root);
      const env = { OLLAMA_HOST: await deadHost() };
      const r = await runCli(['ask', root, 'What is the proxy timeout?', '--path', 'notes/b.md', '--path', 'notes/new.md', '--json'], { env });
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout) as { answer: string; citations: { file: string }[]; scope: { searched: string[]; not_indexed: string[] } };
      assert.deepEqual([...new Set(out.citations.map((c) => c.file))], ['notes/b.md']);
      assert.deepEqual(out.scope, { searched: ['notes/b.md'], not_indexed: ['notes/new.md'] });
      assert.match(out.answer, /Not indexed yet: notes\/new\.md/);
    }));

  it('ask --path FOLDER (typed from the current directory) searches the documents below it', () =>
    withTempDir(async (root) => {
      await twoNotes(root);
      const r = await runCli(['ask', root, 'What is the proxy timeout?', '--path', join(root, 'other')], { env: { OLLAMA_HOST: await deadHost() } });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /90 seconds/);
      assert.doesNotMatch(r.stdout, /45 seconds/);
    }));
});
