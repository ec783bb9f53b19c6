/**
 * What an index may be trusted with: one planted in the folder (built from other content, the real
 * files' sizes and times matched), and one whose checksum record lags its tables after a writer was
 * killed (SIGKILL during optimize) and a file of the unrecorded version was then damaged. Through
 * the bundled CLI: the exit code, the one line, and what search answers afterwards.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, cliPath, runCli, type CliResult } from '../support/cli';
import { overwrite } from '../support/indexCorrupter';
import { withTempDir } from '../support/tempDir';

const NO_OLLAMA = { OLLAMA_HOST: 'http://127.0.0.1:9' };

function lastLine(r: CliResult): string {
  return (
    r.stderr
      .split('\n')
      .filter((l) => l.trim() !== '')
      .at(-1) ?? ''
  );
}

function assertDamaged(r: CliResult, what: string, detail: RegExp): void {
  assert.equal(r.code, 1, `${what}: ${r.stdout}\n${r.stderr}`);
  assert.match(lastLine(r), /^error: the index at .+ is damaged \(.+\): rebuild it with `node \S*dist\/cli\.js index .+ --rebuild`$/, `${what}: ${r.stderr}`);
  assert.match(lastLine(r), detail, `${what}: ${lastLine(r)}`);
}

describe('an index is trusted only as far as it was checked (bundled CLI)', function () {
  this.timeout(180_000);
  before(() => buildOnce());

  it('an index planted in the folder (other content, sizes and times matched) is found out: status --verify exits 1, the next index reads the file again and answers with its real text (was: "unchanged", "all files match", planted answers)', () =>
    withTempDir(async (dir) => {
      // The planted index is made elsewhere from text of the same length as the real file's.
      const real = join(dir, 'docs');
      const elsewhere = join(dir, 'elsewhere');
      await mkdir(real, { recursive: true });
      await mkdir(elsewhere, { recursive: true });
      const realText = '# Wiring\n\nThe red wire goes to terminal one, the blue wire to terminal two.\n';
      const planted = '# Wiring\n\nThe red wire goes to terminal two, the blue wire to terminal one.\n';
      assert.equal(planted.length, realText.length);
      await writeFile(join(real, 'wiring.md'), realText);
      await writeFile(join(elsewhere, 'wiring.md'), planted);
      const time = new Date('2025-06-01T12:00:00Z');
      await utimes(join(real, 'wiring.md'), time, time);
      await utimes(join(elsewhere, 'wiring.md'), time, time);
      assert.equal((await runCli(['index', elsewhere, '--embed', 'none'], { env: NO_OLLAMA })).code, 0);
      await cp(join(elsewhere, '.research-index'), join(real, '.research-index'), { recursive: true, preserveTimestamps: true });
      // Whoever planted it may also claim this folder as its origin: the machine id still differs.
      const metaPath = join(real, '.research-index', 'index-meta.json');
      const meta = JSON.parse(await readFile(metaPath, 'utf8')) as { origin: { root: string; machine: string } };
      meta.origin = { ...meta.origin, root: real, machine: 'another-machine' };
      await writeFile(metaPath, JSON.stringify(meta));

      const verify = await runCli(['status', real, '--verify'], { env: NO_OLLAMA });
      assertDamaged(verify, 'status --verify', /wiring\.md has the size and time the index records but other content/);

      const index = await runCli(['index', real, '--embed', 'none'], { env: NO_OLLAMA });
      assert.equal(index.code, 0, index.stderr);
      assert.match(
        index.stdout,
        /note: checking every document's content against the index before trusting sizes and times, once: it was made on another machine/,
      );
      assert.match(index.stdout, /files: 1 \(1 indexed, 0 unchanged/);
      const search = await runCli(['search', real, 'red wire terminal'], { env: NO_OLLAMA });
      assert.match(search.stdout, /red wire goes to terminal one/);
      assert.doesNotMatch(search.stdout, /terminal two, the blue/);
      assert.equal((await runCli(['status', real, '--verify'], { env: NO_OLLAMA })).code, 0);
      // Checked once: the next run trusts sizes and times again.
      const again = await runCli(['index', real, '--embed', 'none'], { env: NO_OLLAMA });
      assert.doesNotMatch(again.stdout, /checking every document/);
      assert.match(again.stdout, /files: 1 \(0 indexed, 1 unchanged/);
    }));

  it('a writer killed during optimize with its checksum record behind, then a damaged unrecorded data file: status --verify, search and index all exit 1 naming the rebuild, and nothing records the damage as good (was: "47 files match", a panic in search, "18 unchanged" recorded it)', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      const dbDir = join(root, '.research-index');
      await corpus(root, 0, 6);
      assert.equal((await runCli(['index', root, '--embed', 'none'], { env: NO_OLLAMA })).code, 0);
      const recordBefore = await readFile(join(dbDir, 'index-meta.json'), 'utf8');

      await corpus(root, 6, 12);
      // SIGKILL once the run says it is optimizing; the record is then put back as it was before
      // the run, which is what a kill between a commit and its record leaves, wherever this one landed.
      await killWhen(root, 'optimiz');
      await writeFile(join(dbDir, 'index-meta.json'), recordBefore);
      const recorded = Object.keys((JSON.parse(recordBefore) as { checksums: { files: Record<string, unknown> } }).checksums.files);
      const damaged = await newestUnrecordedDataFile(dbDir, recorded);
      await overwrite(damaged, Math.floor((await stat(damaged)).size / 2) - 4096);

      assertDamaged(await runCli(['status', root, '--verify'], { env: NO_OLLAMA }), 'status --verify', /./);
      assertDamaged(await runCli(['search', root, 'common alpha line'], { env: NO_OLLAMA }), 'search', /./);
      assertDamaged(await runCli(['index', root, '--embed', 'none'], { env: NO_OLLAMA }), 'index', /written after the last checksum record/);
      const after = JSON.parse(await readFile(join(dbDir, 'index-meta.json'), 'utf8')) as { checksums: { files: Record<string, unknown> } };
      const name = damaged
        .slice(dbDir.length + 1)
        .split('\\')
        .join('/');
      assert.ok(!(name in after.checksums.files), `${name} was not recorded as good`);

      const rebuilt = await runCli(['index', root, '--rebuild', '--embed', 'none'], { env: NO_OLLAMA });
      assert.equal(rebuilt.code, 0, rebuilt.stderr);
      assert.equal((await runCli(['status', root, '--verify'], { env: NO_OLLAMA })).code, 0);
      assert.match((await runCli(['search', root, 'common alpha line'], { env: NO_OLLAMA })).stdout, /common alpha/);
    }));

  it('a writer killed after optimize committed and before its record, then a data file of that version damaged where opening does not look: the next index reads every row before recording and exits 1 (was: "unchanged", the damage recorded as good)', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      const dbDir = join(root, '.research-index');
      await corpus(root, 0, 6);
      assert.equal((await runCli(['index', root, '--embed', 'none'], { env: NO_OLLAMA })).code, 0);
      const recordBefore = await readFile(join(dbDir, 'index-meta.json'), 'utf8');
      await corpus(root, 6, 12);
      assert.equal((await runCli(['index', root, '--embed', 'none'], { env: NO_OLLAMA })).code, 0);
      // The record as a SIGKILL in the instant after optimize's commit leaves it: the version
      // before. Opening reads one row and the full-text index, not the middle of the compacted file.
      await writeFile(join(dbDir, 'index-meta.json'), recordBefore);
      const recorded = Object.keys((JSON.parse(recordBefore) as { checksums: { files: Record<string, unknown> } }).checksums.files);
      const damaged = await newestUnrecordedDataFile(dbDir, recorded);
      await overwrite(damaged, Math.floor((await stat(damaged)).size / 2) - 4096);

      assertDamaged(await runCli(['index', root, '--embed', 'none'], { env: NO_OLLAMA }), 'index', /written after the last checksum record/);
      const after = JSON.parse(await readFile(join(dbDir, 'index-meta.json'), 'utf8')) as { checksums: { files: Record<string, unknown> } };
      assert.ok(!(damaged.slice(dbDir.length + 1) in after.checksums.files), 'the damaged file was not recorded as good');
      assertDamaged(await runCli(['status', root, '--verify'], { env: NO_OLLAMA }), 'status --verify', /written after the last checksum record/);
    }));
});

const WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango'.split(' ');

/** Files `from`..`to` of Markdown, 60 sections each: data files of many pages. */
async function corpus(root: string, from: number, to: number): Promise<void> {
  await mkdir(root, { recursive: true });
  for (let f = from; f < to; f++) {
    let text = '';
    for (let s = 0; s < 60; s++) {
      text += `# Section ${f}-${s}\n\n`;
      for (let l = 0; l < 8; l++)
        text += `common ${WORDS[(f * 7 + s * 3 + l) % 20]} ${WORDS[(s + l * 5) % 20]} line ${l} of section ${s} in file ${f}, filler text.\n`;
      text += '\n';
    }
    await writeFile(join(root, `doc${f}.md`), text);
  }
}

/** The chunks table's newest data file that the record does not name. */
async function newestUnrecordedDataFile(dbDir: string, recorded: string[]): Promise<string> {
  const data = join(dbDir, 'chunks.lance', 'data');
  const files = await Promise.all(
    (await readdir(data))
      .filter((f) => !recorded.includes(`chunks.lance/data/${f}`))
      .map(async (f) => ({ path: join(data, f), info: await stat(join(data, f)) })),
  );
  const newest = files.sort((a, b) => b.info.mtimeMs - a.info.mtimeMs || b.info.size - a.info.size)[0];
  assert.ok(newest, 'the killed run left a data file the record does not name');
  return newest.path;
}

/** Runs `index` and SIGKILLs it once its progress shows `marker` (or lets it finish if it ends first). */
function killWhen(root: string, marker: string): Promise<void> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cliPath, 'index', root, '--embed', 'none'], { env: { ...process.env, ...NO_OLLAMA } });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
      if (stderr.includes(marker)) child.kill('SIGKILL');
    });
    child.on('close', () => done());
  });
}
