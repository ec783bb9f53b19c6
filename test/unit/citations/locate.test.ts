import assert from 'node:assert/strict';
import { foldText } from '../../../src/core/citations/fold';
import { locatePassage, locateWithin, type LocatedSpan, type LocatorPage } from '../../../src/core/citations/locate';
import type { Chunk } from '../../../src/core/index/types';
import { chunkPages, pdfChunks, pdfPages } from '../../support/pdfItems';
import { makePdf, type LineSpec, type PageSpec, type TextRun } from '../../support/pdfs';

const WORDS = (
  'widget spindle bracket gauge lever valve sensor housing flange rotor panel socket cable drum ' +
  'measures holds turns opens closes reports starts stops keeps checks adjusts aligns ' +
  'slowly firmly quickly gently always rarely north upper lower inner outer main spare'
).split(' ');

/** Deterministic filler lines (a small LCG), ~70 characters each, different on every page. */
function bodyLines(page: number, count: number): string[] {
  let state = page * 7919 + 17;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return WORDS[(state >>> 8) % WORDS.length]!;
  };
  return Array.from({ length: count }, (_, line) => {
    let text = `p${page}l${line}`;
    while (text.length < 66) text += ` ${next()}`;
    return `${text}.`;
  });
}

/** A line on page 7 twice: in the middle and as the page's last body line. */
const REPEATED = 'See also the spare panel and the upper valve.';

/**
 * Eight pages with a running header and footer (which the chunker drops), and on some pages the
 * things pdf.js text items do: a word hyphenated across lines, ligature glyphs, a word split into
 * two items by a font change, a soft hyphen at a line end, tagged (marked-content) lines.
 */
function handbook(): PageSpec[] {
  const special: Record<number, LineSpec[]> = {
    2: ['the spindle needs a careful configu-', 'ration before the first start of the widget.'],
    3: [[{ text: 'the \ufb01lter keeps the \ufb02ow of oil steady in the \ufb01nal stage.' }]],
    4: [[{ text: 'a hyper' }, { text: 'link', bold: true }, { text: ' joins the gauge to the spare panel.' }]],
    6: [[{ text: 'the drum and the rotor co\u00ad' }], 'operate when the lever turns north.'],
    7: [REPEATED],
  };
  return Array.from({ length: 8 }, (_, index) => {
    const page = index + 1;
    const body: LineSpec[] = bodyLines(page, 12);
    body.splice(6, 0, ...(special[page] ?? []));
    if (page === 7) body.push(REPEATED);
    return { lines: [`Widget Handbook ${page}`, ...body, `Widget Press, printed copy ${page}`], markedContent: page === 5 };
  });
}

/** The spans' characters, straight from the items they point into. */
function spannedText(pages: readonly LocatorPage[], spans: readonly LocatedSpan[]): string {
  return spans.map((s) => pages.find((p) => p.page === s.page)!.items[s.item]!.str!.slice(s.start, s.end)).join('');
}

