/**
 * Index files damaged on disk (bytes overwritten in place, sizes unchanged), through the bundled
 * CLI as a user runs it. For each kind of damage: `status`, `search` and `ask` exit 1 with one
 * line that names the rebuild command (never an answer from a broken index), and `index --rebuild`
 * brings back every row. A rebuild killed midway leaves the previous index answering.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, cliPath, runCli, type CliResult } from '../support/cli';
import { startFakeOllama, type FakeOllama } from '../support/fakeOllama';
import { scriptAgents } from '../support/scriptedAgents';
import { damageIndex, type DamageTarget } from '../support/indexCorrupter';
import { withTempDir } from '../support/tempDir';
import { openIndexStore } from '../../src/core/index/store';

const WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango'.split(' ');
/** No Ollama listens here: `ask` answers extractively (the path that used to say "the documents don't contain the answer"). */
const NO_OLLAMA = 'http://127.0.0.1:9';

/** `files` Markdown files of 60 sections each: enough chunks that the data file has many pages. */
async function writeCorpus(root: string, files = 6): Promise<void> {
  await mkdir(root, { recursive: true });
  for (let f = 0; f < files; f++) {
    let text = '';
    for (let s = 0; s < 60; s++) {
      text += `# Section ${f}-${s}\n\n`;
      for (let l = 0; l < 8; l++)
        text += `common ${WORDS[(f * 7 + s * 3 + l) % 20]} ${WORDS[(s + l * 5) % 20]} line ${l} of section ${s} in file ${f} with filler text for a decent chunk size.\n`;
      text += '\n';
    }
    await writeFile(join(root, `doc${f}.md`), text);
  }
}

async function chunkCount(root: string, env: NodeJS.ProcessEnv): Promise<number> {
  const status = await runCli(['status', root, '--json'], { env });
  assert.equal(status.code, 0, status.stderr);
  return (JSON.parse(status.stdout) as { chunks: number }).chunks;
}

/** The one line a command printed on stderr (with the panic's own lines, if any, before it). */
function errorLine(result: CliResult): string {
  const lines = result.stderr.split('\n').filter((l) => l.trim() !== '');
  return lines[lines.length - 1] ?? '';
}

function assertNamesRebuild(result: CliResult, root: string, what: string): void {
  assert.equal(result.code, 1, `${what}: exit ${result.code}\n${result.stdout}\n${result.stderr}`);
  const line = errorLine(result);
  assert.match(line, /^error: the index at .* is damaged \(.+\): rebuild it with `node \S*dist\/cli\.js index .+ --rebuild`$/, `${what}: ${result.stderr}`);
  assert.ok(line.includes(`index ${root} --rebuild`), `${what} names this folder's rebuild: ${line}`);
  assert.doesNotMatch(result.stderr, /Index the folder first|stack backtrace/, what);
}

