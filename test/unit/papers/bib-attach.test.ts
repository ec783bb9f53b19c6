import assert from 'node:assert/strict';
import { attachEntries, type LibraryDocument } from '../../../src/core/papers/bib/attach';
import type { BibEntry } from '../../../src/core/papers/bib/entry';
import type { PaperFields } from '../../../src/core/papers/record';

const entry = (e: Partial<BibEntry> & { key: string }): BibEntry => ({ type: 'article', bibFile: 'refs.bib', line: 1, files: [], ...e });
const pdf = (path: string, fields: PaperFields | null = null): LibraryDocument => ({ path, fields });
const page = <T>(value: T) => ({ value, source: 'page-text' as const, confidence: 0.8 });

describe('papers: which document a bib entry describes', () => {
  it("a relative `file` is read from the bib's folder, then from the root", () => {
    const docs = [pdf('lib/econometrics/sandwich.pdf'), pdf('other/x.pdf')];
    const { attached, problems } = attachEntries(
      [
        entry({ key: 'a', bibFile: 'lib/refs.bib', files: ['econometrics/sandwich.pdf'] }),
        entry({ key: 'b', bibFile: 'lib/refs.bib', files: ['other/x.pdf'] }),
      ],
      docs,
    );
    assert.deepEqual(
      attached.map((a) => [a.entry.key, a.path, a.by]),
      [
        ['a', 'lib/econometrics/sandwich.pdf', 'file'],
        ['b', 'other/x.pdf', 'file'],
      ],
    );
    assert.deepEqual(problems, []);
  });

  it('an absolute path outside the folder (a Zotero storage) finds the document with the same folder and name', () => {
    const docs = [pdf('zotero/storage/ABCD1234/Smith 2020.pdf'), pdf('zotero/storage/EFGH5678/Smith 2020.pdf')];
    const { attached } = attachEntries([entry({ key: 'smith', files: ['/home/u/Zotero/storage/EFGH5678/Smith 2020.pdf'] })], docs, '/work/ws');
    assert.deepEqual(
      attached.map((a) => a.path),
      ['zotero/storage/EFGH5678/Smith 2020.pdf'],
    );
  });

  it('a `file` that points nowhere is one line, and the DOI or title still finds the PDF', () => {
    const docs = [pdf('papers/gmm.pdf', { doi: page('10.18637/jss.v034.i11') }), pdf('papers/lasso.pdf', { title: page('The Relaxed Lasso') })];
    const { attached, problems } = attachEntries(
      [
        entry({ key: 'gmm', doi: '10.18637/jss.v034.i11', files: ['gone/gmm.pdf'] }),
        entry({ key: 'lasso', title: 'The relaxed {L}asso', authors: [{ family: 'Hastie', given: 'T.' }] }),
      ],
      docs,
    );
    assert.deepEqual(
      attached.map((a) => [a.entry.key, a.path, a.by]),
      [
        ['gmm', 'papers/gmm.pdf', 'doi'],
        ['lasso', 'papers/lasso.pdf', 'title'],
      ],
    );
    assert.deepEqual(
      problems.map((p) => p.message),
      ['gmm: its file gone/gmm.pdf is not among the indexed documents'],
    );
  });

  it('a title with a lost ligature still matches; one whose first author disagrees does not', () => {
    const docs = [pdf('a.pdf', { title: page('A modied approach to di\x1berent things'), authors: page([{ family: 'Smith', given: 'J' }]) })];
    const found = attachEntries([entry({ key: 'a', title: 'A Modified Approach to Different Things', authors: [{ family: 'Smith', given: 'John' }] })], docs);
    assert.deepEqual(
      found.attached.map((a) => a.path),
      ['a.pdf'],
    );
    const other = attachEntries([entry({ key: 'b', title: 'A Modified Approach to Different Things', authors: [{ family: 'Jones', given: 'A' }] })], docs);
    assert.deepEqual(other.attached, []);
  });

  it('two entries claiming one PDF: the `file` field wins, the other is told', () => {
    const docs = [pdf('p.pdf', { title: page('Shared Title Here') })];
    const { attached, problems } = attachEntries(
      [entry({ key: 'byTitle', title: 'Shared Title Here', line: 3 }), entry({ key: 'byFile', files: ['p.pdf'], line: 9 })],
      docs,
    );
    assert.deepEqual(
      attached.map((a) => a.entry.key),
      ['byFile'],
    );
    assert.deepEqual(
      problems.map((p) => [p.line, p.message]),
      [[3, 'byTitle: p.pdf is already described by byFile (refs.bib:9): left to that entry']],
    );
  });

  it('two PDFs carrying one title (copies, versions): the entry describes both, said once', () => {
    const docs = [pdf('a/paper.pdf', { title: page('Same Paper') }), pdf('b/paper-copy.pdf', { title: page('Same Paper') })];
    const { attached, problems } = attachEntries([entry({ key: 'same', title: 'Same Paper' })], docs);
    assert.deepEqual(attached.map((a) => a.path).sort(), ['a/paper.pdf', 'b/paper-copy.pdf']);
    assert.equal(problems.length, 1);
    assert.match(problems[0]!.message, /2 PDFs carry its title/);
  });
});
