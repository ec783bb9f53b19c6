/**
 * The format table (src/core/formats.ts) is the one place a file's extension decides its kind:
 * package.json, which cannot import it, must say the same (the include default, the PDF viewer's
 * selector), and what a user sees (the kind a file is indexed as, how its citation reads, what
 * opens it) follows the table's row.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { citationLabel } from '../../src/core/citations/citationLabel';
import { defaultIncludeGlobs, FORMATS, kindOf, type DocumentFormat, type DocumentKind, type PreviewedIn } from '../../src/core/formats';
import { DEFAULT_INCLUDE } from '../../src/core/index';
import { extractFile, READERS, type DocumentReader } from '../../src/core/index/pipeline/extract/extractFile';

interface Manifest {
  contributes: {
    configuration: { properties: Record<string, { default?: unknown }> };
    customEditors: Array<{ viewType: string; selector: Array<{ filenamePattern: string }> }>;
  };
}
const manifest = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as Manifest;
const kinds = Object.keys(FORMATS) as DocumentKind[];
const extensionsPreviewedIn = (preview: PreviewedIn) => kinds.filter((k) => FORMATS[k].previewedIn === preview).flatMap((k) => FORMATS[k].extensions);

/** package.json's custom editors, by the preview of the table each one is. */
const CUSTOM_EDITORS: Record<string, PreviewedIn> = { 'local-research.pdfViewer': 'pdfViewer' };

describe('formats: one table from extension to kind, citation and preview', () => {
  it("package.json's research.index.include default is every extension of the table", () => {
    assert.deepEqual(manifest.contributes.configuration.properties['research.index.include']?.default, defaultIncludeGlobs());
    assert.deepEqual(DEFAULT_INCLUDE, defaultIncludeGlobs());
  });

  it("package.json's custom editors open exactly the extensions the table previews in them", () => {
    assert.deepEqual(manifest.contributes.customEditors.map((e) => e.viewType).sort(), Object.keys(CUSTOM_EDITORS).sort());
    for (const editor of manifest.contributes.customEditors) {
      const patterns = editor.selector.map((s) => s.filenamePattern).sort();
      assert.deepEqual(
        patterns,
        extensionsPreviewedIn(CUSTOM_EDITORS[editor.viewType]!)
          .map((extension) => `*${extension}`)
          .sort(),
        editor.viewType,
      );
    }
  });

  it('a file is indexed as the kind whose extension ends its name, in any case; any other name as text', () => {
    for (const kind of kinds) {
      for (const extension of FORMATS[kind].extensions) {
        assert.equal(kindOf(`notes/a${extension}`), kind, extension);
        assert.equal(kindOf(`NOTES/A${extension.toUpperCase()}`), kind, extension.toUpperCase());
      }
    }
    assert.equal(kindOf('build.log'), 'text');
    assert.equal(kindOf('slides.pdf.md'), 'markdown');
  });

  it("a citation of a kind's lines reads in that kind's unit", () => {
    for (const kind of kinds.filter((k) => FORMATS[k].citedBy !== 'pages')) {
      const file = `doc${FORMATS[kind].extensions[0]}`;
      const word = FORMATS[kind].citedBy === 'paragraphs' ? 'paragraphs' : 'lines';
      assert.equal(citationLabel({ file, lines: [3, 6] }), `${file}, ${word} 3-6`);
    }
  });

  it('a kind without its citation rule, or a format without one, is a compile error', () => {
    // @ts-expect-error every kind needs a row
    const missingRow: Record<DocumentKind, DocumentFormat> = { pdf: FORMATS.pdf };
    // @ts-expect-error a row says how the kind is cited
    const noRule: DocumentFormat = { extensions: ['.epub'], previewedIn: 'textEditor' };
    assert.ok(missingRow && noRule);
  });

  it('every kind has its reader, and only the parsers an attacker can make expensive run on the threads', async () => {
    assert.deepEqual(Object.keys(READERS).sort(), Object.keys(FORMATS).sort());
    const threaded = (Object.keys(READERS) as DocumentKind[]).filter((kind) => READERS[kind].onThreads).sort();
    assert.deepEqual(threaded, ['docx', 'html', 'pdf']);
    // @ts-expect-error a kind without a reader does not compile
    const missingReader: Record<DocumentKind, DocumentReader> = { pdf: READERS.pdf };
    assert.ok(missingReader);
    // A kind is read by its own reader: markup in .html is not read as text.
    const dir = mkdtempSync(join(tmpdir(), 'readers-'));
    try {
      writeFileSync(join(dir, 'page.html'), '<html><body><script>hidden()</script><p>Visible words</p></body></html>');
      const document = await extractFile({ path: 'page.html', absPath: join(dir, 'page.html'), kind: kindOf('page.html'), size: 80, mtimeMs: 0 });
      assert.equal(document.pages[0], 'Visible words');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
