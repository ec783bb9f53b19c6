import assert from 'node:assert/strict';
import { mentionIndex, papersNamedBy, type MentionIndex } from '../../../src/core/papers/mentions';
import { candidatesOf } from '../../../src/core/papers/mentionCandidates';
import type { Author, PaperRecord } from '../../../src/core/papers/record';

const f = <T>(value: T) => ({ value, source: 'bib' as const, confidence: 1 });
const record = (path: string, title: string, authors: Author[], year: number, citekey?: string): PaperRecord => ({
  path,
  title: f(title),
  authors: f(authors),
  year: f(year),
  ...(citekey ? { citekey: f(citekey) } : {}),
});

/** A library of many unrelated papers around a few the questions name. */
const records: PaperRecord[] = [
  record(
    'lego.pdf',
    'A Lego System for Conditional Inference',
    [
      { family: 'Hothorn', given: 'T' },
      { family: 'van de Wiel', given: 'M' },
      { family: 'Zeileis', given: 'A' },
    ],
    2006,
  ),
  record('brms.pdf', 'Advanced Bayesian Multilevel Modeling with the R Package brms', [{ family: 'Bürkner', given: 'P' }], 2018, 'burkner2018advanced'),
  record(
    'rcpp.pdf',
    'Fast and Elegant Numerical Linear Algebra Using the RcppEigen Package',
    [
      { family: 'Bates', given: 'D' },
      { family: 'Eddelbuettel', given: 'D' },
    ],
    2013,
  ),
  record('gmm.pdf', 'Computing Generalized Method of Moments with R', [{ family: 'Chaussé', given: 'P' }], 2010, 'Chaussé2010gmm'),
  record(
    'wiel.pdf',
    'Testing the Equality of Prediction Curves',
    [
      { family: 'van de Wiel', given: 'M' },
      { family: 'Smith', given: 'J' },
    ],
    2011,
  ),
  ...Array.from({ length: 300 }, (_, i) =>
    record(`filler-${i}.pdf`, `Filler Study Number${i} of Quantities ${i % 7}`, [{ family: `Author${i}`, given: 'X' }], 1990 + (i % 30), `author${i}filler`),
  ),
];
const library = mentionIndex(records);

/** The same library, every record looked at for every question. */
function everyRecord(index: MentionIndex): MentionIndex {
  const all = index.records.map((_, i) => i);
  return { ...index, candidates: { ...index.candidates, byWord: { get: () => all } as unknown as Map<string, number[]> } };
}

describe('papers: a question looks only at the records its words could name', () => {
  it('finds the mentions a look at every record finds', () => {
    const questions = [
      'What does the lego system for conditional inference do?',
      'Hothorn, van de Wiel and Zeileis (2006): which test?',
      'What does Wiel and Smith 2011 test?',
      'Which priors does the brms paper use?',
      'What does the RcppEigen paper say about solvers?',
      'In @burkner2018advanced, which families?',
      'What does CHAUSSÉ2010GMM say about kernels?',
      'Chausse (2010): which kernel?',
      'According to Computing Generalized Method of Moments with R, what is the default?',
      'In "Elegant Numerical Linear Algebra", which decompositions?',
      'What does Author17 (2007) find?',
      'What is in @author42filler?',
      'How are quantities measured?',
    ];
    const slow = everyRecord(library);
    for (const question of questions) assert.deepEqual(papersNamedBy(question, library), papersNamedBy(question, slow), question);
    assert.ok(papersNamedBy('Which priors does the brms paper use?', library).some((m) => m.path === 'brms.pdf'));
  });

  it('looks at a few records, not the whole library, unless the question quotes a title', () => {
    const looked = (words: string[], quoted = false, folded = words.join(' ')) =>
      candidatesOf(library.candidates, { words, singularWords: words, quoted, folded });
    // Record 3's citekey is not in ASCII: always looked at.
    assert.deepEqual(looked(['hothorn']), [0, 3]);
    // Only a first author starts an author mention: van de Wiel is Hothorn's co-author in record 0.
    assert.deepEqual(looked(['wiel']), [3, 4]);
    assert.ok(looked(['what', 'is', 'in', 'author42filler'], false, 'what is in @author42filler?').includes(47));
    assert.deepEqual(looked(['nothing']), [3]);
    assert.equal(looked(['nothing'], true).length, records.length);
    // One word a title shares with the question names nothing; two of one part may.
    assert.deepEqual(looked(['quantitie']), [3]);
    assert.equal(looked(['quantitie', 'filler']).length, 301);
  });
});
