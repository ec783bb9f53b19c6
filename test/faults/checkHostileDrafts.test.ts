/**
 * `check` on hostile drafts: the Markdown draft `[@a ` repeated for a megabyte (it took minutes:
 * every `[` rescanned the rest of the text), brackets nested a thousand deep, and 20 MB of
 * `\cite{` (it printed 232 MB of identical warnings). Each check ends (a hang is killed and fails
 * the test, with a bound far above what the check needs), says what it could not do in a few
 * lines, and prints at most 1 MB of warnings whatever the draft holds. Wall times are measured by
 * scripts/bench-check-drafts.ts, not asserted here.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, runCli } from '../support/cli';
import { withTempDir } from '../support/tempDir';

const MEGABYTE = 1024 * 1024;
const HANG_MS = 120_000;

async function indexedFolder(root: string): Promise<string> {
  const docs = join(root, 'thesis');
  await mkdir(docs, { recursive: true });
  await writeFile(join(docs, 'note.md'), '# Note\n\nThe kernel bandwidth is 0.5 in all runs.\n');
  const run = await runCli(['index', docs, '--embed', 'none']);
  assert.equal(run.code, 0, run.stderr);
  return docs;
}

function repeated(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length));
}

function warningLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('warning:'));
}

describe('check on hostile drafts', function () {
  this.timeout(4 * HANG_MS);
  before(() => buildOnce());

  it('a Markdown draft of `[@a ` repeated for 1 MB ends, checks the first 2,000 keys and says where it stopped', async () => {
    await withTempDir(async (root) => {
      const docs = await indexedFolder(root);
      const draft = join(docs, 'draft.md');
      await writeFile(draft, repeated('[@a ', 1_000_000));
      const run = await runCli(['check', docs, draft], { timeoutMs: HANG_MS });
      assert.equal(run.killed, false, 'the check did not end');
      assert.equal(run.code, 3, run.stderr);
      assert.match(run.stderr, /draft\.md cites 250,000 keys: only the first 2,000 \(to line 1\) were checked/);
      assert.match(run.stdout, /draft\.md:1 a not in your library/);
      assert.ok(run.stderr.length < 2000, run.stderr);
    });
  });

  it('a Markdown draft of brackets nested a thousand deep around keys ends and reads the innermost as citations', async () => {
    await withTempDir(async (root) => {
      const docs = await indexedFolder(root);
      const draft = join(docs, 'draft.md');
      await writeFile(draft, repeated(`${'['.repeat(1000)}@a${']'.repeat(1000)} `, 1_000_000));
      const run = await runCli(['check', docs, draft], { timeoutMs: HANG_MS });
      assert.equal(run.killed, false, 'the check did not end');
      assert.equal(run.code, 3, run.stderr);
      assert.match(run.stdout, /draft\.md:1 a not in your library/);
    });
  });

  it('20 MB of `\\cite{` prints the first problems and one line counting the rest, under 1 MB of warnings', async () => {
    await withTempDir(async (root) => {
      const docs = await indexedFolder(root);
      const draft = join(docs, 'draft.tex');
      // One per line: each warning names its own line, none repeats another.
      await writeFile(draft, repeated('\\cite{\n', 20 * MEGABYTE));
      const run = await runCli(['check', docs, draft], { timeoutMs: HANG_MS });
      assert.equal(run.killed, false, 'the check did not end');
      assert.equal(run.code, 0, run.stderr);
      assert.ok(Buffer.byteLength(run.stderr) <= MEGABYTE, `${Buffer.byteLength(run.stderr)} bytes of warnings`);
      const lines = warningLines(run.stderr);
      assert.equal(lines.filter((l) => /draft\.tex, line \d+: \\cite's \{ or \[ is never closed/.test(l)).length, 50, run.stderr.slice(0, 2000));
      assert.match(run.stderr, /draft\.tex: 2,995,882 more problems like those listed, not listed \(2,995,882 × a brace or bracket never closed\)/);
      assert.ok(lines.length < 60, `${lines.length} warning lines`);
    });
  });
});
