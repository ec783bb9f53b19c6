/** A library indexed to the end, full-text and without OCR, as the library tests need it: its last step's result. */
import { indexLibrary, type LibraryRun } from '../../src/core/library';

export async function indexLibraryFully(root: string, dbDir: string): Promise<LibraryRun> {
  const generator = indexLibrary({ root, dbDir, embedding: { mode: 'none' }, ocr: { mode: 'off' } });
  for (;;) {
    const step = await generator.next();
    if (step.done) return step.value;
  }
}
