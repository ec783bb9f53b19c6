import assert from 'node:assert/strict';
import { progressText, runSummaryText } from '../../../src/core/index/pipeline/runText';
import type { IndexSummary } from '../../../src/core/index/types';

const base: IndexSummary = {
  files: 6,
  indexed: 0,
  skipped: 6,
  removed: 0,
  failed: [],
  pages: 0,
  chunks: 0,
  seconds: 0.4,
  pagesPerSecond: 0,
  cancelled: false,
  embedder: 'ollama:nomic-embed-text',
  notices: [],
  warned: [],
};

describe('how an indexing run reads', () => {
  it('a run that changed nothing speaks of the whole index, not "0 chunks"', () => {
    const text = runSummaryText(base, { documents: 6, chunks: 42 });
    assert.equal(text, 'Index up to date: 6 documents, 42 chunks.');
    assert.doesNotMatch(text, /\b0 chunks/);
  });

  it('a run that changed something says what, then the totals, in the singular where it is one', () => {
    assert.equal(
      runSummaryText({ ...base, indexed: 1, skipped: 5, chunks: 1 }, { documents: 6, chunks: 1 }),
      '1 new or changed document indexed; the index has 6 documents, 1 chunk.',
    );
    assert.equal(
      runSummaryText(
        { ...base, indexed: 2, removed: 1, failed: [{ path: 'x.pdf', code: 'encrypted', reason: 'password-protected PDF' }] },
        { documents: 7, chunks: 50 },
      ),
      '2 new or changed documents indexed, 1 document removed; the index has 7 documents, 50 chunks. 1 file could not be indexed.',
    );
  });

  it('OCR in the editor: progress names the page being read (not "0 of 1 documents done" for a minute), the summary counts the pages OCR read', () => {
    const progress = progressText({ phase: 'ocr', done: 0, total: 1, message: 'OCR page 3/17 of scanned/x.pdf' });
    assert.deepEqual(progress, { short: '0/1', detail: 'OCR page 3/17 of scanned/x.pdf' });
    const ocr = { pages: 17, cached: 0, recognized: 17, documents: [{ path: 'scanned/x.pdf', read: [], unreadable: [] }] };
    assert.equal(
      runSummaryText({ ...base, indexed: 1, ocr }, { documents: 7, chunks: 50 }),
      '1 new or changed document indexed; the index has 7 documents, 50 chunks. 17 scanned pages read by OCR.',
    );
  });

  it('a cancelled run says what is kept and how to finish', () => {
    assert.equal(
      runSummaryText({ ...base, indexed: 3, cancelled: true }, { documents: 3, chunks: 9 }),
      'Indexing cancelled: what was indexed is kept (3 documents, 9 chunks); run it again to finish.',
    );
  });

  it('progress has one count for the status bar and the notification, and words for the phases without one', () => {
    assert.deepEqual(progressText({ phase: 'discover', done: 0, total: 0 }), { short: '…', detail: 'Looking for new and changed documents…' });
    const embed = progressText({ phase: 'embed', done: 3, total: 4, file: 'notes/a.md' });
    assert.deepEqual(embed, { short: '3/4', detail: '3 of 4 documents done · notes/a.md' });
    assert.deepEqual(progressText({ phase: 'optimize', done: 4, total: 4 }), { short: '4/4', detail: 'Updating the search index…' });
    for (const p of [embed, progressText({ phase: 'optimize', done: 4, total: 4 })]) assert.doesNotMatch(p.detail, /\b(discover|optimize|embed) \d/);
  });

  it('the sentences step counts passages, not documents', () => {
    assert.deepEqual(progressText({ phase: 'sentences', done: 256, total: 13832 }), {
      short: '256/13832',
      detail: 'Embedding sentences for faster search: 256 of 13832 passages',
    });
  });
});