describe('index damage: detected, reported with the rebuild command, repaired without loss (bundled CLI)', function () {
  this.timeout(240_000);
  let ollama: FakeOllama;

  before(async () => {
    await buildOnce();
    const agents = scriptAgents();
    ollama = await startFakeOllama({ chat: (body) => agents.chat(body) });
  });
  after(() => ollama.close());

  const cases: Array<{ target: DamageTarget; defect: string }> = [
    { target: 'data-middle', defect: 'status said "up to date", index repaired nothing, ask said the documents lack the answer' },
    { target: 'manifest', defect: 'ask advised "Index the folder first" for a damaged index' },
    { target: 'fts-index', defect: 'search and ask answered from a damaged full-text index with exit 0' },
    { target: 'vector-column', defect: 'garbage vectors ranked results silently with exit 0' },
  ];
  for (const { target, defect } of cases) {
    it(`${target} damaged: status, search, ask and ask --json exit 1 naming \`index --rebuild\`; the rebuild restores every row (was: ${defect})`, () =>
      withTempDir(async (dir) => {
        const root = join(dir, 'docs');
        const dbDir = join(root, '.research-index');
        await writeCorpus(root);
        const env = { OLLAMA_HOST: ollama.url };
        const embed = target === 'vector-column' ? ['--embed', 'ollama', '--embed-model', 'nomic-embed-text'] : ['--embed', 'none'];
        const built = await runCli(['index', root, ...embed], { env });
        assert.equal(built.code, 0, built.stderr);
        const rows = await chunkCount(root, env);
        assert.ok(rows > 100, `a corpus of ${rows} chunks`);
        await damageIndex(dbDir, target, target === 'vector-column' ? await storedVector(dbDir) : undefined);

        assertNamesRebuild(await runCli(['status', root], { env }), root, 'status');
        assertNamesRebuild(await runCli(['search', root, 'common alpha line'], { env }), root, 'search');
        assertNamesRebuild(await runCli(['index', root, ...embed], { env }), root, 'index without --rebuild');
        const ask = await runCli(['ask', root, 'what is common alpha?'], { env: { OLLAMA_HOST: NO_OLLAMA } });
        assertNamesRebuild(ask, root, 'ask');
        assert.doesNotMatch(ask.stdout, /don't contain/);
        const askJson = await runCli(['ask', root, 'what is common alpha?', '--json'], { env });
        assert.equal(askJson.code, 1, askJson.stderr);
        const problem = (JSON.parse(askJson.stdout) as { problem: { code: string; message: string } }).problem;
        assert.equal(problem.code, 'index-corrupt');
        assert.ok(problem.message.includes(`index ${root} --rebuild`), problem.message);

        const rebuilt = await runCli(['index', root, '--rebuild', ...embed], { env });
        assert.equal(rebuilt.code, 0, rebuilt.stderr);
        assert.equal(await chunkCount(root, env), rows);
        const verified = await runCli(['status', root, '--verify'], { env });
        assert.equal(verified.code, 0, verified.stderr);
        assert.match(verified.stdout, /verified: \d+ index files .* match their checksums/);
      }));
  }

  it('an index made before checksums: a query that hits damaged bytes is the damaged-index error (not "the documents don\'t contain the answer"), with no Rust backtrace; its first index run refuses to vouch for the damage', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      const dbDir = join(root, '.research-index');
      await writeCorpus(root);
      // RUST_BACKTRACE=1 in the user's shell used to add a 20-line backtrace to every panic.
      const env = { OLLAMA_HOST: NO_OLLAMA, RUST_BACKTRACE: '1' };
      assert.equal((await runCli(['index', root, '--embed', 'none'], { env })).code, 0);
      await dropChecksums(dbDir);
      await damageIndex(dbDir, 'data-middle');

      const search = await runCli(['search', root, 'common alpha line'], { env });
      assertNamesRebuild(search, root, 'search');
      const ask = await runCli(['ask', root, 'what is common alpha?'], { env });
      assertNamesRebuild(ask, root, 'ask');
      assert.doesNotMatch(ask.stdout, /don't contain/);
      // Recording checksums over damaged files would make the damage look like the truth.
      assertNamesRebuild(await runCli(['index', root, '--embed', 'none'], { env }), root, 'first index run');
    }));

  it('a rebuild killed midway (SIGKILL) leaves the previous index answering with every row; the next rebuild completes (was: --rebuild deleted the index first)', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'docs');
      // Many small files: the rebuild writes several batches before it is killed.
      await writeCorpus(root, 6);
      for (let i = 0; i < 600; i++)
        await writeFile(join(root, `note${String(i).padStart(3, '0')}.md`), `# Note ${i}\n\ncommon note number ${i} about ${WORDS[i % 20]}.\n`);
      const env = { OLLAMA_HOST: NO_OLLAMA };
      assert.equal((await runCli(['index', root, '--embed', 'none'], { env })).code, 0);
      const rows = await chunkCount(root, env);
      const before = await runCli(['search', root, 'common alpha line', '--json'], { env });

      // Killed after 400 of its 606 files were read.
      assert.equal(await killDuringRebuild(root, '[400/'), 'SIGKILL');

      assert.equal(await chunkCount(root, env), rows);
      const after = await runCli(['search', root, 'common alpha line', '--json'], { env });
      assert.equal(after.code, 0, after.stderr);
      assert.deepEqual(hitIds(after), hitIds(before));
      assert.equal((await runCli(['status', root, '--verify'], { env })).code, 0);

      const rebuilt = await runCli(['index', root, '--rebuild', '--embed', 'none'], { env });
      assert.equal(rebuilt.code, 0, rebuilt.stderr);
      assert.equal(await chunkCount(root, env), rows);
    }));
});

async function storedVector(dbDir: string): Promise<number[]> {
  const store = await openIndexStore(dbDir);
  try {
    const row = (await store.table.query().select(['vector']).limit(1).toArray())[0] as { vector: ArrayLike<number> };
    return Array.from(row.vector);
  } finally {
    store.close();
  }
}

/** What an index written before checksums were recorded looks like. */
async function dropChecksums(dbDir: string): Promise<void> {
  const path = join(dbDir, 'index-meta.json');
  const meta = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  delete meta.checksums;
  await writeFile(path, JSON.stringify(meta));
}

function hitIds(result: CliResult): string[] {
  return (JSON.parse(result.stdout) as { hits: Array<{ id: string }> }).hits.map((h) => h.id);
}

/** Starts `index --rebuild` and SIGKILLs it once its progress shows `marker`; resolves to the signal it died of. */
function killDuringRebuild(root: string, marker: string): Promise<NodeJS.Signals | null> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cliPath, 'index', root, '--rebuild', '--embed', 'none'], { env: { ...process.env, OLLAMA_HOST: NO_OLLAMA } });
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (d) => {
      stderr += d;
      if (!killed && stderr.includes(marker)) killed = child.kill('SIGKILL');
    });
    child.on('close', (code, signal) =>
      killed ? done(signal) : fail(new Error(`the rebuild ended (${code ?? signal}) before it could be killed:\n${stderr}`)),
    );
  });
}
