import assert from 'node:assert/strict';
import { answerText } from '../../../src/core/manuscript/insert/answerText';
import { citationText, snippetEscaped, type CitationRequest } from '../../../src/core/manuscript/insert/citationText';
import { parseDraft } from '../../../src/core/manuscript/parse/parseDraft';

const natbib = { format: 'latex', command: '\\citep' } as const;
const biblatex = { format: 'latex', command: '\\parencite' } as const;
const plain = { format: 'latex', command: '\\cite' } as const;
const pandoc = { format: 'markdown', command: '[@]' } as const;

describe('manuscript: citation text to insert in the document style', () => {
  it("writes one citation with its page in each style's own syntax", () => {
    const one = [{ key: 'chausse2010computing', page: 14 }];
    assert.equal(citationText(plain, one), '\\cite[p.~14]{chausse2010computing}');
    assert.equal(citationText(natbib, one), '\\citep[p.~14]{chausse2010computing}');
    assert.equal(citationText(biblatex, one), '\\parencite[p.~14]{chausse2010computing}');
    assert.equal(citationText(pandoc, one), '[@chausse2010computing, p. 14]');
    assert.equal(citationText(pandoc, [{ key: 'a', page: 'xii', lastPage: 'xiv' }]), '[@a, pp. xii-xiv]');
    assert.equal(citationText(pandoc, [{ key: 'odd key' }]), '[@{odd key}]');
  });

  it('writes several citations at once, each key once, with a postnote per key when they have pages', () => {
    const several: CitationRequest[] = [
      { key: 'a', page: 3 },
      { key: 'b', page: 7 },
      { key: 'a', page: 9 },
    ];
    assert.equal(citationText(pandoc, several), '[@a, p. 3; @b, p. 7]');
    assert.equal(citationText(biblatex, several), '\\parencites[p.~3]{a}[p.~7]{b}');
    assert.equal(citationText(natbib, several), '\\citetext{\\citealp[p.~3]{a}; \\citealp[p.~7]{b}}');
    assert.equal(citationText(plain, several), '\\cite[p.~3]{a}, \\cite[p.~7]{b}');
    assert.equal(citationText(natbib, [{ key: 'a' }, { key: 'b' }]), '\\citep{a,b}');
  });

  it('reads back through the draft parser as the keys and pages inserted', () => {
    for (const style of [natbib, biblatex, plain, pandoc]) {
      const text = `A claim ${citationText(style, [
        { key: 'a', page: 3 },
        { key: 'b', page: 7 },
      ])}.`;
      const keys = parseDraft(text, style.format).sentences.flatMap((s) => s.citations.flatMap((c) => c.keys.map((k) => `${k.key}:${k.locator}`)));
      assert.deepEqual(keys, style.format === 'latex' ? ['a:p.~3', 'b:p.~7'] : ['a:p. 3', 'b:p. 7'], style.command);
    }
  });

  it('escapes what insertSnippet reads as syntax: backslash, dollar and closing brace', () => {
    assert.equal(snippetEscaped('\\citep[p.~$1]{a}'), '\\\\citep[p.~\\$1]{a\\}');
  });
});

describe('manuscript: an answer inserted into a draft', () => {
  const sources = new Map<number, CitationRequest>([
    [1, { key: 'chausse2010computing', page: 14 }],
    [2, { key: 'zeileis2004econometric', page: 5 }],
    [3, { key: 'zeileis2006object', page: 3 }],
  ]);
  const answer = 'The gmm package uses the *quadratic spectral* kernel by default [1], and `vcovHAC` gives 100% of the HAC family [2, 3]; see [4].';

  it('turns [n] markers into Markdown citations and leaves unknown markers as written', () => {
    const out = answerText(pandoc, answer, sources);
    assert.equal(
      out.text,
      'The gmm package uses the *quadratic spectral* kernel by default [@chausse2010computing, p. 14], and `vcovHAC` gives 100% of the HAC family [@zeileis2004econometric, p. 5; @zeileis2006object, p. 3]; see [4].',
    );
    assert.deepEqual(out.unknownMarkers, [4]);
  });

  it('for LaTeX, escapes TeX specials and turns Markdown emphasis and code into commands', () => {
    const out = answerText(natbib, answer, sources);
    assert.equal(
      out.text,
      'The gmm package uses the \\emph{quadratic spectral} kernel by default~\\citep[p.~14]{chausse2010computing}, and \\texttt{vcovHAC} gives 100\\% of the HAC family~\\citetext{\\citealp[p.~5]{zeileis2004econometric}; \\citealp[p.~3]{zeileis2006object}}; see [4].',
    );
  });

  it('escapes an @ that Pandoc would read as a citation, not an e-mail address', () => {
    const out = answerText(pandoc, 'Set @param or write to me@example.org [1].', sources);
    assert.equal(out.text, 'Set \\@param or write to me@example.org [@chausse2010computing, p. 14].');
    assert.deepEqual(
      parseDraft(out.text, 'markdown').sentences.flatMap((s) => s.citations.flatMap((c) => c.keys.map((k) => k.key))),
      ['chausse2010computing'],
    );
  });
});
