import assert from 'node:assert/strict';
import { citedHighlights, documentFiles } from '../../../src/core/library';
import type { LibraryItem, LibraryPdf, LibraryRecord } from '../../../src/core/library';
import { annotationPassages, annotationsPath } from '../../../src/core/library/ownWords';
import type { ZoteroAnnotation } from '../../../src/core/library/zotero';

const annotation = (key: string, pageIndex: number, text: string): ZoteroAnnotation => ({
  key,
  type: 'highlight' as const,
  text,
  comment: null,
  color: '#ffd400',
  pageLabel: String(pageIndex + 1),
  pageIndex,
  position: JSON.stringify({ pageIndex, rects: [[72, 600, 300, 612]] }),
  sortIndex: '',
  dateModified: '2024-01-01 00:00:00',
  version: 1,
});

const annotations = [annotation('ANN1', 1, 'first words'), annotation('ANN2', 1, 'second words'), annotation('ANN3', 4, 'later words')];
const path = annotationsPath('PDF1');
const passages = annotationPassages(path, annotations);
const pdf: LibraryPdf = {
  path: 'linked/PDF1/paper.pdf',
  file: '/elsewhere/paper.pdf',
  attachmentKey: 'PDF1',
  annotationsPath: path,
  annotations: [
    ...annotations.map((a, i) => ({ key: a.key, type: a.type, pageIndex: a.pageIndex, position: a.position, color: a.color, passageId: passages[i]!.id })),
    // Ink: no rectangles to draw.
    { key: 'INK1', type: 'ink', pageIndex: 1, position: JSON.stringify({ pageIndex: 1, paths: [[1, 2, 3, 4]] }), color: null, passageId: null },
  ],
};
const item = { key: 'ITEM1', pdfs: [pdf], notesPath: 'your-notes/ITEM1/notes' } as unknown as LibraryItem;
const record = { items: [item] } as unknown as LibraryRecord;

describe("a Zotero library's documents on disk", () => {
  it("a linked PDF opens where Zotero links it; its annotations and the item's notes open that PDF", () => {
    const files = documentFiles(record);
    assert.deepEqual(
      [...files].map(([p, f]) => [p, f.file, f.of]),
      [
        ['linked/PDF1/paper.pdf', '/elsewhere/paper.pdf', 'pdf'],
        ['your-notes/PDF1/annotations', '/elsewhere/paper.pdf', 'annotations'],
        ['your-notes/ITEM1/notes', '/elsewhere/paper.pdf', 'notes'],
      ],
    );
  });

  it("a cited annotation passage is that annotation's highlight alone, at its page, in its rectangles and colour", () => {
    assert.deepEqual(citedHighlights(pdf, path, { text: passages[1]!.text, page: 2 }), [
      { page: 2, rects: [[72, 600, 300, 612]], color: '#ffd400', type: 'highlight' },
    ]);
    assert.equal(citedHighlights(pdf, path, { text: passages[2]!.text, page: 5 })[0]?.page, 5);
  });

  it('a passage no annotation is (the text changed since): every drawable highlight on the cited page', () => {
    assert.deepEqual(
      citedHighlights(pdf, path, { text: 'edited since', page: 2 }).map((h) => h.page),
      [2, 2],
    );
  });
});