describe('locatePassage on real pdf.js text items', () => {
  let chunks: Chunk[];
  let viewerPages: LocatorPage[];
  let extractionPages: LocatorPage[];

  before(async () => {
    const bytes = await makePdf(handbook());
    chunks = await pdfChunks(bytes);
    viewerPages = await pdfPages(bytes, { viewer: true });
    extractionPages = await pdfPages(bytes);
  });

  for (const mode of ['viewer', 'extraction'] as const) {
    it(`finds every chunk on its own pages, span for span the chunk's text (${mode} items)`, () => {
      const pages = mode === 'viewer' ? viewerPages : extractionPages;
      assert.ok(chunks.length >= 6, `expected several chunks, got ${chunks.length}`);
      for (const chunk of chunks) {
        const location = locatePassage(chunk.text, chunkPages(pages, chunk));
        assert.ok(location, `chunk ${chunk.ordinal} (pages ${chunk.pageStart}-${chunk.pageEnd}) not located`);
        assert.deepEqual(location.pages, range(chunk.pageStart!, chunk.pageEnd!), `chunk ${chunk.ordinal}`);
        // Exactly the chunk's letters and digits are highlighted: nothing missing, nothing added.
        assert.equal(foldText(spannedText(pages, location.spans)), foldText(chunk.text), `chunk ${chunk.ordinal}`);
      }
    });
  }

  it('gives a chunk that crosses a page break spans on both pages, and leaves the running header and footer out', () => {
    const crossing = chunks.filter((c) => c.pageEnd !== c.pageStart);
    assert.ok(crossing.length > 0, 'no chunk crosses a page break');
    for (const chunk of crossing) {
      const location = locatePassage(chunk.text, chunkPages(viewerPages, chunk))!;
      // The chunker dropped the footer and header between the two parts: no exact match exists.
      assert.equal(location.exact, false);
      assert.deepEqual([...new Set(location.spans.map((s) => s.page))], [chunk.pageStart, chunk.pageEnd]);
      assert.doesNotMatch(spannedText(viewerPages, location.spans), /Widget (Handbook|Press)/);
    }
  });

  it('takes the copy of a repeated line that sits next to the rest of the passage', () => {
    // What a chunk that starts at the last line of page 7 holds: that line, then page 8 without its header.
    const passage = [REPEATED, ...bodyLines(8, 4)].join('\n');
    const pages = viewerPages.filter((p) => p.page === 7 || p.page === 8);
    const location = locatePassage(passage, pages)!;
    assert.deepEqual(location.pages, [7, 8]);
    const first = location.spans[0]!;
    const page7 = pages[0]!.items;
    const lastBodyItem = page7.findLastIndex((item) => item.str === REPEATED);
    assert.notEqual(
      lastBodyItem,
      page7.findIndex((item) => item.str === REPEATED),
      'the line is on page 7 twice',
    );
    assert.equal(first.item, lastBodyItem);
  });

  it('finds a sentence inside an earlier location, not its copy elsewhere on the page (locateWithin)', () => {
    const page7 = viewerPages.filter((p) => p.page === 7);
    const tail = [...bodyLines(7, 12).slice(8), REPEATED].join('\n');
    const chunk = locatePassage(tail, page7)!;
    const copies = page7[0]!.items.flatMap((item, index) => (item.str === REPEATED ? [index] : []));
    assert.equal(copies.length, 2);
    assert.equal(locatePassage(REPEATED, page7)!.spans[0]!.item, copies[0]);
    const inside = locateWithin(REPEATED, page7, chunk)!;
    assert.deepEqual(inside.spans, [{ page: 7, item: copies[1], start: 0, end: REPEATED.length }]);
    assert.equal(inside.text, REPEATED);
  });

  it('matches across a hyphenated line break, ligature glyphs, a word split into two items and a soft hyphen', () => {
    const cases = [
      {
        page: 2,
        passage: 'needs a careful configuration before the first start',
        items: ['the spindle needs a careful configu-', 'ration before the first start of the widget.'],
      },
      { page: 3, passage: 'the filter keeps the flow of oil steady in the final stage.', items: ['\ufb01'] },
      { page: 4, passage: 'a hyperlink joins the gauge', items: ['a hyper', 'link'] },
      { page: 6, passage: 'the drum and the rotor cooperate when the lever turns', items: ['operate when the lever turns north.'] },
    ];
    for (const { page, passage, items } of cases) {
      const pages = viewerPages.filter((p) => p.page === page);
      const location = locatePassage(passage, pages);
      assert.ok(location, `not located: ${passage}`);
      assert.equal(location.exact, true);
      const spanned = location.spans.map((s) => pages[0]!.items[s.item]!.str!);
      for (const item of items)
        assert.ok(
          spanned.some((str) => str.includes(item)),
          `${JSON.stringify(item)} not among ${JSON.stringify(spanned)}`,
        );
      assert.equal(foldText(location.text), foldText(passage));
    }
  });

  it('counts marked-content entries in item indexes', () => {
    const page5 = viewerPages.find((p) => p.page === 5)!;
    assert.ok(
      page5.items.some((item) => item.str === undefined),
      'the viewer items of page 5 have marked-content entries',
    );
    const line = bodyLines(5, 12)[3]!;
    const location = locatePassage(line, [page5])!;
    assert.equal(location.spans.length, 1);
    const span = location.spans[0]!;
    assert.equal(page5.items[span.item]!.str!.slice(span.start, span.end), line);
  });

  it('returns null for text that is not there, and for a chunk given the wrong pages', () => {
    assert.equal(locatePassage('The valve housing is rated for four hundred bar of pressure at most.', viewerPages), null);
    const chunk = chunks.find((c) => c.pageEnd! <= 3)!;
    assert.equal(
      locatePassage(
        chunk.text,
        viewerPages.filter((p) => p.page >= 6),
      ),
      null,
    );
  });

  it('accepts a passage with a word changed, not one with a quarter of its lines replaced', () => {
    const chunk = chunks.find((c) => c.pageStart === c.pageEnd && c.text.length > 600)!;
    const pages = chunkPages(viewerPages, chunk);
    const lines = chunk.text.split('\n');
    const nearly = chunk.text.replace(/widget|spindle|bracket/, 'gizmo');
    const located = locatePassage(nearly, pages);
    assert.ok(located, 'a passage with one word changed is located');
    assert.equal(located.exact, false);
    assert.deepEqual(located.pages, [chunk.pageStart]);
    const quarter = Math.ceil(lines.length / 4);
    const other = Array.from({ length: quarter }, (_, i) => `line ${i} of an entirely different text that the page never contained.`);
    const replaced = [...lines.slice(0, quarter), ...other, ...lines.slice(2 * quarter)].join('\n');
    assert.equal(locatePassage(replaced, pages), null);
  });

  it('prefers the occurrence on the first page given when a passage repeats', async () => {
    const sentence = 'Restart the service after every change to the settings file.';
    const pages = await pdfPages(await makePdf(['Alpha page\n' + sentence, 'Bravo page\n' + sentence, 'Charlie page\n' + sentence]), { viewer: true });
    assert.deepEqual(locatePassage(sentence, pages)!.pages, [1]);
    assert.deepEqual(locatePassage(sentence, pages.slice(1))!.pages, [2]);
  });
});

