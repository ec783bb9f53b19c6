import assert from 'node:assert/strict';
import { buildRealIndex, type RealIndex } from '../../support/realIndex';
import { ABSENCE_DOCS } from '../../support/absenceDocs';
import { withTempDir } from '../../support/tempDir';
import { judgeAbsence, type AbsenceEvidence, type TermEvidence } from '../../../src/core/index/search/absence';
import { asksForDate, capitalisedNames, documentNameWords, holdsDate } from '../../../src/core/index/search/absenceCues';

/** Runs `body` against a fresh real index of ABSENCE_DOCS. */
const onIndex = (body: (index: RealIndex) => Promise<void>) => () =>
  withTempDir(async (dir) => {
    const index = await buildRealIndex(dir, ABSENCE_DOCS);
    try {
      await body(index);
    } finally {
      index.close();
    }
  });

async function verdict(index: RealIndex, question: string, paths?: string[]) {
  const hits = await index.retriever.search(question, { k: 10, ...(paths ? { paths } : {}) });
  assert.ok(hits.length > 0, `the search found passages for ${question}`);
  return index.retriever.assessAbsence!(question, hits);
}

describe('"not in your documents": the absence signal on a real index', () => {
  it(
    'a question the passages answer is not flagged (a false refusal would hide the answer)',
    onIndex(async (index) => {
      const answered = await verdict(index, "Can Bash's SRANDOM variable be seeded?");
      assert.equal(answered.absent, false, answered.reason);
      assert.match(answered.reason, /cover 1 of the question's rare words/);
    }),
  );

  it(
    'a question about something no document mentions is flagged, naming the missing word (it would be answered from unrelated passages)',
    onIndex(async (index) => {
      const absent = await verdict(index, 'Which R function reads Apache Parquet files?');
      assert.equal(absent.absent, true, absent.reason);
      assert.match(absent.reason, /"parquet"/);
      assert.ok(absent.missing.includes('parquet'), `missing: ${absent.missing.join(', ')}`);
    }),
  );

  it(
    'a made-up option whose every part the manual uses (R_MAX_THREADS) is flagged (word coverage alone calls it answered)',
    onIndex(async (index) => {
      const absent = await verdict(index, 'What does the environment variable R_MAX_THREADS control?');
      assert.equal(absent.absent, true, absent.reason);
      assert.match(absent.reason, /the name "r max threads" occurs nowhere in the index/);
      // The real variable, asked the same way, is answered.
      const real = await verdict(index, 'What does the environment variable R_MAX_VSIZE control?');
      assert.equal(real.absent, false, real.reason);
    }),
  );

  it(
    'a thing the question names (Rust) that the index has, but not in the top passages, is flagged (its other words are all there)',
    onIndex(async (index) => {
      // Scoped to the gnuplot manual, as when the user attaches it: "Rust" is only in the Debian one.
      const absent = await verdict(index, 'Can fit be run from Rust?', ['gnuplot/gnuplot.md']);
      assert.equal(absent.absent, true, absent.reason);
      assert.match(absent.reason, /no top passage names "rust"/);
      // The name the passage does use, asked the same way, is answered.
      const named = await verdict(index, 'Can fit be run from Python?', ['gnuplot/gnuplot.md']);
      assert.equal(named.absent, false, named.reason);
    }),
  );

  it(
    'a release date the best passage lacks is flagged ("Debian 13 will be called trixie" has every word of the question), one it holds is not',
    onIndex(async (index) => {
      const absent = await verdict(index, 'When will Debian 13 trixie be released?');
      assert.equal(absent.absent, true, absent.reason);
      assert.match(absent.reason, /asks for a date/);
      const dated = await verdict(index, 'When was Debian 12 bookworm released?');
      assert.equal(dated.absent, false, dated.reason);
    }),
  );

  it(
    'a misspelt word in an answerable question is not a refusal ("convergnce" is one letter from the passage\'s word)',
    onIndex(async (index) => {
      const typo = await verdict(index, 'How does gnuplot detect convergnce?');
      assert.equal(typo.absent, false, typo.reason);
    }),
  );
});

describe('"not in your documents": the verdict from the words\' evidence', () => {
  const word = (term: string, passages: string[]): TermEvidence => ({ term, kind: 'word', df: 20, covered: passages.length > 0, misspelt: false, passages });
  const onlyWords = (terms: TermEvidence[]): AbsenceEvidence => ({ terms, asksForDate: false, datedPassages: [] });

  it('flags a question whose rare words are spread one per passage (no passage answers it), not one whose words share a passage', () => {
    const spread = judgeAbsence(onlyWords([word('kubernetes', ['a']), word('pod', ['b']), word('memory', ['c']), word('ssh', ['d'])]), 10_000);
    assert.equal(spread.absent, true, spread.reason);
    assert.match(spread.reason, /the best passage covers 0.25 of the question's rare words, the top 5 together 1/);
    const together = judgeAbsence(onlyWords([word('daemon', ['a']), word('ssh', ['a', 'b']), word('sessions', ['a']), word('max', ['c'])]), 10_000);
    assert.equal(together.absent, false, together.reason);
  });
});

describe('"not in your documents": what the question names and asks for', () => {
  it("takes capitalised words inside a sentence as names, not a sentence's first word, one letter or a code name", () => {
    assert.deepEqual(capitalisedNames('Which Octave function runs on the GPU? Then use R or R_MAX_THREADS with Node.js.'), ['octave', 'gpu']);
    assert.deepEqual(capitalisedNames('How do I use Why3 with the "Lean" prover in FIDO2-free CamlIDL\'s stubs?'), ['why3', 'lean', 'camlidl']);
    assert.deepEqual(capitalisedNames('How Do I Install Debian On A Laptop?'), [], 'Title Case names nothing by its capitals');
    assert.deepEqual(capitalisedNames('HOW DO I RUN R ON A GPU?'), []);
  });

  it("counts a document's name, as a question types it, as something the index has", () => {
    const words = documentNameWords(['git/SubmittingPatches.txt', 'lilypond/music-glossary.pdf']);
    for (const word of ['submittingpatches', 'git', 'lilypond', 'glossary', 'musicglossary']) assert.ok(words.has(word), word);
  });

  it('asks for a date only for a release or publication, not for "when was it added" (a version) or "when does" (a condition)', () => {
    for (const q of ['When was Bash 5.3 released?', 'What is the official release date of Debian 13 trixie?', 'In which year was the manual published?'])
      assert.ok(asksForDate(q), q);
    for (const q of ['When was the worker_threads module added?', 'When does Bash read ~/.bashrc?']) assert.ok(!asksForDate(q), q);
    assert.ok(holdsDate('Debian 12 bookworm was released on June 10, 2023.'));
    assert.ok(!holdsDate('Debian 13 will be called trixie; 1024 bytes; option 3 may be set.'));
  });
});
