import assert from 'node:assert/strict';
import { parseLocator, resolveLocator, type PageNumbering } from '../../../src/core/manuscript/check/locator';

const pages = (written: string) => {
  const locator = parseLocator(written);
  return locator.kind === 'pages' ? locator.ranges.map((r) => (r.first === r.last ? r.first : `${r.first}-${r.last}`)) : locator.kind;
};
const problem = (written: string) => {
  const locator = parseLocator(written);
  return locator.kind === 'malformed' ? locator.problem : null;
};
/** A 30-page PDF without printed labels, and one printed as pp. 253-282 after an unnumbered cover. */
const plain: PageNumbering = { count: 30, label: (page) => String(page) };
const printed: PageNumbering = { count: 31, label: (page) => (page === 1 ? 'cover' : String(251 + page)) };
const resolved = (written: string, numbering: PageNumbering) => resolveLocator(parseLocator(written), numbering);

describe('manuscript check: the pages a locator names', () => {
  it('reads pages as writers write them: p. and pp., LaTeX ties and dashes, bare numbers, roman numerals, lists, f. and ff.', () => {
    assert.deepEqual(pages('p. 19'), ['19']);
    assert.deepEqual(pages('p.~19'), ['19']);
    assert.deepEqual(pages('p.\\ 19'), ['19']);
    assert.deepEqual(pages('pp.~3--5'), ['3-5']);
    assert.deepEqual(pages('pp. 3–5'), ['3-5']);
    assert.deepEqual(pages('19'), ['19']);
    assert.deepEqual(pages('page 7'), ['7']);
    assert.deepEqual(pages('p. xii'), ['xii']);
    assert.deepEqual(pages('pp. 3, 7 and 12'), ['3', '7', '12']);
    assert.deepEqual(pages('p. 12f'), ['12-13']);
    assert.deepEqual(pages('pp. 12ff.'), ['12-14']);
    assert.deepEqual(pages('p. 19, n. 3'), ['19']);
  });

  it('reads an elided range as the first page’s leading digits and the rest (233-45 is 233-245)', () => {
    assert.deepEqual(pages('pp. 233-45'), ['233-245']);
    assert.deepEqual(pages('pp. 1201-9'), ['1201-1209']);
  });

  it('takes a chapter, section, figure, table, equation or note for what it is: no page', () => {
    for (const written of ['chap. 2', 'ch. 3', 'sec. 4.1', '§ 2', 'Fig. 3', 'Table 2', 'eq. 7', 'n. 4', 'emphasis added', 'see below', ''])
      assert.equal(pages(written), 'none', written);
  });

  it('says in one line what is wrong with a locator that cannot be a page', () => {
    assert.equal(problem('p.'), 'p. gives no page number');
    assert.equal(problem('pp. 9-3'), 'the range 9-3 runs backwards');
    assert.equal(problem('p. 10^9'), 'p. 10^9 is not a page number');
    assert.equal(problem('p. 12.5'), 'p. 12.5 is not a page number');
  });

  it('turns a locator into PDF pages: the printed label when the PDF has labels, else the page itself', () => {
    assert.deepEqual(resolved('p. 19', plain), { pages: [19] });
    assert.deepEqual(resolved('pp. 3-5', plain), { pages: [3, 4, 5] });
    // Printed p. 254 is the PDF's third page; a number that is no printed label is read as the PDF page.
    assert.deepEqual(resolved('p. 254', printed), { pages: [3] });
    assert.deepEqual(resolved('pp. 253-54', printed), { pages: [2, 3] });
    assert.deepEqual(resolved('p. 7', printed), { pages: [7] });
    assert.equal(resolved('chap. 2', plain), null);
  });

  it('reports a page the paper does not have, and a malformed locator, instead of judging on a page that is not there', () => {
    assert.deepEqual(resolved('p. 57', plain), { problem: "p. 57 is beyond the paper's 30 pages" });
    assert.deepEqual(resolved('p. 99999', plain), { problem: "p. 99999 is beyond the paper's 30 pages" });
    assert.deepEqual(resolved('p. 10000000000', plain), { problem: 'p. 10000000000 is not a page number' });
    assert.deepEqual(resolved('p. xiv', plain), { problem: 'the paper has no page xiv' });
    assert.deepEqual(resolved('pp. 9-3', plain), { problem: 'the range 9-3 runs backwards' });
  });
});
