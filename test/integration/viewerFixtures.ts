/**
 * PDFs for the viewer tests, under build/ (which the default excludes keep out of the index, so
 * the other suites' document counts stay put): a passage that crosses a page break, a long PDF, a damaged
 * file, a password-protected one, and a .docx for its text preview. Their chunks, made by the real extraction and chunking, are
 * written beside them: the extension host (Node 24) cannot run unpdf in-thread, the runner can.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chunkDocument } from '../../src/core/index/pipeline/chunk';
import { extractFile } from '../../src/core/index/pipeline/extract/extractFile';
import { writeDocx } from '../support/docx';
import { garbageBytes, makeEncryptedPdf, writePdf } from '../support/pdfs';
import { writeScannedPdf } from '../support/scannedPdfs';

export const VIEWER_DIR = 'build/viewer-test';
export const CHUNKS_FILE = `${VIEWER_DIR}/chunks.json`;
/**
 * A scanned notice (page 1 has a text layer, page 2 is only an image), copied into the indexed
 * folders by the OCR viewer test: made here because drawing it needs @napi-rs/canvas, a dev tool
 * the runner has.
 */
export const SCANNED_FILE = `${VIEWER_DIR}/scanned-notice.pdf`;
export const SCANNED_PAGE_TEXT = 'Recalibration notice\nThe flux capacitor needs recalibration every\nseventeen thousand kilometres of driving.';
/** 30 pages of filler, for paging through a longer PDF. */
export const LONG_FILE = `${VIEWER_DIR}/long.pdf`;
/** Paragraph 5 (headings count) is the review meeting. */
export const DOCX_FILE = `${VIEWER_DIR}/travel-policy.docx`;

export const filler = (page: number, n: number) =>
  Array.from({ length: n }, (_, i) => `Page ${page} filler line ${i + 1} about the storage layout and its log rotation.`);

export async function makeViewerFixtures(root: string): Promise<void> {
  const dir = join(root, VIEWER_DIR);
  await mkdir(dir, { recursive: true });
  const crossPage = `${VIEWER_DIR}/cross-page.pdf`;
  await writePdf(join(root, crossPage), [
    {
      lines: [
        ...filler(1, 40),
        'The lock file is named after the library directory with a trailing .LOCK suffix,',
        'and it is removed when the installation finishes; a stale lock left by a crashed',
      ],
    },
    {
      lines: [
        'installation must be deleted by hand before installing again into that library.',
        'The next section covers the byte-compilation of installed packages.',
        ...filler(2, 20),
      ],
    },
    { lines: filler(3, 10) },
  ]);
  await writePdf(
    join(root, LONG_FILE),
    Array.from({ length: 30 }, (_, i) => ({ lines: filler(i + 1, 40) })),
  );
  await writeDocx(join(root, DOCX_FILE), [
    { heading: 'Budget', level: 1 },
    'Travel costs are capped at 400 euros per trip.',
    'Hotels must be booked through the office.',
    { heading: 'Schedule', level: 1 },
    'The review meeting is on Thursdays at 10:00.',
  ]);
  await writeScannedPdf(join(root, SCANNED_FILE), [{ text: 'Service manual\nThe first page has a text layer.' }, { scanned: SCANNED_PAGE_TEXT }]);
  await writeFile(join(dir, 'damaged.pdf'), garbageBytes(8192));
  await writeFile(join(dir, 'locked.pdf'), await makeEncryptedPdf(['secret text']));
  const info = await stat(join(root, crossPage));
  const doc = await extractFile({ path: crossPage, absPath: join(root, crossPage), kind: 'pdf', size: info.size, mtimeMs: info.mtimeMs });
  await writeFile(join(root, CHUNKS_FILE), JSON.stringify(chunkDocument(doc)));
}
