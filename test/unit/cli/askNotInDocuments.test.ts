/** `ask` without a reachable model: the extractive answer says "not in your documents" on the index's signal alone. */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ABSENCE_DOCS } from '../../support/absenceDocs';
import { buildOnce, runCli } from '../../support/cli';
import { deadHost } from '../../support/deadHost';
import { withTempDir } from '../../support/tempDir';

async function manuals(root: string): Promise<void> {
  for (const [path, text] of Object.entries(ABSENCE_DOCS)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  const indexed = await runCli(['index', root, '--embed', 'none']);
  assert.equal(indexed.code, 0, indexed.stderr);
}

describe('CLI ask, extractive (Ollama down): not in your documents', function () {
  this.timeout(120_000);
  before(() => buildOnce());

  it('a question the documents do not answer says so on its first line instead of quoting unrelated passages as the answer; the closest passages are cited and a rephrase suggested', () =>
    withTempDir(async (root) => {
      await manuals(root);
      const env = { OLLAMA_HOST: await deadHost() };
      const r = await runCli(['ask', root, 'Which R function reads Apache Parquet files?'], { env });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^This is not in your documents: none of the indexed passages answers it\./);
      assert.match(r.stdout, /The closest passages:/);
      assert.match(r.stdout, /R_MAX_VSIZE sets the maximum size of the vector heap[^\n]*\[1\]/);
      assert.match(r.stdout, /Try rephrasing: None of them mentions [^\n]*"parquet"/);
      assert.match(r.stdout, /For full answers: Start Ollama/, 'the hint on how to get full answers stays');
      const json = await runCli(['ask', root, 'Which R function reads Apache Parquet files?', '--json'], { env });
      const out = JSON.parse(json.stdout) as { not_in_documents?: boolean; citations: { file: string }[] };
      assert.equal(out.not_in_documents, true);
      assert.equal(out.citations[0]?.file, 'r/R-admin.md');
    }));

  it('a release date the passages lack is "not in your documents"; one a passage holds is quoted', () =>
    withTempDir(async (root) => {
      await manuals(root);
      const env = { OLLAMA_HOST: await deadHost() };
      const absent = await runCli(['ask', root, 'When will Debian 13 trixie be released?'], { env });
      assert.equal(absent.code, 0, absent.stderr);
      assert.match(absent.stdout, /^This is not in your documents: none of the indexed passages answers it\./);
      assert.match(absent.stdout, /Debian 13 will be called trixie[^\n]*\[1\]/);
      const dated = await runCli(['ask', root, 'When was Debian 12 bookworm released?'], { env });
      assert.equal(dated.code, 0, dated.stderr);
      assert.match(dated.stdout, /^No language model is available, so here are the most relevant passages/);
      assert.match(dated.stdout, /released on June 10, 2023/);
    }));

  it('an answerable question is still answered by quoting the passage (a refusal would hide the answer)', () =>
    withTempDir(async (root) => {
      await manuals(root);
      const r = await runCli(['ask', root, "Can Bash's SRANDOM variable be seeded?", '--json'], { env: { OLLAMA_HOST: await deadHost() } });
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout) as { not_in_documents?: boolean; answer: string };
      assert.equal(out.not_in_documents, undefined);
      assert.match(out.answer, /^No language model is available, so here are the most relevant passages/);
      assert.match(out.answer, /cannot be seeded/);
    }));
});
