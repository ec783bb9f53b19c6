/**
 * Every command writing into a pipe whose reader went away (`cli … | head -1`). Before the guard
 * in src/cli/output.ts the first write after the close was an unhandled EPIPE: a stack trace and
 * exit 1, and for `index --rebuild` a run killed after the old index was deleted (0 documents)
 * with its writer lock left behind.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, runCli } from '../support/cli';
import { runCliIntoClosingPipes, type ClosedPipeResult } from '../support/closedPipe';
import { deadHost } from '../support/deadHost';
import { startFakeOllama } from '../support/fakeOllama';
import { scriptAgents } from '../support/scriptedAgents';
import { withTempDir } from '../support/tempDir';

/** Enough files that `index` keeps writing progress well after its first line. */
async function makeFolder(root: string): Promise<string> {
  const docs = join(root, 'docs');
  await mkdir(docs, { recursive: true });
  for (let i = 1; i <= 24; i++) {
    const body = Array.from({ length: 40 }, (_, line) => `Lamp ${i} note ${line}: the ballast warms up before the tube strikes.`).join('\n');
    await writeFile(join(docs, `note-${String(i).padStart(2, '0')}.md`), `# Lamp ${i}\n\n${body}\n`);
  }
  return docs;
}

async function indexed(docs: string, extra: string[] = []): Promise<void> {
  const run = await runCli(['index', docs, '--embed', 'none', ...extra]);
  assert.equal(run.code, 0, run.stderr);
}

async function counts(docs: string): Promise<{ documents: number; chunks: number; embeddingModel: string | null }> {
  const run = await runCli(['status', docs, '--json']);
  assert.equal(run.code, 0, run.stderr);
  const { documents, chunks, embeddingModel } = JSON.parse(run.stdout);
  return { documents, chunks, embeddingModel };
}

/** What the user would see: a quiet exit 0, no stack trace, no hang. */
function assertQuietExit(run: ClosedPipeResult): void {
  assert.equal(run.killed, false, 'the CLI hung after its output closed');
  assert.doesNotMatch(run.stderr, /EPIPE|^\s+at /m, `stack trace on stderr:\n${run.stderr}`);
  assert.equal(run.code, 0, `exit ${run.code}, stderr:\n${run.stderr}`);
}

describe('faults: output pipe closed early', function () {
  before(() => buildOnce());

  it('status into a closed pipe: no unhandled EPIPE stack trace, exit 0', () =>
    withTempDir(async (root) => {
      const docs = await makeFolder(root);
      await indexed(docs);
      assertQuietExit(await runCliIntoClosingPipes(['status', docs], { stdoutAfter: 0 }));
    }));

  it('search into a closed pipe: no unhandled EPIPE stack trace, exit 0', () =>
    withTempDir(async (root) => {
      const docs = await makeFolder(root);
      await indexed(docs);
      assertQuietExit(await runCliIntoClosingPipes(['search', docs, 'ballast tube', '--k', '20'], { stdoutAfter: 0 }));
    }));

  it('extractive ask (no Ollama) into a closed pipe: no unhandled EPIPE stack trace, exit 0', () =>
    withTempDir(async (root) => {
      const docs = await makeFolder(root);
      await indexed(docs);
      const env = { OLLAMA_HOST: await deadHost() };
      assertQuietExit(await runCliIntoClosingPipes(['ask', docs, 'What warms up before the tube strikes?'], { stdoutAfter: 0, env }));
    }));

  it('chat whose reader leaves in the middle of a streamed answer: stops the turn instead of streaming on into the void, exit 0', () =>
    withTempDir(async (root) => {
      const docs = await makeFolder(root);
      await indexed(docs);
      // About 60 s of answer, one token every 300 ms: a chat that does not stop hangs past the timeout.
      const slow = { content: `Streamed ${'ballast '.repeat(200)}[1].`, tokenDelayMs: 300 };
      const agents = scriptAgents({ synthesis: slow });
      const fake = await startFakeOllama({ models: ['llama3.2'], chat: (body) => agents.chat(body) });
      try {
        const input = 'What warms up before the tube strikes?\nAnd then?\n';
        const run = await runCliIntoClosingPipes(['chat', docs], { stdoutAfter: /Streamed/, env: { OLLAMA_HOST: fake.url }, input, timeoutMs: 30_000 });
        assert.match(run.stdout, /Streamed/, 'the answer had started');
        assertQuietExit(run);
        assert.equal(agents.requests.synthesis.length, 1, 'the second question was not asked');
      } finally {
        await fake.close();
      }
    }));

  it('eval into a closed pipe: no unhandled EPIPE stack trace, exit 0', () =>
    withTempDir(async (root) => {
      const docs = await makeFolder(root);
      const questions = join(root, 'questions.jsonl');
      await writeFile(questions, `${JSON.stringify({ id: 'q1', question: 'ballast warms up', sources: [{ file: 'note-03.md' }] })}\n`);
      assertQuietExit(await runCliIntoClosingPipes(['eval', docs, questions, '--embed', 'none', '--no-llm'], { stdoutAfter: 0 }));
    }));

  it('index --rebuild whose progress pipe closes after the first line (2>&1 | head -1): finishes, lock released, index whole', () =>
    withTempDir(async (root) => {
      const docs = await makeFolder(root);
      await indexed(docs);
      const clean = await counts(docs);
      assert.equal(clean.documents, 24);

      const run = await runCliIntoClosingPipes(['index', docs, '--embed', 'none', '--rebuild'], { stdoutAfter: 0, stderrAfter: 1 });
      assert.equal(run.killed, false, 'index hung after its output closed');
      assert.equal(run.code, 0, `exit ${run.code}; what got through:\n${run.stderr}`);
      assert.equal(existsSync(`${join(docs, '.research-index')}.lock`), false, 'the writer lock was left behind');
      assert.deepEqual(await counts(docs), clean, 'the rebuilt index holds what a clean run does');
      const search = await runCli(['search', docs, 'ballast', '--k', '1']);
      assert.equal(search.code, 0, search.stderr);
      assert.match(search.stdout, /^1\. note-\d+\.md/);
    }));

  it('index switching embedder (full-text to Ollama) into closed pipes: the re-embedding run finishes, nothing lost', () =>
    withTempDir(async (root) => {
      const docs = await makeFolder(root);
      await indexed(docs);
      const before = await counts(docs);
      const fake = await startFakeOllama({ models: ['nomic-embed-text'] });
      try {
        const run = await runCliIntoClosingPipes(['index', docs, '--embed', 'ollama'], { stdoutAfter: 0, stderrAfter: 1, env: { OLLAMA_HOST: fake.url } });
        assert.equal(run.killed, false, 'index hung after its output closed');
        assert.equal(run.code, 0, `exit ${run.code}; what got through:\n${run.stderr}`);
      } finally {
        await fake.close();
      }
      const after = await counts(docs);
      assert.deepEqual({ ...after, embeddingModel: null }, { ...before, embeddingModel: null }, 'every document re-indexed');
      assert.match(String(after.embeddingModel), /nomic-embed-text/);
    }));
});
