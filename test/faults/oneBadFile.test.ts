/**
 * One bad file never stops the index, and the folder's boundary holds. Each case puts one hostile
 * file (test/support/docxBombs.ts, htmlBombs.ts, pdfBombs.ts, symlinkTraps.ts) beside an ordinary
 * note, runs the bundled CLI and asserts what a user sees: the exit code, the one line naming the
 * file, the limit and how to raise it, a peak RSS (the child's VmHWM) under 1.5 GB, a time under
 * 60 s, and that the note is indexed and search still answers.
 *
 * Before these guards: the DOCX bombs ended every run with "JavaScript heap out of memory" (exit
 * 134, 4.4 GB); the HTML nests took 29-100 s (the 18 MB one over 150 s); the fan-out page tree and
 * the flat 100,000-page PDF ran without end; the 30000x30000 scan passed 7 GB; the symlinks
 * indexed /etc/passwd (docs/benchmarks.md, "One bad file").
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, runCli } from '../support/cli';
import { makeDocxBomb } from '../support/docxBombs';
import { deepHtml, unclosedHtml } from '../support/htmlBombs';
import { flatPdf, giantImagePdf, pageTreeFanOutPdf } from '../support/pdfBombs';
import { runCliMeasured, type MeasuredRun } from '../support/peakRss';
import { makeSymlinkTraps } from '../support/symlinkTraps';
import { writePdf } from '../support/pdfs';
import { withTempDir } from '../support/tempDir';

const NOTE = '# Field notes\n\nThe other document talks about zebra migrations.\n';
const PEAK_RSS_MB = 1536;
const BOMB_MS = 60_000;

/** `docs/` holding the bad file and the note; returns the folder. */
async function folderWith(root: string, name: string, bytes: Uint8Array | string): Promise<string> {
  const docs = join(root, 'docs');
  await mkdir(docs, { recursive: true });
  await writeFile(join(docs, 'notes.md'), NOTE);
  await writeFile(join(docs, name), bytes);
  return docs;
}

/** Ended by itself, in time and memory, exit 0. */
function assertBounded(run: MeasuredRun): void {
  assert.equal(run.killed, false, `still running after ${Math.round(run.ms / 1000)} s\n${run.stderr}`);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.ok(run.ms < BOMB_MS, `took ${Math.round(run.ms / 1000)} s`);
  assert.ok(run.peakRssMb < PEAK_RSS_MB, `peak RSS ${Math.round(run.peakRssMb)} MB`);
}

/** The note was indexed beside the bad file, and search answers from it. */
async function assertNoteAnswers(docs: string): Promise<void> {
  const search = await runCli(['search', docs, 'zebra migrations', '--json']);
  assert.equal(search.code, 0, search.stderr);
  const hits = (JSON.parse(search.stdout) as { hits: Array<{ path: string }> }).hits;
  assert.equal(hits[0]?.path, 'notes.md');
}

