/**
 * The `search` and `eval` commands through the bundled CLI (dist/cli.js), as a user runs them.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { withTempDir } from '../../support/tempDir';
import { writePdf } from '../../support/pdfs';

const repo = resolve(__dirname, '../../..');
const cli = join(repo, 'dist', 'cli.js');

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with its stdout on a pipe; FORCE_HYPERLINK only when a test sets it. */
function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Result> {
  return new Promise((done) => {
    execFile(process.execPath, [cli, ...args], { timeout: 90_000, env: { ...process.env, FORCE_HYPERLINK: undefined, ...env } }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

async function makeFolder(root: string): Promise<void> {
  await writePdf(join(root, 'manual.pdf'), ['Preface.', 'The frobnicator limit defaults to 42 widgets.', 'Appendix.']);
  await writeFile(join(root, "it's notes.md"), '# Notes\n\nThe SRANDOM variable cannot be seeded.\n\n## Bread\n\nKnead the dough.\n');
}

describe('CLI search and eval (bundled dist/cli.js)', function () {
  this.timeout(180_000);

  before(async () => {
    await promisify(execFile)(process.execPath, [join(repo, 'esbuild.mjs')], { cwd: repo });
  });

  it('searches an indexed folder and prints locations, as text and as JSON', () =>
    withTempDir(async (root) => {
      await makeFolder(root);
      assert.equal((await runCli(['index', root, '--embed', 'none'])).code, 0);
      const human = await runCli(['search', root, 'What is the frobnicator limit?', '--k', '3']);
      assert.equal(human.code, 0, human.stderr);
      assert.match(human.stdout, /^1\. manual\.pdf, pp\. 1-3 /m, 'tiny pages share one chunk that cites them all');
      assert.match(human.stdout, /frobnicator limit defaults to 42/);
      const notes = await runCli(['search', root, 'Can SRANDOM be seeded?', '--k', '1']);
      assert.ok(notes.stdout.startsWith(`1. it's notes.md, lines 1-`), notes.stdout);
      assert.ok(
        notes.stdout.includes(` (${join(root, "it's notes.md")}:1)`),
        `outside the cwd, the path:line a terminal can open is absolute: ${notes.stdout}`,
      );
      const json = await runCli(['search', root, 'Can SRANDOM be seeded?', '--json', '--path', "it's notes.md"]);
      assert.equal(json.code, 0, json.stderr);
      const result = JSON.parse(json.stdout) as { hits: Array<{ path: string; lineStart: number; lineEnd: number; heading: string }> };
      assert.deepEqual(
        result.hits.map((h) => [h.path, h.lineStart, h.heading]),
        [["it's notes.md", 1, 'Notes']],
      );
    }));

  it('prints locations as OSC 8 file links when hyperlinks are on, and no escape at all on a pipe', () =>
    withTempDir(async (root) => {
      await makeFolder(root);
      // A filename is anyone's choice: this one tries to colour the terminal and open a link of its own.
      const evil = 'quokka\u001b[31m\u001b]8;;http:x\u0007\u009b2J.md';
      await writeFile(join(root, evil), '# Census\n\nThe quokka census counts 7 quokkas.\n');
      assert.equal((await runCli(['index', root, '--embed', 'none'])).code, 0);
      const esc = '\u001b';
      const linked = await runCli(['search', root, 'frobnicator limit quokka census', '--k', '3'], { FORCE_HYPERLINK: '1' });
      assert.equal(linked.code, 0, linked.stderr);
      const pdfUrl = `${pathToFileURL(join(root, 'manual.pdf')).href}#page=1`;
      assert.ok(linked.stdout.includes(`${esc}]8;;${pdfUrl}${esc}\\manual.pdf, pp. 1-3${esc}]8;;${esc}\\`), JSON.stringify(linked.stdout));
      const mdUrl = `${pathToFileURL(join(root, evil)).href}#1`;
      assert.ok(linked.stdout.includes(`${esc}]8;;${mdUrl}${esc}\\quokka?[31m?]8;;http:x??2J.md, lines 1-3${esc}]8;;${esc}\\`), JSON.stringify(linked.stdout));
      const ours = new RegExp(`${esc}\\]8;;(?:file:[\\x21-\\x7e]*)?${esc}\\\\`, 'g');
      assert.equal(linked.stdout.replace(ours, '').includes(esc), false, 'every ESC belongs to one of our OSC 8 links');

      const piped = await runCli(['search', root, 'frobnicator limit quokka census', '--k', '3']);
      assert.equal(piped.code, 0, piped.stderr);
      assert.match(piped.stdout, /manual\.pdf, pp\. 1-3/);
      assert.equal(piped.stdout.includes(esc), false, JSON.stringify(piped.stdout));
      const json = await runCli(['search', root, 'quokka census', '--json'], { FORCE_HYPERLINK: '1' });
      assert.equal(json.stdout.includes(esc), false, '--json never carries a raw ESC');
      assert.equal((JSON.parse(json.stdout) as { hits: Array<{ path: string }> }).hits[0]?.path, evil, 'JSON keeps the real path, escaped by JSON');
    }));

  it('explains a missing index and bad usage', () =>
    withTempDir(async (root) => {
      const missing = await runCli(['search', root, 'anything']);
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /error: /);
      const usage = await runCli(['search', root]);
      assert.equal(usage.code, 2);
      assert.match(usage.stderr, /missing "<query>"/);
      assert.equal((await runCli(['search', root, 'x', '--k', 'zero'])).code, 2);
    }));

  it('eval indexes the folder and scores retrieval as one JSON object', () =>
    withTempDir(async (root) => {
      const docs = join(root, 'docs');
      await promisify(execFile)('mkdir', [docs]);
      await makeFolder(docs);
      const questions = join(root, 'questions.jsonl');
      await writeFile(
        questions,
        [
          { id: 'a', kind: 'factual', question: 'What does the frobnicator limit default to?', sources: [{ file: 'manual.pdf', pages: [2] }] },
          { id: 'b', kind: 'factual', question: 'Can SRANDOM be seeded?', sources: [{ file: "it's notes.md", pages: [], lines: [3, 3] }] },
          { id: 'c', kind: 'factual', question: 'How long do I knead?', sources: [{ file: 'manual.pdf', pages: [3] }] },
          { id: 'd', kind: 'vague', question: 'Tell me more.', sources: [] },
        ]
          .map((q) => JSON.stringify(q))
          .join('\n'),
      );
      const run = await runCli(['eval', docs, questions, '--embed', 'none', '--db', join(root, 'idx'), '--json']);
      assert.equal(run.code, 0, run.stderr);
      const report = JSON.parse(run.stdout) as Record<string, unknown>;
      assert.equal(report.questions, 3);
      assert.equal(report.hit_at_1, 0.6667);
      assert.equal(report.hit_at_10, 0.6667);
      assert.equal(report.all_sources_hit_at_10, null);
      assert.equal(typeof report.seconds, 'number');
      assert.deepEqual(report.misses, [{ id: 'c', rank: null }]);
      const human = await runCli(['eval', docs, questions, '--embed', 'none', '--db', join(root, 'idx')]);
      assert.match(human.stdout, /hit@1 0\.6667/);
      assert.match(human.stdout, /c \(not in top 10\) How long do I knead\?/);
      const broken = join(root, 'broken.jsonl');
      await writeFile(broken, '{"id": "x", "question": "ok"}\nnot json\n');
      const bad = await runCli(['eval', docs, broken, '--embed', 'none', '--db', join(root, 'idx')]);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /line 2: not valid JSON/);
    }));
});
