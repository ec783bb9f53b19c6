/**
 * The folder the one-bad-file pass opens (the launcher makes it before starting VS Code): a note,
 * a zip-bomb DOCX (150 MB of XML in 458 KB), an HTML nest (3,000,000 unclosed `<b><i>`, 18 MB:
 * seconds of parsing) and a PDF whose page tree claims 10^9 pages.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeDocxBomb } from '../../support/docxBombs';
import { unclosedHtml } from '../../support/htmlBombs';
import { pageTreeFanOutPdf } from '../../support/pdfBombs';

export const NOTE = '# Field notes\n\nThe note talks about zebra migrations.\n';

export async function makeOneBadFileFolder(dir: string): Promise<void> {
  await writeFile(join(dir, 'notes.md'), NOTE);
  await writeFile(join(dir, 'bomb.docx'), makeDocxBomb({ shape: 'paragraphs' }));
  await writeFile(join(dir, 'nest.html'), unclosedHtml(3_000_000));
  await writeFile(join(dir, 'fanout.pdf'), pageTreeFanOutPdf());
}
