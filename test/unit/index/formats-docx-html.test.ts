/**
 * DOCX and HTML documents through the real indexer (bundled CLI, real LanceDB in a temp folder):
 * indexed, found by `search`, cited where a user can open them; bad ones fail alone, typed.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chunkDocument } from '../../../src/core/index/pipeline/chunk';
import { kindOf } from '../../../src/core/index/pipeline/discover';
import { extractFile } from '../../../src/core/index/pipeline/extract';
import { ExtractionError } from '../../../src/core/index/pipeline/extract/errors';
import { buildOnce, runCli } from '../../support/cli';
import { writeDocx } from '../../support/docx';
import { withTempDir } from '../../support/tempDir';

/** A page as a site generator writes it: Windows-1252 bytes, a menu, a script, a style. */
const PAGE_LINES = [
  '<!DOCTYPE html>',
  '<html><head><meta charset="windows-1252"><title>Caf\xe9 guide</title>',
  '<style>.menu { color: red }</style></head>',
  '<body><nav><a href="/">Zanzibarmenu home</a></nav>',
  '<h1>Opening hours</h1>',
  '<p>The caf\xe9 opens at nine \x96 every',
  'weekday, the quokka terrace at ten.</p>',
  '<script>var quasartoken = "<p>hidden</p>";</script>',
  '</body></html>',
];

async function writeFolder(root: string): Promise<void> {
  await writeDocx(join(root, 'report.docx'), [
    { heading: 'Introduction', level: 1 },
    'This report covers the year.',
    { heading: 'Budget', level: 1 },
    'The travel budget is 300 wombats per engineer.',
  ]);
  await writeFile(join(root, 'page.html'), Buffer.from(PAGE_LINES.join('\n'), 'latin1'));
  await writeFile(join(root, 'broken.docx'), Buffer.from([0x13, 0x37, 0xc0, 0xde, 0x00, 0xff, 0x42, 0x99, 0x10, 0x20]));
  // What Word leaves beside a document it has open: the owner's name, not a document.
  await writeFile(join(root, '~$report.docx'), Buffer.from([0x05, 0x61, 0x6c, 0x69, 0x63, 0x65, 0, 0, 0]));
}

describe('DOCX and HTML documents', function () {
  this.timeout(180_000);
  before(() => buildOnce());

  it('a DOCX search hit cites its section and paragraph (not a line of the zip), and a corrupt DOCX fails alone as "not a valid DOCX (zip) file" while a ~$ lock file is skipped silently', () =>
    withTempDir(async (root) => {
      await writeFolder(root);
      const index = await runCli(['index', root, '--embed', 'none']);
      assert.equal(index.code, 0, index.stderr);
      assert.match(index.stdout + index.stderr, /broken\.docx: not a valid DOCX \(zip\) file/);
      assert.doesNotMatch(index.stdout + index.stderr, /~\$report/, 'the lock file is not a failure, nor mentioned');
      assert.match(index.stdout, /files: 3 \(2 indexed, 0 unchanged, 0 removed, 1 failed\)/);

      const hit = await runCli(['search', root, 'travel budget wombats', '--k', '1']);
      assert.equal(hit.code, 0, hit.stderr);
      assert.match(hit.stdout, /^1\. report\.docx, section "Budget", paragraphs 3-4 /m);
      assert.match(hit.stdout, /300 wombats per engineer/);
      assert.doesNotMatch(hit.stdout, /report\.docx:\d/, 'no path:line into the zip bytes');
    }));

  it('an HTML hit cites the line of the page source, decodes its declared windows-1252 charset, and never matches its script or navigation', () =>
    withTempDir(async (root) => {
      await writeFolder(root);
      assert.equal((await runCli(['index', root, '--embed', 'none'])).code, 0);

      const hit = await runCli(['search', root, 'café quokka terrace', '--k', '1', '--json']);
      assert.equal(hit.code, 0, hit.stderr);
      const [first] = (JSON.parse(hit.stdout) as { hits: Array<{ path: string; lineStart: number; lineEnd: number; heading: string; text: string }> }).hits;
      assert.deepEqual([first?.path, first?.lineStart, first?.lineEnd, first?.heading], ['page.html', 5, 7, 'Opening hours']);
      assert.match(first?.text ?? '', /The café opens at nine – every weekday/);

      const human = await runCli(['search', root, 'café quokka terrace', '--k', '1'], { cwd: root });
      assert.match(human.stdout, /^1\. page\.html, lines 5-7 \(page\.html:5\)/m);

      for (const dropped of ['quasartoken', 'Zanzibarmenu']) {
        const none = await runCli(['search', root, dropped, '--k', '3']);
        assert.equal(none.code, 0, none.stderr);
        assert.doesNotMatch(none.stdout, /page\.html/, `${dropped} is script/navigation, not the page's text`);
      }
    }));

  it('extracts an HTML page in the charset its meta tag declares, not as UTF-8 with replacement characters', async () =>
    withTempDir(async (root) => {
      const path = join(root, 'page.html');
      // Mostly UTF-8-looking bytes: without the declared charset the sniffer keeps UTF-8 and
      // replaces the lone 0xE9 with U+FFFD.
      await writeFile(
        path,
        Buffer.concat([Buffer.from('<meta charset="windows-1252"><p>na\u00efve \u00fcber</p><p>caf', 'utf8'), Buffer.from([0xe9]), Buffer.from('</p>')]),
      );
      const doc = await extractFile({ path: 'page.html', absPath: path, kind: kindOf(path), size: 0, mtimeMs: 0 });
      assert.match(doc.pages[0] ?? '', /café/);
    }));

  it('chunks of an HTML page cite source lines and its headings start sections', async () =>
    withTempDir(async (root) => {
      const path = join(root, 'page.html');
      await writeFile(path, '<h1>First</h1>\n<p>one</p>\n\n\n<h2>Second</h2>\n<p>two\nlines</p>');
      const doc = await extractFile({ path: 'page.html', absPath: path, kind: 'html', size: 0, mtimeMs: 0 });
      const chunks = chunkDocument(doc);
      assert.deepEqual(
        chunks.map((c) => [c.heading, c.lineStart, c.lineEnd]),
        [
          ['First', 1, 2],
          ['Second', 5, 7],
        ],
      );
    }));

  it('a zip that is not a Word document fails as a damaged DOCX (typed), not an untyped crash', async () =>
    withTempDir(async (root) => {
      const path = join(root, 'other.docx');
      // A valid empty zip (end-of-central-directory record only) behind a local-file signature.
      await writeFile(path, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]));
      await assert.rejects(
        extractFile({ path: 'other.docx', absPath: path, kind: 'docx', size: 0, mtimeMs: 0 }),
        (error: unknown) => error instanceof ExtractionError && error.code === 'corrupt',
      );
    }));
});
