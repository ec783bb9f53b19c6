import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder, openIndexForQueries } from '../../../src/core/index';
import { withTempDir } from '../../support/tempDir';
import { writePdf } from '../../support/pdfs';

const lines = (page: number) => Array.from({ length: 16 }, (_, i) => `Page ${page} line ${i + 1} says something of its own, at some length here.`);

describe('index: a document’s passages in reading order (what the citation check reads a paper by)', function () {
  this.timeout(60000);

  it('lists every passage of one document in order, or those on some pages, or at most a limit', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'library');
      await mkdir(root, { recursive: true });
      await writePdf(join(root, 'paper.pdf'), [{ lines: lines(1) }, { lines: lines(2) }, { lines: lines(3) }, { lines: lines(4) }]);
      await writePdf(join(root, 'other.pdf'), [{ lines: lines(9) }]);
      const run = indexFolder({ root, dbDir: join(dir, 'index'), embedder: null, workers: 1 });
      let step = await run.next();
      while (!step.done) step = await run.next();
      const index = await openIndexForQueries(join(dir, 'index'), { embedder: null });
      try {
        const all = await index.retriever.passagesOf!('paper.pdf');
        assert.ok(all.length >= 4, String(all.length));
        assert.ok(all.every((hit) => hit.path === 'paper.pdf'));
        assert.deepEqual(
          all.map((hit) => hit.pageStart),
          [...all.map((hit) => hit.pageStart)].sort((a, b) => a! - b!),
        );
        assert.equal(all[0]!.text.split('\n')[0], 'Page 1 line 1 says something of its own, at some length here.');
        const onPages = await index.retriever.passagesOf!('paper.pdf', { pages: { from: 3, to: 3 } });
        assert.ok(onPages.length > 0);
        assert.ok(onPages.every((hit) => hit.pageStart! <= 3 && hit.pageEnd! >= 3));
        assert.ok(onPages.some((hit) => hit.text.includes('Page 3 line 8')));
        assert.equal((await index.retriever.passagesOf!('paper.pdf', { limit: 2 })).length, 2);
        assert.deepEqual(await index.retriever.passagesOf!("it's-not-there.pdf"), []);
      } finally {
        await index.close();
      }
    }));
});