describe('faults: one bad file never stops the index', function () {
  this.timeout(120_000);
  before(() => buildOnce());

  it('a DOCX whose document.xml inflates to 150 MB of tiny paragraphs is refused before inflating: one line, the rest indexed', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, 'bomb.docx', makeDocxBomb({ shape: 'paragraphs' }));
      const run = await runCliMeasured(['index', docs, '--embed', 'none']);
      assertBounded(run);
      assert.match(
        run.stdout,
        /^ {2}bomb\.docx: its XML unzips to 150 MB \(limit 100 MB; a zip bomb\?\): raise --max-unzipped-mb \(VS Code: research\.index\.maxUnzippedMb\) \[over-limit\]$/m,
      );
      assert.match(run.stdout, /files: 2 \(1 indexed, 0 unchanged, 0 removed, 1 failed\)/);
      await assertNoteAnswers(docs);
    }));

  it('a DOCX with one 300 MB paragraph is refused the same way', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, 'one.docx', makeDocxBomb({ shape: 'one-paragraph' }));
      const run = await runCliMeasured(['index', docs, '--embed', 'none']);
      assertBounded(run);
      assert.match(run.stdout, /^ {2}one\.docx: its XML unzips to 300 MB \(limit 100 MB; a zip bomb\?\): raise --max-unzipped-mb .*\[over-limit\]$/m);
      await assertNoteAnswers(docs);
    }));

  it('a DOCX whose zip header lies (1 KB declared, 150 MB inside) stops inflating one byte past the lie', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, 'liar.docx', makeDocxBomb({ shape: 'paragraphs', declaredSize: 1024 }));
      const run = await runCliMeasured(['index', docs, '--embed', 'none']);
      assertBounded(run);
      assert.match(
        run.stdout,
        /^ {2}liar\.docx: damaged DOCX: word\/document\.xml does not inflate to the 1024 bytes its zip header declares \(a zip bomb\?\) \[corrupt\]$/m,
      );
      await assertNoteAnswers(docs);
    }));

  it('a DOCX under the unzip limit that needs more memory than its thread has: the thread stops, not the CLI; skipped until it changes', () =>
    withTempDir(async (root) => {
      // 8 MB of tiny paragraphs: mammoth took 1.26 GB for 5 MB of them; the thread is given 128 MB.
      const docs = await folderWith(root, 'heavy.docx', makeDocxBomb({ shape: 'paragraphs', megabytes: 8 }));
      const run = await runCliMeasured(['index', docs, '--embed', 'none', '--max-worker-mb', '128']);
      assertBounded(run);
      const line =
        /^ {2}heavy\.docx: ran out of memory \(limit 128 MB per extraction thread: raise --max-worker-mb \(VS Code: research\.index\.workerMemoryMb\)\); not retried until it changes \[crashed\]$/m;
      assert.match(run.stdout, line);
      await assertNoteAnswers(docs);
      // The next run does not read it again (no thread started for it, so no second crash), and says why.
      const again = await runCliMeasured(['index', docs, '--embed', 'none', '--max-worker-mb', '128']);
      assertBounded(again);
      assert.match(again.stdout, line);
      assert.match(
        again.stdout,
        /^note: not read again, unchanged since they ran out of memory or time last run: heavy\.docx \(change them or raise the limit to try again\)$/m,
      );
      assert.match(again.stdout, /files: 2 \(0 indexed, 1 unchanged, 0 removed, 1 failed\)/);
      const status = await runCli(['status', docs]);
      assert.match(status.stdout, /^ {2}not indexed: heavy\.docx: ran out of memory \(limit 128 MB .*\[crashed\]$/m);
    }));

  it('<div> nested 320,000 deep (3.5 MB) is read in linear time: indexed, with one line on the flattened nest', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, 'deep.html', deepHtml(320_000));
      const run = await runCliMeasured(['index', docs, '--embed', 'none']);
      assertBounded(run);
      assert.ok(run.ms < 20_000, `took ${Math.round(run.ms / 1000)} s`);
      assert.match(run.stdout, /^ {2}deep\.html: nested more than 512 elements deep: the deeper ones were read as siblings, as browsers do$/m);
      const search = await runCli(['search', docs, 'after the nest', '--json']);
      assert.equal(JSON.parse(search.stdout).hits[0]?.path, 'deep.html');
      await assertNoteAnswers(docs);
    }));

  it('3,000,000 unclosed <b><i> (18 MB) are read in linear time', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, 'unclosed.html', unclosedHtml(3_000_000));
      const run = await runCliMeasured(['index', docs, '--embed', 'none']);
      assertBounded(run);
      assert.match(run.stdout, /^ {2}unclosed\.html: nested more than 512 elements deep/m);
      await assertNoteAnswers(docs);
    }));

  it('an HTML file over the time limit stops its thread: one line, skipped until it changes', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, 'slow.html', unclosedHtml(3_000_000));
      const run = await runCliMeasured(['index', docs, '--embed', 'none', '--file-timeout', '0.5']);
      assertBounded(run);
      assert.match(
        run.stdout,
        /^ {2}slow\.html: took longer than 0\.5 s to read \(time limit per file: raise --file-timeout \(VS Code: research\.index\.fileTimeoutSeconds\)\); not retried until it changes \[timeout\]$/m,
      );
      await assertNoteAnswers(docs);
    }));

  it('Ctrl-C while an 18 MB HTML nest is parsed ends the CLI within a second', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, 'slow.html', unclosedHtml(3_000_000));
      let sentAt = 0;
      const interrupted = await runCliMeasured(['index', docs, '--embed', 'none'], {
        onStderr: (stderr, child) => {
          if (sentAt !== 0 || !/discover: scanning/.test(stderr)) return;
          sentAt = -1;
          // Past discovery and the thread's start-up: it is in the parse (about 6 s here).
          setTimeout(() => {
            sentAt = performance.now();
            child.kill('SIGINT');
          }, 1500);
        },
      });
      const afterSignal = performance.now() - sentAt;
      assert.equal(interrupted.code, 130, interrupted.stdout + interrupted.stderr);
      assert.match(interrupted.stdout, /run the same command again to finish/);
      assert.ok(afterSignal < 1000, `Ctrl-C took effect after ${Math.round(afterSignal)} ms`);
    }));

  it('a 2 KB PDF whose page tree claims 10^9 pages (one page listed 10 times, 9 levels deep): the page read once, one line', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, 'fanout.pdf', pageTreeFanOutPdf());
      const run = await runCliMeasured(['index', docs, '--embed', 'none']);
      assertBounded(run);
      assert.match(
        run.stdout,
        /^ {2}fanout\.pdf: its page tree lists the same page more than once \(it claims 1,000,000,000 pages\): only the 1 page before the first repeat indexed$/m,
      );
      const search = await runCli(['search', docs, 'fan-out page', '--json']);
      assert.equal(JSON.parse(search.stdout).hits[0]?.path, 'fanout.pdf');
      await assertNoteAnswers(docs);
    }));

  it('a flat 100,000-page PDF: progress inside the file, and at the time limit the pages read so far are kept', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, 'flat.pdf', flatPdf(100_000));
      const run = await runCliMeasured(['index', docs, '--embed', 'none', '--file-timeout', '10']);
      assertBounded(run);
      assert.match(run.stderr, /^extract: reading flat\.pdf: page [\d,]+ of 10,000$/m);
      const line =
        /^ {2}flat\.pdf: only the first ([\d,]+) of 100,000 pages indexed: reading stopped at the time limit \(10 s per file: raise --file-timeout \(VS Code: research\.index\.fileTimeoutSeconds\)\)$/m;
      assert.match(run.stdout, line);
      assert.ok(Number(line.exec(run.stdout)![1]!.replace(/,/g, '')) > 0);
      const search = await runCli(['search', docs, 'flat document section lo', '--json']);
      assert.equal(JSON.parse(search.stdout).hits[0]?.path, 'flat.pdf');
      await assertNoteAnswers(docs);
    }));

  it('a PDF page holding a 30000 x 30000 scan (879 KB): never decoded, one line naming the pixel limit', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, 'giant.pdf', giantImagePdf());
      const run = await runCliMeasured(['index', docs, '--embed', 'none']);
      assertBounded(run);
      assert.match(
        run.stdout,
        /^ {2}giant\.pdf: no extractable text, and not read by OCR: its image of 30,000 × 30,000 pixels is over the OCR limit of 40 megapixels: raise --ocr-max-megapixels \(VS Code: research\.index\.ocrMaxMegapixels\) \[no-text\]$/m,
      );
      await assertNoteAnswers(docs);
    }));

  it('an 8000 x 8000 scan on a 200,000-pt page: no Tesseract lines on the terminal, and with the limit raised it is read without being enlarged', () =>
    withTempDir(async (root) => {
      const docs = await folderWith(root, 'poster.pdf', giantImagePdf({ width: 8000, height: 8000, pageSize: 200_000 }));
      const run = await runCliMeasured(['index', docs, '--embed', 'none']);
      assertBounded(run);
      assert.match(
        run.stdout,
        /^ {2}poster\.pdf: no extractable text, and not read by OCR: its image of 8,000 × 8,000 pixels is over the OCR limit of 40 megapixels/m,
      );
      // Raised, it reaches Tesseract at its own 64 Mpx (enlarged 4x it would be a gigapixel image,
      // which Tesseract's WebAssembly heap cannot allocate: "pixCreateNoInit: pixdata_malloc fail").
      const raised = await runCliMeasured(['index', docs, '--embed', 'none', '--ocr-max-megapixels', '70']);
      assertBounded(raised);
      assert.match(raised.stderr, /^OCR page 1\/1 of poster\.pdf$/m);
      assert.doesNotMatch(raised.stdout + raised.stderr, /Error in pix|SetImage/);
      assert.match(raised.stdout, /^ {2}poster\.pdf: no extractable text: OCR found none either \(blank pages\?\) \[no-text\]$/m);
    }));

  it('symlinks out of the folder are listed in one note and not followed; --follow-links-into allows one folder; never /proc', () =>
    withTempDir(async (base) => {
      const { root, storage } = await makeSymlinkTraps(base);
      const run = await runCliMeasured(['index', root, '--embed', 'none']);
      assertBounded(run);
      const notes = run.stdout.split('\n').filter((line) => line.startsWith('note: '));
      assert.equal(notes.length, 1, run.stdout);
      assert.match(
        notes[0]!,
        /^note: 5 symbolic links lead outside .*docs and were not followed: etc -> \/etc, kernel -> \/proc\/\d+, secret\.txt -> \/etc\/passwd, and 2 more \(to index what a link leads to, allow its folder: --follow-links-into DIR; VS Code: research\.index\.followLinksInto\)$/,
      );
      const status = JSON.parse((await runCli(['status', root, '--json'])).stdout) as { files: Array<{ path: string; kind: string }> };
      // The loop is inside and harmless; report.txt is a link to a PDF and is read as one.
      assert.deepEqual(
        status.files.map((file) => [file.path, file.kind]),
        [
          ['notes.md', 'markdown'],
          ['papers/real.pdf', 'pdf'],
          ['report.txt', 'pdf'],
        ],
      );
      const passwd = await runCli(['search', root, 'root:x:0', '--json']);
      assert.deepEqual(JSON.parse(passwd.stdout).hits, []);

      // A linked Zotero storage allowed on purpose is read, its bib file too; /proc stays out even when named.
      await writePdf(join(storage, 'osprey.pdf'), ['Fish hawks plunge feet first.']);
      await writeFile(
        join(storage, 'library.bib'),
        '@article{hawk2019plunge,\n  title = {Plunge Behaviour of Fish Hawks},\n  author = {Hawk, Ann},\n  year = {2019},\n  file = {:osprey.pdf:PDF}\n}\n',
      );
      const allowed = await runCliMeasured(['index', root, '--embed', 'none', '--follow-links-into', storage, '--follow-links-into', '/proc']);
      assertBounded(allowed);
      assert.match(
        allowed.stdout,
        /^note: 4 symbolic links lead outside .*docs and were not followed: etc -> \/etc, kernel -> \/proc\/\d+, secret\.txt -> \/etc\/passwd, and 1 more /m,
      );
      const osprey = await runCli(['search', root, 'osprey diving', '--json']);
      assert.equal(JSON.parse(osprey.stdout).hits[0]?.path, 'zotero/paper.md');
      // The index remembers the folder it was allowed: `status` counts the linked files as indexed,
      // not removed, and the linked library's bib names its paper, without the flag again.
      const pending = JSON.parse((await runCli(['status', root, '--json'])).stdout).pending;
      assert.deepEqual(pending, { new: 0, modified: 0, removed: 0, ocrRereads: 0 });
      const papers = JSON.parse((await runCli(['papers', root, '--json'])).stdout) as { papers: Array<{ path: string; citekey: { value: string } | null }> };
      assert.equal(papers.papers.find((p) => p.path === 'zotero/osprey.pdf')?.citekey?.value, 'hawk2019plunge');
    }));
});
