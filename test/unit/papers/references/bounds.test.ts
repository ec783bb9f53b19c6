/**
 * Bad input for the reference reader, each in bounded time and memory and without a wrong link:
 * 5,000 entries, an entry of 100,000 characters, citations in code and equations, a list that is
 * not under a heading, a stored row of the wrong shape.
 */
import assert from 'node:assert/strict';
import { readReferences } from '../../../../src/core/papers/references/read';
import { MAX_ENTRIES, MAX_RAW } from '../../../../src/core/papers/references/split';
import { checkedReferences } from '../../../../src/core/papers/references/stored';
import type { PageLines, TextLine } from '../../../../src/core/papers/references/types';

/** A line as a text layer gives it: in a proportional `font` (an "m" wider than an "i"), 10 pt, starting at x. */
function line(text: string, y: number, x = 72, font = 'f1'): TextLine {
  const width = [...text].reduce((w, c) => w + (/[mwMW]/.test(c) ? 8 : /[il.,' ]/.test(c) ? 2.5 : 5), 0);
  return { text, x, right: x + width, y, size: 10, spans: [{ start: 0, x, width, font }] };
}

/** Pages of `perPage` lines each, a new page every `perPage` lines. */
function pages(lines: Array<{ text: string; x?: number; font?: string }>, perPage = 50, first = 1): PageLines[] {
  const out: PageLines[] = [];
  lines.forEach((l, i) => {
    const p = Math.floor(i / perPage);
    out[p] ??= { page: first + p, width: 595, height: 842, lines: [] };
    out[p]!.lines.push(line(l.text, 100 + (i % perPage) * 12, l.x, l.font));
  });
  return out;
}

describe('the reference reader on bad input', function () {
  this.timeout(60_000);

  it('a list of 10,000 entries: the first MAX_ENTRIES read, the limit said', () => {
    // Family names of letters only ("Kaab", "Kaac", …): one per entry.
    const family = (i: number) => `K${[26 * 26, 26, 1].map((d) => String.fromCharCode(97 + (Math.floor(i / d) % 26))).join('')}`;
    const entries = Array.from({ length: 10_000 }, (_, i) => [
      { text: `${family(i)} A (${1900 + (i % 100)}). “Title number ${i} of a very long list.”` },
      { text: `Journal of Lists, ${i % 50}(1), 1–10.`, x: 82 },
    ]).flat();
    const body = pages([{ text: `As shown by ${family(12)} (1912), lists can be long.` }]);
    const list = pages([{ text: 'References' }, ...entries], 60, 2);
    const refs = readReferences([...body, ...list]);
    assert.equal(refs.entries.length, MAX_ENTRIES);
    assert.ok(
      refs.limits.some((l) => l.includes(`first ${MAX_ENTRIES} entries`)),
      refs.limits.join('; '),
    );
    assert.deepEqual(
      refs.mentions.map((m) => `${m.page} ${m.text} -> ${refs.entries[m.entry - 1]!.authors[0]!.family}`),
      [`1 ${family(12)} (1912) -> ${family(12)}`],
    );
  });

  it('an entry of 100,000 characters is cut at MAX_RAW and the list goes on', () => {
    const runaway = Array.from({ length: 1250 }, (_, i) => ({ text: `word${i} `.repeat(10), x: 82 }));
    const refs = readReferences(
      pages(
        [
          { text: 'References' },
          { text: 'Smith J (2001). “A Long One.” Journal, 1, 1–2.' },
          ...runaway,
          { text: 'Jones K (2002). “After It.” Journal, 2, 3–4.' },
        ],
        2000,
      ),
    );
    assert.deepEqual(
      refs.entries.map((e) => `${e.authors[0]?.family} ${e.year} ${e.raw.length <= MAX_RAW}`),
      ['Smith 2001 true', 'Jones 2002 true'],
    );
    assert.ok(refs.limits.some((l) => l.includes(`longer than ${MAX_RAW}`)));
  });

  it('citations set in a fixed-width font (code, R output) are not read', () => {
    // A typewriter face: every stretch exactly 0.6 em per character.
    const code = (text: string, y: number): TextLine => ({
      text,
      x: 72,
      right: 72 + text.length * 6,
      y,
      size: 10,
      spans: [{ start: 0, x: 72, width: text.length * 6, font: 'tt' }],
    });
    const body: PageLines = {
      page: 1,
      width: 595,
      height: 842,
      lines: [
        line('The model of Smith (2001) is fitted below.', 100),
        ...['smith2001 <- fit(Smith (2001))', 'print(Smith (2001))', 'summary(model)', 'plot(model)'].map((t, i) => code(t, 112 + i * 12)),
      ],
    };
    const list = pages([{ text: 'References' }, { text: 'Smith J (2001). “A Model.” Journal, 1, 1–2.' }], 50, 2);
    const refs = readReferences([body, ...list]);
    assert.deepEqual(
      refs.mentions.map((m) => m.text),
      ['Smith (2001)'],
    );
  });

  it('a stored row of the wrong shape reads as nothing, a bad entry or mention is dropped', () => {
    assert.equal(checkedReferences('not references'), null);
    assert.equal(checkedReferences({ version: 1, entries: 'x', mentions: [] }), null);
    const checked = checkedReferences({
      version: 1,
      section: null,
      entries: [
        { index: 1, authors: [{ family: 'Smith', given: 'J' }, { family: 3 }], year: '2001', title: 'T', venue: null, raw: 'Smith J (2001). T.', page: 2 },
        { index: 'two' },
      ],
      mentions: [
        {
          page: 1,
          text: 'Smith (2001)',
          boxes: [
            [1, 2, 3, 4],
            [1, 2],
          ],
          entry: 1,
          sentence: 'S.',
        },
        { page: 1, text: 'Nobody (1999)', boxes: [], entry: 7, sentence: 'S.' },
      ],
      limits: [],
    });
    assert.deepEqual(
      checked?.entries.map((e) => e.authors.length),
      [1],
    );
    assert.deepEqual(
      checked?.mentions.map((m) => m.boxes),
      [[[1, 2, 3, 4]]],
    );
  });
});
