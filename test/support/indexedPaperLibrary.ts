/**
 * The drawn paper library (paperLibrary.ts) indexed full-text in a temporary folder and opened
 * for queries with its bib file, as the CLI and the editor open an index: for tests of search
 * and of the graph on papers.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { indexFolder, openIndexForQueries, type OpenedIndex } from '../../src/core/index';
import { writePaperLibrary } from './paperLibrary';
import { withTempDir } from './tempDir';

export async function withIndexedPaperLibrary(fn: (index: OpenedIndex, paths: { root: string; dbDir: string }) => Promise<void>): Promise<void> {
  await withTempDir(async (dir) => {
    const root = join(dir, 'library');
    const dbDir = join(dir, 'index');
    await writePaperLibrary(root);
    const run = indexFolder({ root, dbDir, workers: 1, ocr: { mode: 'off' } });
    let step = await run.next();
    while (!step.done) step = await run.next();
    assert.deepEqual(step.value.failed, []);
    const index = await openIndexForQueries(dbDir, { embedder: null }, { root });
    try {
      await fn(index, { root, dbDir });
    } finally {
      await index.close();
    }
  });
}
