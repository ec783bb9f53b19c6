import assert from 'node:assert/strict';
import { createRetriever } from '../../../src/core/index/search/search';
import { agreedInScope, keepAgreedInScope } from '../../../src/core/index/search/scopedAgreement';
import type { Fused } from '../../../src/core/index/search/fusion';
import { withMiniLmMarkdownIndex } from '../../support/miniLmMarkdownIndex';

const passage = (text: string) => ({ text });
const passages = (texts: string[]) => texts.map(passage);
const fusedOf = (texts: string[]): Fused<{ text: string }>[] => texts.map((text, i) => ({ item: passage(text), score: 1 / (61 + i) }));
const texts = (fused: Fused<{ text: string }>[]) => fused.map((f) => f.item.text);

describe('hybrid search: a passage full-text ranks first both everywhere and inside the named document stays among the first hits', function () {
  this.timeout(60_000);

  it('finds the passages the main list and a named list both rank among their first 5', () => {
    const main = passages(['a', 'b', 'c', 'd', 'e', 'f']);
    const named = passages(['x', 'e', 'b', 'f', 'y']);
    const paper = passages(['c', 'z']);
    assert.deepEqual(texts(agreedInScope(main, [named, paper]).map((item) => ({ item, score: 0 }))), ['e', 'b', 'c'], 'in the named lists’ order');
    assert.deepEqual(agreedInScope(main, []), [], 'the question names nothing');
    assert.deepEqual(agreedInScope(main, [passages(['f'])]), [], "6th in the main list is not among full-text's first 5");
  });

  it('moves an agreed passage in place of the first-5 hit full-text ranks lowest, only when that one ranks below it', () => {
    const ranked = fusedOf(['a', 'b', 'c', 'd', 'e', 'f', 'p']);
    const lexical = passages(['p', 'a', 'c', 'd', 'b', 'e']);
    const moved = keepAgreedInScope(ranked, [passage('p')], lexical);
    // e is the lowest of hits 2-5 in full-text's order: p takes the 5th place, e goes just below.
    assert.deepEqual(texts(moved), ['a', 'b', 'c', 'd', 'p', 'e', 'f']);
    for (let i = 1; i < moved.length; i++) assert.ok(moved[i]!.score <= moved[i - 1]!.score, 'scores still fall');
    // A hit full-text does not rank at all (the vector list's alone) goes first.
    assert.deepEqual(texts(keepAgreedInScope(fusedOf(['a', 'v', 'c', 'd', 'e', 'p']), [passage('p')], lexical)), ['a', 'c', 'd', 'e', 'p', 'v']);
    assert.deepEqual(
      texts(keepAgreedInScope(ranked, [passage('p')], passages(['a', 'b', 'c', 'd', 'e', 'p']))),
      texts(ranked),
      'every first-5 hit ranks above it in full-text',
    );
    assert.deepEqual(texts(keepAgreedInScope(ranked, [passage('c')], lexical)), texts(ranked), 'already among the first 5');
    assert.deepEqual(texts(keepAgreedInScope(fusedOf(['v', 'w', 'x', 'y', 'z', 'p']), [passage('p')], lexical))[0], 'v', 'the first hit stays first');
    assert.deepEqual(texts(keepAgreedInScope(ranked, [], lexical)), texts(ranked), 'nothing agreed');
  });

  it('in a real index: hybrid search keeps the named manual’s passage both full-text lists rank first among the first 5 (real all-MiniLM-L6-v2)', async () => {
    // "The Packaging Handbook" names the folder packaging-handbook/; the answer says it once,
    // among version rules, and the vector list prefers the handbook's other pages about running the packager.
    const steps = [
      'Before you run the packager, tell it where the upstream sources are with its source option.',
      'The packager keeps the environment of the shell it runs in, so a build sees the same settings.',
      'Settings you give the packager are written to its configuration, so the next run uses them too.',
      'Set the build options of the packager in its configuration file before the first run.',
      'The packager sets the maintainer field of the control file from your settings the first time it runs.',
      'Tell the packager which license the sources use before running it; it writes the copyright file from it.',
      'Which options the packager reads before it runs, and from where, is listed in the options section.',
      'Before running, the packager checks its settings and stops with an error when one is missing.',
    ];
    const docs: Record<string, string> = {
      'packaging-handbook/names.md':
        '# Upstream tarball names\n\nRename an upstream tarball such as gentoo-0.9.12.tar.gz to gentoo-0.9.12~rc99.tar.gz so that the upgrade sorts correctly: a tilde sorts before anything, even the end of a version, and an epoch overrides the version entirely. Set the environment variables PKGEMAIL and PKGFULLNAME before running mkpkg. Version 1.0~beta sorts before 1.0, and 1:0.9 sorts after 2.0; the archive rejects a version lower than the one it holds.',
      ...Object.fromEntries(steps.map((text, i) => [`packaging-handbook/step-${i + 1}.md`, `# Step ${i + 1}\n\n${text}`])),
      'other/compression.md': '# Compression\n\nzstd levels trade speed for size; lz4 is the default.',
    };
    await withMiniLmMarkdownIndex(docs, async (store, embedder) => {
      // Lists of 6 stand for a large manual's 40 (the answer then falls past the vector list),
      // and no sentence rerank: in a manual it judges only the first 8 fused hits, which the
      // answer (mt04: 13th) did not reach.
      const retriever = createRetriever(store, embedder, { minCandidates: 6, candidateFactor: 0.5, sentenceRerank: 0 });
      const question = 'Which environment variables does the Packaging Handbook tell me to set before running mkpkg?';
      const fullText = await retriever.search(question, { k: 10, mode: 'fts' });
      assert.equal(fullText[0]?.path, 'packaging-handbook/names.md', 'full-text ranks it first');
      const vector = await retriever.search(question, { k: 6, mode: 'vector' });
      assert.ok(!vector.some((h) => h.path === 'packaging-handbook/names.md'), 'the vector list does not hold it');
      // Without the rule the handbook's pages the vector list also holds put it 6th.
      const hybrid = await retriever.search(question, { k: 10, mode: 'hybrid' });
      const at = hybrid.findIndex((h) => h.path === 'packaging-handbook/names.md');
      assert.ok(at >= 0 && at < 5, `the answer is hit ${at + 1}`);
    });
  });
});