describe('locatePassage on a page whose font loses its ligatures', () => {
  // Two near-copies (a manual's %U and %W entries), drawn with a ligature glyph that has no
  // Unicode mapping: pdf.js reads "the rst Monday", a reader quotes "the first Monday".
  const fi: TextRun = { text: 'fi', unmapped: true };
  const entry = (day: string): LineSpec[] => [
    'The week number of the current year as a decimal number, starting with',
    [{ text: 'the ' }, fi, { text: `rst ${day} as the ` }, fi, { text: 'rst day of the ' }, fi, { text: 'rst week.' }],
  ];
  let page: LocatorPage;

  before(async () => {
    [page] = await pdfPages(await makePdf([{ lines: ['%U', ...entry('Sunday'), '%W', ...entry('Monday')] }]), { viewer: true });
  });

  it('locates a quote whose ligature letters the items lack, on the copy it quotes', () => {
    assert.ok(
      page.items.some((item) => item.str?.includes('rst Monday as the')),
      'pdf.js dropped the ligature glyph',
    );
    // Six of its 53 letters are ligature letters the page lacks: past the 10% tolerance unless explained.
    const quote = 'starting with the first Monday as the first day of the first week.';
    const location = locatePassage(quote, [page]);
    assert.ok(location, 'not located');
    assert.equal(location.exact, false);
    // The longest common run, "starting with the", is in both entries: the Monday one is meant.
    const w = page.items.findIndex((item) => item.str === '%W');
    assert.ok(w > 0 && location.spans.every((s) => s.item > w), `spans ${JSON.stringify(location.spans)} not all after %W (item ${w})`);
    assert.match(location.text, /rst Monday as the/);
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
