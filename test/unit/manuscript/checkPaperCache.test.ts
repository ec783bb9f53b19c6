import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder, openIndexForQueries, type OpenedIndex } from '../../../src/core/index';
import type { Retriever } from '../../../src/core/index/types';
import { checkCitations } from '../../../src/core/manuscript/check/checkCitations';
import type { CitationCheck } from '../../../src/core/manuscript/check/citationCheck';
import { parseDraft } from '../../../src/core/manuscript/parse/parseDraft';
import { withTempDir } from '../../support/tempDir';
import { writePdf } from '../../support/pdfs';

/** Lines enough to fill most of a chunk, so each page is indexed as its own passage. */
const filler = (topic: string) => Array.from({ length: 14 }, (_, i) => `Paragraph ${i + 1} discusses ${topic} in general terms, as background.`);

const DRAFT = 'The frobnicate sampler draws seventeen chains and discards the first quarter of each [@sampler].';

/** The paper the draft cites: its second page states the draft's claim, or (`revised`) no longer does. */
async function writePaper(root: string, revised: boolean): Promise<void> {
  await mkdir(root, { recursive: true });
  await writePdf(join(root, 'sampler.pdf'), [
    { lines: ['The frobnicate Sampler for Bayesian Models', ...filler('sampling')] },
    {
      lines: revised
        ? ['The frobnicate sampler now runs a single long chain', 'and keeps every draw of it.', ...filler('chains')]
        : ['The frobnicate sampler draws seventeen chains', 'and discards the first quarter of each chain.', ...filler('chains')],
    },
    { lines: filler('diagnostics') },
  ]);
}

async function index(root: string, dbDir: string): Promise<void> {
  const run = indexFolder({ root, dbDir, embedder: null, workers: 1 });
  let step = await run.next();
  while (!step.done) step = await run.next();
}

/** The opened index's retriever, counting the whole-paper reads the check asks it for. */
function counted(opened: OpenedIndex): { retriever: Retriever; reads: () => number } {
  let reads = 0;
  const inner = opened.retriever;
  const retriever: Retriever = {
    ...inner,
    search: (query, options) => inner.search(query, options),
    listDocuments: () => inner.listDocuments(),
    stats: () => inner.stats(),
    passagesOf: (path, options) => {
      reads++;
      return inner.passagesOf!(path, options);
    },
  };
  return { retriever, reads: () => reads };
}

async function check(dbDir: string): Promise<{ check: CitationCheck; reads: number }> {
  const opened = await openIndexForQueries(dbDir, { embedder: null });
  try {
    const { retriever, reads } = counted(opened);
    const library = { resolveKey: (key: string) => (key === 'sampler' ? { path: 'sampler.pdf' } : null) };
    const [result] = await checkCitations(parseDraft(DRAFT, 'markdown').sentences, { retriever, library, exclude: [] });
    return { check: result!, reads: reads() };
  } finally {
    await opened.close();
  }
}

describe('manuscript check: papers read whole are kept between checks while the index holds them unchanged', function () {
  this.timeout(120000);

  it('reads a cited paper from the index once for two checks, and again once the paper was indexed anew', () =>
    withTempDir(async (dir) => {
      const root = join(dir, 'library');
      const dbDir = join(dir, 'index');
      await writePaper(root, false);
      await index(root, dbDir);

      const first = await check(dbDir);
      assert.equal(first.check.verdict, 'supported', first.check.reason);
      assert.equal(first.check.evidence?.page, 2);
      // The next check (the editor's Check Citations again, a new process's index opened again) reads it from memory.
      const again = await check(dbDir);
      assert.equal(again.check.verdict, 'supported', again.check.reason);
      assert.equal(again.reads, 0, 'the unchanged paper was read from the index again');

      // The paper changed and was indexed again: its new text is judged, not the kept one.
      await writePaper(root, true);
      await index(root, dbDir);
      const revised = await check(dbDir);
      assert.ok(revised.reads > 0, 'the changed paper was not read again');
      assert.notEqual(revised.check.verdict, 'supported', revised.check.reason);
      assert.match(revised.check.evidence?.text ?? '', /single long chain/);
    }));
});
