/**
 * The writer's own sources (.tex, .qmd, .Rmd) are documents: indexed as the text their reader
 * reads (the body, not the preamble, comments, labels or chunk options), cited at the lines of
 * the file the user opens, under the section LaTeX numbers, and shown to the model as the user's
 * draft, not a source's words. Through the bundled CLI on a real LanceDB in a temp folder.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderPassage } from '../../../src/core/graph/passages';
import { extractLatex } from '../../../src/core/index/pipeline/extract/latex';
import { extractQuarto } from '../../../src/core/index/pipeline/extract/quarto';
import type { SearchHit } from '../../../src/core/index/types';
import { buildOnce, runCli } from '../../support/cli';
import { deadHost } from '../../support/deadHost';
import { withTempDir } from '../../support/tempDir';

const DRAFT_TEX = [
  '\\documentclass{article}', // 1
  '\\usepackage{okapipackage}', // 2
  '% \\newcommand{\\secret}{zebrafishcomment}', // 3
  '\\begin{document}', // 4
  '', // 5
  '\\section{Introduction}', // 6
  'Gaussian processes are flexible \\cite{rasmussen2006}.', // 7
  '', // 8
  '\\section{Methods}', // 9
  '\\label{sec:methods}', // 10
  "We chose the Mat\\'ern kernel % zebrafishcomment", // 11
  'because the \\emph{squared exponential} kernel is too smooth', // 12
  'for the rainfall series, as argued by~\\textcite{stein1999}.', // 13
  '', // 14
  '\\subsection{Data}', // 15
  'We used 312 stations\\footnote{Two were dropped.}.', // 16
  '\\begin{verbatim}', // 17
  'fit(kernel = "matern")', // 18
  '\\end{verbatim}', // 19
  '\\end{document}', // 20
].join('\n');

const NOTES_QMD = [
  '---', // 1
  'title: Notes', // 2
  'format: quokkaformat', // 3
  '---', // 4
  '', // 5
  '# Rainfall notes {#sec-notes}', // 6
  '', // 7
  'The wombat gauge was recalibrated in March.', // 8
  '', // 9
  '```{r}', // 10
  '#| echo: numbatoption', // 11
  'plot(rain)', // 12
  '```', // 13
].join('\n');

describe('drafts (.tex, .qmd, .Rmd) as documents', function () {
  this.timeout(180_000);
  before(() => buildOnce());

  it('a question answered from a .tex draft cites the .tex file at its own lines, under the section LaTeX numbers; the preamble and comments are not its text', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'draft.tex'), DRAFT_TEX);
      await writeFile(join(root, 'notes.Rmd'), NOTES_QMD);
      const index = await runCli(['index', root, '--embed', 'none']);
      assert.equal(index.code, 0, index.stderr);
      assert.match(index.stdout, /files: 2 \(2 indexed, 0 unchanged, 0 removed, 0 failed\)/);

      const hit = await runCli(['search', root, 'Matérn kernel too smooth', '--k', '1'], { cwd: root });
      assert.equal(hit.code, 0, hit.stderr);
      assert.match(hit.stdout, /^1\. draft\.tex, lines 9-13 \(draft\.tex:9\)\s+\[2 Methods\]/m);
      assert.match(hit.stdout, /We chose the Matérn kernel because the squared exponential kernel is too smooth/);

      const ask = await runCli(['ask', root, 'Why was the Matérn kernel chosen?'], { env: { OLLAMA_HOST: await deadHost() }, cwd: root });
      assert.equal(ask.code, 0, ask.stderr);
      assert.match(ask.stdout, /Sources:\n\s+\[1\] draft\.tex, lines 9-13 \(draft\.tex:9\)/);

      for (const hidden of ['zebrafishcomment', 'okapipackage', 'quokkaformat', 'numbatoption']) {
        const none = await runCli(['search', root, hidden, '--k', '3']);
        assert.equal(none.code, 0, none.stderr);
        assert.match(none.stdout, /no matches/, `${hidden} is set-up or a comment, not the draft's text`);
      }

      const rmd = await runCli(['search', root, 'wombat gauge recalibrated', '--k', '1'], { cwd: root });
      assert.match(rmd.stdout, /^1\. notes\.Rmd, lines 6-\d+ \(notes\.Rmd:6\)\s+\[Rainfall notes\]/m);
    }));

  it('each line of a LaTeX draft knows the source lines it came from: numbered headings, text commands read, footnotes inline, verbatim as code', () => {
    const draft = extractLatex(DRAFT_TEX);
    const lines = draft.text.split('\n');
    const at = (pattern: RegExp) => {
      const i = lines.findIndex((line) => pattern.test(line));
      assert.notEqual(i, -1, `${pattern} in:\n${draft.text}`);
      return [lines[i], draft.sourceLines[i]];
    };
    assert.deepEqual(at(/Methods/), ['## 2 Methods', [9, 9]]);
    assert.deepEqual(at(/Data$/), ['### 2.1 Data', [15, 15]]);
    assert.deepEqual(at(/Matérn/), ['We chose the Matérn kernel', [11, 11]]);
    assert.deepEqual(at(/too smooth/), ['because the squared exponential kernel is too smooth', [12, 12]]);
    assert.deepEqual(at(/312/), ['We used 312 stations (Two were dropped.).', [16, 16]]);
    assert.deepEqual(at(/^fit/), ['fit(kernel = "matern")', [18, 18]]);
    assert.doesNotMatch(draft.text, /sec:methods|okapipackage|zebrafish/);
  });

  it('an environment never closed is read to the end of the file, with a warning naming its line and the fix', () => {
    const draft = extractLatex('\\begin{document}\nText before.\n\\begin{figure}\n\\caption{Rain map}\nmore\n');
    assert.deepEqual(draft.warnings, ['\\begin{figure} on line 3 is never closed: the rest of the file is read as figure; add \\end{figure}']);
    assert.match(draft.text, /Figure: Rain map/);
  });

  it('a Quarto draft drops its front matter, heading attributes and chunk options, and keeps its source lines', () => {
    const draft = extractQuarto(NOTES_QMD);
    assert.equal(draft.text, '# Rainfall notes\n\nThe wombat gauge was recalibrated in March.\n\n```r\nplot(rain)\n```');
    assert.deepEqual(draft.sourceLines, [
      [6, 6],
      [6, 6],
      [8, 8],
      [9, 9],
      [10, 10],
      [12, 12],
      [13, 13],
    ]);
  });

  it("the model is told a draft's passage is the user's own writing; a paper's passage is not so marked", () => {
    const hit = (path: string) =>
      ({ path, text: 'The kernel is Matérn.', heading: null, pageStart: null, pageEnd: null, lineStart: 3, lineEnd: 4 }) as unknown as SearchHit;
    assert.match(
      renderPassage(hit('chapters/methods.tex'), 1, (s) => s),
      /^<document n="1" file="chapters\/methods\.tex" location="lines 3-4" author="the user: their own draft, not a published source">/,
    );
    assert.doesNotMatch(
      renderPassage(hit('papers/stein.pdf'), 1, (s) => s),
      /author=/,
    );
  });
});
