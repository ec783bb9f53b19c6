import assert from 'node:assert/strict';
import { BIB_LIMITS, parseBibText } from '../../../src/core/papers/bib/parseBib';
import { filesOfField } from '../../../src/core/papers/bib/fileField';

const entry = (key: string, fields: string) => `@article{${key},\n${fields}\n}\n`;

describe('papers: reading a bib file', () => {
  it('turns LaTeX accents and case protection into plain text, and name lists into family and given names', async () => {
    const { entries, problems } = await parseBibText(
      entry(
        'chausse2010computing',
        `  author = {Chauss{\\'e}, Pierre and van de Wiel, Mark A. and K{\\"o}ll, Susanne},
  title = {Computing {GMM} and {GEL} with {R}},
  journal = {Journal of Statistical Software}, year = {2010}, doi = {https://doi.org/10.18637/JSS.V034.I11}`,
      ),
      'refs.bib',
    );
    assert.deepEqual(problems, []);
    const [e] = entries;
    assert.equal(e!.title, 'Computing GMM and GEL with R');
    assert.deepEqual(e!.authors, [
      { family: 'Chaussé', given: 'Pierre' },
      { family: 'van de Wiel', given: 'Mark A.' },
      { family: 'Köll', given: 'Susanne' },
    ]);
    assert.equal(e!.year, 2010);
    assert.equal(e!.venue, 'Journal of Statistical Software');
    assert.equal(e!.doi, '10.18637/jss.v034.i11');
    assert.deepEqual([e!.bibFile, e!.line], ['refs.bib', 1]);
  });

  it('uses every entry that parses and reports the broken one once, with its file and line', async () => {
    const text = [
      entry('good1', '  title = {First}, year = 2001'),
      '@article{broken,\n  title = {Unbalanced {braces},\n  year = 2002\n}\n',
      entry('good2', '  title = {Second}, year = 2003'),
    ].join('\n');
    const { entries, problems } = await parseBibText(text, 'lib/refs.bib');
    assert.deepEqual(
      entries.map((e) => e.key),
      ['good1', 'good2'],
    );
    assert.equal(problems.length, 1);
    assert.equal(problems[0]!.bibFile, 'lib/refs.bib');
    assert.equal(problems[0]!.line, 5);
    assert.match(problems[0]!.message, /^@article\{broken cannot be read/);
  });

  it('keeps the first of two entries with one key and says where the second is', async () => {
    const { entries, problems } = await parseBibText(entry('dup', '  title = {First}') + entry('dup', '  title = {Second}'), 'refs.bib');
    assert.deepEqual(
      entries.map((e) => e.title),
      ['First'],
    );
    assert.deepEqual(
      problems.map((p) => [p.line, p.message]),
      [[4, 'duplicate key dup (first at line 1): this entry is left out']],
    );
  });

  it('applies @string abbreviations and crossref inheritance', async () => {
    const text = `@string{jss = "Journal of Statistical Software"}
${entry('a', '  title = {A}, journal = jss, year = 2004')}
@inproceedings{b, author = {Doe, Jane}, title = {B}, crossref = {proc}}
@proceedings{proc, title = {Proceedings of Things}, year = 1999, editor = {Roe, Rick}}
`;
    const { entries } = await parseBibText(text, 'refs.bib');
    const byKey = new Map(entries.map((e) => [e.key, e]));
    assert.equal(byKey.get('a')!.venue, 'Journal of Statistical Software');
    assert.equal(byKey.get('b')!.venue, 'Proceedings of Things');
    assert.equal(byKey.get('b')!.year, 1999);
  });

  it('a field line that starts with @ does not cut its entry in two', async () => {
    const { entries, problems } = await parseBibText('@article{x,\n  title = {T},\n  abstract = {Before\n  @twitter (handle) wrote it}\n}\n', 'refs.bib');
    assert.deepEqual(problems, []);
    assert.deepEqual(
      entries.map((e) => e.key),
      ['x'],
    );
  });

  it('reads a 5 MB file entry by entry, linear in its size', async function () {
    this.timeout(300_000);
    const one = entry('k', '  author = {Zeileis, Achim}, title = {Econometric Computing with {HC}}, journal = {JSS}, year = 2004');
    const count = Math.ceil((5 * 1024 * 1024) / one.length);
    const text = Array.from({ length: count }, (_, i) => one.replace('{k,', `{k${i},`)).join('\n');
    // No time limit: what is measured is that it ends (scripts/bench-bib.ts times it), not how fast a shared machine is.
    const { entries, problems } = await parseBibText(text, 'big.bib', { limits: { ...BIB_LIMITS, timeMs: Infinity } });
    assert.equal(entries.length, count);
    assert.deepEqual(problems, []);
  });
});

describe('papers: the PDFs a bib entry names', () => {
  it("JabRef's relative records, with spaces and escaped separators", () => {
    assert.deepEqual(filesOfField(':econometrics/Zeileis Koell Graham 2020 - Various Versatile Variances.pdf:PDF'), [
      'econometrics/Zeileis Koell Graham 2020 - Various Versatile Variances.pdf',
    ]);
    assert.deepEqual(filesOfField(':a.pdf:PDF;Full text:b\\;c.pdf:PDF'), ['a.pdf', 'b;c.pdf']);
    assert.deepEqual(filesOfField('Full text:C\\:\\\\papers\\\\a.pdf:PDF'), ['C:/papers/a.pdf']);
  });

  it("Better BibTeX's absolute paths separated by ';', and Mendeley's LaTeX-escaped drive", () => {
    assert.deepEqual(filesOfField('/home/u/Zotero/storage/ABC/a b.pdf;/home/u/x.pdf'), ['/home/u/Zotero/storage/ABC/a b.pdf', '/home/u/x.pdf']);
    assert.deepEqual(filesOfField(':C$\\backslash$:/Users/x/a.pdf:pdf'), ['C:/Users/x/a.pdf']);
  });
});
