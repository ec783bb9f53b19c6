import assert from 'node:assert/strict';
import { limitCitations, limitNote } from '../../../src/core/manuscript/check/citationLimit';
import { parseDraft } from '../../../src/core/manuscript/parse/parseDraft';

const keysOf = (sentences: ReturnType<typeof limitCitations>['sentences']) => sentences.flatMap((s) => s.citations.flatMap((c) => c.keys.map((k) => k.key)));

describe('manuscript: the most citations one check judges', () => {
  it('keeps every sentence of a draft within the limit, and adds no note', () => {
    const parsed = parseDraft('A claim [@a; @b]. Another claim [@c].\n', 'markdown');
    const limited = limitCitations(parsed.sentences, 3);
    assert.deepEqual(keysOf(limited.sentences), ['a', 'b', 'c']);
    assert.equal(limitNote('draft.md', limited), null);
  });

  it('stops at the limit, inside a citation if need be, and the note says how many were checked, to which line, and how to check the rest', () => {
    const parsed = parseDraft('A claim [@a; @b].\n\nAnother claim [@c; @d; @e].\n\nA third [@f].\n', 'markdown');
    const limited = limitCitations(parsed.sentences, 4);
    assert.deepEqual(keysOf(limited.sentences), ['a', 'b', 'c', 'd']);
    assert.equal(limited.total, 6);
    assert.equal(
      limitNote('draft.md', limited),
      'draft.md cites 6 keys: only the first 4 (to line 3) were checked, the most one check takes; check the rest a part at a time (in the editor, select it and run Check Citations)',
    );
  });

  it('cuts one sentence of 250,000 citations (`[@a ` repeated) to the limit', () => {
    const parsed = parseDraft('[@a '.repeat(250_000), 'markdown');
    const limited = limitCitations(parsed.sentences);
    assert.equal(limited.kept, 2000);
    assert.equal(keysOf(limited.sentences).length, 2000);
    assert.match(limitNote('draft.md', limited)!, /^draft\.md cites 250,000 keys: only the first 2,000 \(to line 1\)/);
  });
});
