import assert from 'node:assert/strict';
import { parseDraft } from '../../../src/core/manuscript/parse/parseDraft';
import type { ParsedDraft } from '../../../src/core/manuscript/parsedDraft';

/** Each cited sentence as `text <- key[locator], key` for compact assertions. */
function summary(parsed: ParsedDraft): string[] {
  return parsed.sentences.map(
    (s) =>
      `${s.text} <- ${s.citations
        .flatMap((c) => c.keys)
        .map((k) => `${k.suppressAuthor ? '-' : ''}${k.key}${k.prefix ? `{${k.prefix}}` : ''}${k.locator ? `[${k.locator}]` : ''}`)
        .join(', ')}`,
  );
}

describe('manuscript: what is a citation in a LaTeX draft', () => {
  it('reads natbib, biblatex and plain commands with their notes, several keys, starred and multicite forms', () => {
    const tex = String.raw`\documentclass{article}
\begin{document}
Sandwich estimators are robust to heteroskedasticity \citep[see][chap.~2]{zeileis2004econometric,zeileis2006object}.
\citet*{chausse2010computing} fits GMM models. Clustered errors are covered too \parencite[14]{zeileis2020various}.
Trees partition the data \autocite{hothorn2006lego}, \textcite{zeileis2008party} and \cite{a}. Both agree \cites[see][p.~4]{b}[7]{c}.
\end{document}`;
    assert.deepEqual(summary(parseDraft(tex, 'latex')), [
      'Sandwich estimators are robust to heteroskedasticity. <- zeileis2004econometric{see}, zeileis2006object[chap.~2]',
      'fits GMM models. <- chausse2010computing',
      'Clustered errors are covered too. <- zeileis2020various[14]',
      'Trees partition the data, and. <- hothorn2006lego, zeileis2008party, a',
      'Both agree. <- b{see}[p.~4], c[7]',
    ]);
  });

  it('gives each key its line and columns in the file', () => {
    const parsed = parseDraft('First line.\nAs shown \\citep{alpha, beta}.\n', 'latex');
    const [alpha, beta] = parsed.sentences[0]!.citations[0]!.keys;
    assert.deepEqual([alpha!.range.start.line, alpha!.range.start.column, alpha!.range.end.column], [2, 17, 22]);
    assert.deepEqual([beta!.range.start.line, beta!.range.start.column], [2, 24]);
    assert.equal(parsed.sentences[0]!.range.start.line, 2);
  });

  it('leaves out \\citeauthor, \\citeyear, \\nocite, comments, verbatim and listings', () => {
    const tex = String.raw`\citeauthor{x} wrote it in \citeyear{x}. \nocite{y}% a comment \cite{commented}
50\% of it is right \cite{real}.
\begin{verbatim}
Not a claim \cite{verbatim}.
\end{verbatim}
\begin{lstlisting}
\citep{listing}
\end{lstlisting}
Use \verb|\cite{inline}| here \citep{after}.`;
    assert.deepEqual(summary(parseDraft(tex, 'latex')), ['50% of it is right. <- real', 'Use \\cite{inline} here. <- after']);
  });

  it('segments sentences across et al., e.g., p. 3, decimals, initials and emphasis, and keeps a trailing citation with its sentence', () => {
    const tex = String.raw`Zeileis et al.\ show that the bandwidth is 0.5, e.g.\ in \emph{Fig.~2} \citep{a}. Smith et al. (2001) report p. 3 of J. R. Smith's notes \citep{b}. The model is fitted in R. \citep{c}`;
    assert.deepEqual(summary(parseDraft(tex, 'latex')), [
      'Zeileis et al. show that the bandwidth is 0.5, e.g. in Fig. 2. <- a',
      "Smith et al. (2001) report p. 3 of J. R. Smith's notes. <- b",
      'The model is fitted in R. <- c',
    ]);
  });

  it('reads a footnote and a figure caption as sentences of their own, apart from the sentence around them', () => {
    const tex = String.raw`The solver returns the rates in the declared order \citep[p.~3]{a}.\footnote{In the Lorenz example the three parameters are $-8/3$, $-10$ and $28$ \citep[p.~2]{a}.}
\begin{figure}
\caption{The toy tree; on the fourth day it rained \citep[p.~3]{b}.}
\end{figure}`;
    assert.deepEqual(summary(parseDraft(tex, 'latex')), [
      'The solver returns the rates in the declared order. <- a[p.~3]',
      'In the Lorenz example the three parameters are -8/3, -10 and 28. <- a[p.~2]',
      'The toy tree; on the fourth day it rained. <- b[p.~3]',
    ]);
    const md = 'The solver returns the rates in order [@a, p. 3].^[The Lorenz parameters are -8/3, -10 and 28 [@a, p. 2].] The rest follows.';
    assert.deepEqual(summary(parseDraft(md, 'markdown')), [
      'The solver returns the rates in order. <- a[p. 3]',
      'The Lorenz parameters are -8/3, -10 and 28. <- a[p. 2]',
    ]);
  });

  it('gives a cited sentence the uncited sentence before it in its paragraph as context, and none across a paragraph or a heading', () => {
    const md = [
      '# Time series',
      'An xts object is a zoo object with three additions. Its index must be a time class and users may add attributes [@a].',
      '',
      'A new paragraph starts here [@b]. And a cited sentence [@c]. Then one that follows it [@d].',
    ].join('\n');
    assert.deepEqual(
      parseDraft(md, 'markdown').sentences.map((s) => `${s.citations[0]!.keys[0]!.key}: ${s.context ?? '-'}`),
      ['a: An xts object is a zoo object with three additions.', 'b: -', 'c: -', 'd: -'],
    );
  });

  it('starts a sentence at a lower-case package name when it is marked up or follows a citation', () => {
    const tex = String.raw`Mixed models are fitted by ML \citep{a}. \pkg{lme4} uses BOBYQA \citep{b}. lme4 also has Nelder-Mead \citep{c}. It is fast, e.g. for large data \citep{d}.`;
    assert.deepEqual(summary(parseDraft(tex, 'latex')), [
      'Mixed models are fitted by ML. <- a',
      'lme4 uses BOBYQA. <- b',
      'lme4 also has Nelder-Mead. <- c',
      'It is fast, e.g. for large data. <- d',
    ]);
    assert.deepEqual(summary(parseDraft('Fits are slow [@a]. **brms** samples with NUTS [@b].', 'markdown')), [
      'Fits are slow. <- a',
      'brms samples with NUTS. <- b',
    ]);
  });

  it('reports an unclosed brace with its line, skips that citation and parses the rest', () => {
    const tex = 'One claim \\citep{broken, and it goes on.\n\nAnother claim \\citep{fine}.\n';
    const parsed = parseDraft(tex, 'latex');
    assert.deepEqual(summary(parsed), ['Another claim. <- fine']);
    assert.equal(parsed.problems.length, 1);
    assert.equal(parsed.problems[0]!.code, 'unbalanced-braces');
    assert.match(parsed.problems[0]!.message, /^line 1: \\citep's \{ or \[ is never closed in its paragraph: this citation is skipped/);
  });

  it('reports a verbatim environment never closed', () => {
    const parsed = parseDraft('Claim \\cite{a}.\n\\begin{verbatim}\n\\cite{b}\n', 'latex');
    assert.deepEqual(summary(parsed), ['Claim. <- a']);
    assert.match(parsed.problems[0]!.message, /^line 2: \\begin\{verbatim\} is never closed with \\end\{verbatim\}/);
  });
});

describe('manuscript: what is a citation in a Markdown draft', () => {
  it("reads Pandoc's bracketed groups, in-text keys with locators, suppressed authors and braced keys", () => {
    const md = `Sandwich estimators are robust [see @zeileis2004econometric, p. 3; -@zeileis2006object]. @chausse2010computing [p. 14] fits GMM models.
Odd keys work too [@{weird:key/2}, chap. 2].`;
    assert.deepEqual(summary(parseDraft(md, 'markdown')), [
      'Sandwich estimators are robust. <- zeileis2004econometric{see}[p. 3], -zeileis2006object',
      'fits GMM models. <- chausse2010computing[p. 14]',
      'Odd keys work too. <- weird:key/2[chap. 2]',
    ]);
  });

  it('leaves out e-mail addresses, Quarto cross-references, code, comments, links and YAML front matter', () => {
    const md = `---
title: "Draft"
author: me@example.org
bibliography: refs.bib
---

Write to me@example.org about @fig-trees and [@tbl-results] and @sec-intro or @eq-gmm.
See the \`@code\` span, <!-- a comment [@hidden] --> and [a link](https://example.org/@user) \\@escaped.

\`\`\`{r}
x <- "[@chunk]"
\`\`\`

~~~
@fenced
~~~

Only this one counts [@real].`;
    assert.deepEqual(summary(parseDraft(md, 'markdown')), ['Only this one counts. <- real']);
  });

  it('segments sentences across *e.g.*, _et al._ and p. 3 in Markdown emphasis', () => {
    const md = 'Trees are *e.g.* unbiased as _Hothorn et al._ show on p. 3 [@a]. **Then** another one [@b].';
    assert.deepEqual(summary(parseDraft(md, 'markdown')), ['Trees are e.g. unbiased as Hothorn et al. show on p. 3. <- a', 'Then another one. <- b']);
  });

  it('reports front matter and a code fence never closed, and still reads what comes before', () => {
    const unclosedYaml = parseDraft('---\nbibliography: refs.bib\n\nA claim [@a].\n', 'markdown');
    assert.deepEqual(summary(unclosedYaml), ['A claim. <- a']);
    assert.match(unclosedYaml.problems[0]!.message, /^line 1: the YAML front matter opened on line 1 is never closed/);
    const unclosedFence = parseDraft('A claim [@a].\n\n```r\nx [@b]\n', 'markdown');
    assert.deepEqual(summary(unclosedFence), ['A claim. <- a']);
    assert.match(unclosedFence.problems[0]!.message, /^line 3: the code block opened with ``` is never closed/);
  });
});
