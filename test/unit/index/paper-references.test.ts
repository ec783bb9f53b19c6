/**
 * Reference lists and the index: read by an index run with the text, kept per PDF, read again
 * only when the PDF changes; an index made before them gains them on its next run by reading each
 * PDF's text layout (no OCR, nothing re-embedded, its chunks untouched), says so once, and is
 * quiet after. The stored lists link to the library when it is read.
 */
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder, openCitationGraph, type IndexSummary } from '../../../src/core/index';
import { createExtractor, type Extractor } from '../../../src/core/index/pipeline/extract';
import { openIndexStore } from '../../../src/core/index/store';
import { drawCitingPaper, SANDWICH_OOP, writeCitingLibrary } from '../../support/citingPapers';
import { withTempDir } from '../../support/tempDir';

function countingExtractor(): Extractor & { texts: number } {
  const inner = createExtractor({ workers: 1, leaveTextlessToOcr: true, readPaper: true, readLines: true });
  const counting = {
    texts: 0,
    extract: (...args: Parameters<Extractor['extract']>) => {
      counting.texts++;
      return inner.extract(...args);
    },
    paperEvidence: (...args: Parameters<Extractor['paperEvidence']>) => inner.paperEvidence(...args),
    close: () => inner.close(),
  };
  return counting;
}

async function run(root: string, dbDir: string, extractor?: Extractor): Promise<IndexSummary> {
  const generator = indexFolder({ root, dbDir, workers: 1, ...(extractor ? { extractor } : {}) });
  let step = await generator.next();
  while (!step.done) step = await generator.next();
  return step.value;
}

/** Makes the index look made before reference lists: no table, no word of it in the meta file. */
async function asBeforeReferences(dbDir: string): Promise<void> {
  await rm(join(dbDir, 'paper_references.lance'), { recursive: true });
  const metaPath = join(dbDir, 'index-meta.json');
  const meta = JSON.parse(await readFile(metaPath, 'utf8'));
  delete meta.paperReferences;
  for (const file of Object.keys(meta.checksums.files)) if (file.startsWith('paper_references.lance/')) delete meta.checksums.files[file];
  await writeFile(metaPath, JSON.stringify(meta));
}

async function stamps(dbDir: string) {
  const store = await openIndexStore(dbDir, { readOnly: true });
  try {
    return {
      documents: new Map((await store.documents()).map((d) => [d.path, d.indexedAt])),
      chunks: await store.countChunks(),
      rows: await store.paperReferences.stamps(),
    };
  } finally {
    store.close();
  }
}

describe('reference lists in the index', function () {
  this.timeout(300_000);

  it('an index run reads each PDF’s list; the library links the papers that cite each other', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'library');
      const dbDir = join(dir, 'index');
      const { sandwich, oop } = await writeCitingLibrary(root);
      await run(root, dbDir);
      const { graph } = await openCitationGraph(dbDir, root);
      assert.deepEqual(
        graph.cites(sandwich).map((e) => `${e.library} ${e.mentions.map((m) => m.page).join(',')}`),
        [`${oop} 1,2`],
      );
      assert.equal(
        graph.papers.get(sandwich)!.find((e) => e.year === '2004' && e.authors[0]!.family === 'Zeileis')!.library,
        sandwich,
        'the paper cites itself: its own entry links to it',
      );
      assert.deepEqual(
        graph.citedBy(sandwich).map((c) => `${c.path}: ${c.entry.mentions.map((m) => `p${m.page} ${m.text}`).join('; ')}`),
        [`${oop}: p1 Zeileis (2004); p2 Zeileis (2004, p. 5)`],
      );
      assert.deepEqual(
        graph.citedOftenMissing().map((w) => `${w.entry.authors[0]!.family} ${w.entry.year}: ${w.citedBy.map((c) => c.path).join(', ')}`),
        [`Andrews 1991: ${oop}, ${sandwich}`],
      );
    }));

  it('readers asking for lists at once on a store just opened each get them (none is told the table does not exist while it opens)', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'library');
      const dbDir = join(dir, 'index');
      const { sandwich, oop } = await writeCitingLibrary(root);
      await run(root, dbDir);
      const store = await openIndexStore(dbDir, { readOnly: true });
      try {
        const [one, two, all] = await Promise.all([
          store.paperReferences.readAll(sandwich),
          store.paperReferences.readAll(oop),
          store.paperReferences.readAll(),
        ]);
        assert.deepEqual([one.map((r) => r.path), two.map((r) => r.path), all.map((r) => r.path).sort()], [[sandwich], [oop], [oop, sandwich].sort()]);
      } finally {
        store.close();
      }
    }));

  it('an index made before reference lists gains them from the text layout alone, says so once, and reads a list again only when its PDF changes', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'library');
      const dbDir = join(dir, 'index');
      const { oop } = await writeCitingLibrary(root);
      await run(root, dbDir);
      const before = await stamps(dbDir);
      await asBeforeReferences(dbDir);

      const extractor = countingExtractor();
      const second = await run(root, dbDir, extractor);
      assert.equal(extractor.texts, 2, 'each PDF read once more, for its layout');
      assert.deepEqual(
        second.notices.filter((n) => n.includes('reference lists')),
        ['reading the reference lists of 2 PDF(s) from their text (once): their text, OCR and embeddings are kept'],
      );
      const after = await stamps(dbDir);
      assert.deepEqual(after.documents, before.documents, 'no document indexed again');
      assert.equal(after.chunks, before.chunks);
      assert.equal((await openCitationGraph(dbDir, root)).graph.citedBy('econometrics/sandwich.pdf').length, 1);

      const quiet = countingExtractor();
      const third = await run(root, dbDir, quiet);
      assert.equal(quiet.texts, 0, 'nothing read again');
      assert.deepEqual(
        third.notices.filter((n) => n.includes('reference lists')),
        [],
      );

      // The PDF changes: its list is read again with its text, and says what it says now.
      await writeFile(join(root, oop), await drawCitingPaper({ ...SANDWICH_OOP, references: SANDWICH_OOP.references.slice(0, 1) }));
      await run(root, dbDir);
      const changed = (await stamps(dbDir)).rows.find((r) => r.path === oop)!;
      assert.notEqual(changed.docHash, before.rows.find((r) => r.path === oop)!.docHash);
      assert.equal((await openCitationGraph(dbDir, root)).graph.citedBy('econometrics/sandwich.pdf').length, 0);
    }));
});
