/**
 * `check` given a FIFO as the draft, or a draft whose \addbibresource names a FIFO or /dev/zero.
 * Before, the FIFO hung the check forever and /dev/zero was read for 1.26 GB before the
 * bibliography was called missing: a draft and the files it names are read only when regular files.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, runCli } from '../support/cli';
import { withTempDir } from '../support/tempDir';

async function indexedFolder(root: string): Promise<string> {
  const docs = join(root, 'thesis');
  await mkdir(docs, { recursive: true });
  await writeFile(join(docs, 'note.md'), '# Note\n\nThe kernel bandwidth is 0.5 in all runs.\n');
  const run = await runCli(['index', docs, '--embed', 'none']);
  assert.equal(run.code, 0, run.stderr);
  return docs;
}

describe('check on special files', function () {
  this.timeout(120_000);
  before(() => buildOnce());

  it('a FIFO given as the draft: one line naming it, exit 1, at once', async () => {
    await withTempDir(async (root) => {
      const docs = await indexedFolder(root);
      const draft = join(docs, 'draft.tex');
      execFileSync('mkfifo', [draft]);
      const run = await runCli(['check', docs, draft], { timeoutMs: 20_000 });
      assert.equal(run.killed, false, 'the check hung on the FIFO');
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stderr, /draft\.tex cannot be read \(a FIFO \(named pipe\), not a regular file\)/);
      assert.equal(
        run.stderr
          .trim()
          .split('\n')
          .filter((l) => l.startsWith('error:')).length,
        1,
        run.stderr,
      );
    });
  });

  it('a draft whose \\addbibresource names a FIFO and /dev/zero checks its citations without stalling', async () => {
    await withTempDir(async (root) => {
      const docs = await indexedFolder(root);
      execFileSync('mkfifo', [join(docs, 'pipe.bib')]);
      const draft = join(docs, 'draft.tex');
      await writeFile(
        draft,
        '\\documentclass{article}\n\\addbibresource{pipe.bib}\n\\addbibresource{/dev/zero}\n\\begin{document}\nThe bandwidth is 0.5 \\cite{a}.\n\\end{document}\n',
      );
      const run = await runCli(['check', docs, draft], { timeoutMs: 20_000 });
      assert.equal(run.killed, false, 'the check hung on a bibliography that is no file');
      assert.equal(run.code, 3, run.stderr);
      assert.match(run.stdout, /draft\.tex:5 a not in your library/);
      assert.match(run.stderr, /names the bibliography \S*pipe\.bib, which cannot be read \(a FIFO \(named pipe\), not a regular file\)/);
      assert.match(run.stderr, /names the bibliography \/dev\/zero, which cannot be read \(a character device, not a regular file\)/);
      assert.doesNotMatch(run.stderr, /does not exist/);
      assert.ok(run.stderr.length < 2000, run.stderr);
    });
  });
});
