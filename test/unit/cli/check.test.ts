/**
 * `check <folder> <file>` as a user runs it: the bundled CLI in a child process, on a real index
 * of generated papers with a bib file beside them and drafts that cite them (one indexed beside
 * the papers, so it must never be its own evidence).
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { indexFolder } from '../../../src/core/index';
import { buildOnce, runCli } from '../../support/cli';
import { writePdf } from '../../support/pdfs';
import { withTempDir } from '../../support/tempDir';

const filler = (topic: string) => Array.from({ length: 14 }, (_, i) => `Paragraph ${i + 1} discusses ${topic} in general terms, as background.`);

const REFS = `@article{zeileis2004,
  author = {Zeileis, Achim},
  title = {Econometric Computing with HC and HAC Covariance Matrix Estimators},
  year = {2004},
  file = {:papers/sandwich.pdf:PDF}
}

@article{zeileis2020,
  author = {Zeileis, Achim and K{\\"o}ll, Susanne and Graham, Nathaniel},
  title = {Various Versatile Variances},
  year = {2020},
  file = {:papers/clustered.pdf:PDF}
}
`;

/** Sentences: supported (line 5), cited to the wrong paper (6), an unknown key (7), two keys (8). */
const DRAFT_MD = `---
bibliography: refs.bib
---

By default the vcovHC() function computes the HC3 estimator [@zeileis2004].
The wild cluster bootstrap draws its factors from a Rademacher distribution by default [@zeileis2004].
Deep learning will soon replace kernel estimators [@smith2021deep].
Clustered covariances arrived in version 2.4.0, while vcovHC() computes HC3 by default [@zeileis2020; @zeileis2004].
`;

async function library(root: string): Promise<void> {
  await mkdir(join(root, 'papers'), { recursive: true });
  await mkdir(join(root, 'drafts'), { recursive: true });
  await writePdf(join(root, 'papers/sandwich.pdf'), [
    { lines: [...filler('robust covariance matrices'), 'Heteroskedasticity consistent estimators are described first.'] },
    { lines: ['The vcovHC function computes the HC3 estimator by default.', 'Long and Ervin found that HC3 performs best in small samples.'] },
  ]);
  await writePdf(join(root, 'papers/clustered.pdf'), [
    { lines: ['Clustered covariances were added in version 2.4.0 of the package,', 'with the functions vcovCL, vcovPL and vcovPC.', ...filler('panel data')] },
    {
      lines: ['The wild cluster bootstrap draws its factors from the Rademacher', 'distribution by default, taking the values -1 and 1 with probability 0.5.'],
    },
  ]);
  await writeFile(join(root, 'refs.bib'), REFS);
  // The draft sits beside the papers and is indexed with them, as a researcher keeps it.
  await writeFile(join(root, 'drafts/draft.md'), DRAFT_MD.replace('bibliography: refs.bib', 'bibliography: ../refs.bib'));
}

async function withIndexedLibrary(fn: (root: string, db: string, dir: string) => Promise<void>): Promise<void> {
  await withTempDir(async (dir) => {
    const root = join(dir, 'library');
    await library(root);
    const db = join(dir, 'index');
    const run = indexFolder({ root, dbDir: db, embedder: null, workers: 1 });
    let step = await run.next();
    while (!step.done) step = await run.next();
    assert.deepEqual(step.value.failed, []);
    await fn(root, db, dir);
  });
}

describe('CLI check: a draft’s citations against the library', function () {
  this.timeout(180_000);
  before(() => buildOnce());

  it('prints one line per cited key with its verdict, the evidence as "Author (year), p. N" and the paper that does say it; exit 3 when some are flagged', () =>
    withIndexedLibrary(async (root, db) => {
      const draft = join(root, 'drafts/draft.md');
      const { code, stdout, stderr } = await runCli(['check', root, draft, '--db', db]);
      assert.equal(code, 3, stderr);
      const lines = stdout.trim().split('\n');
      const shown = draft;
      assert.match(lines[0]!, new RegExp(`^${escape(shown)}:5 zeileis2004 supported: Zeileis \\(2004\\), p\\. 2\\b`));
      assert.match(
        lines[1]!,
        new RegExp(
          `^${escape(shown)}:6 zeileis2004 not found in the cited paper; closest passage Zeileis \\(2004\\), p\\. \\d.*; Zeileis et al\\. \\(2020\\), p\\. 2 .*says this \\(zeileis2020\\); .*Rademacher`,
        ),
      );
      assert.match(lines[2]!, /:7 smith2021deep not in your library; smith2021deep is in no bib file/);
      assert.match(lines[3]!, /:8 zeileis2020 supported: Zeileis et al\. \(2020\), p\. 1\b/);
      assert.match(lines[4]!, /:8 zeileis2004 supported: Zeileis \(2004\), p\. 2\b/);
      assert.equal(lines[5], `${shown}: 5 cited keys: 3 supported, 1 not found in the cited paper, 1 not in your library`);
      assert.doesNotMatch(stdout, /drafts\/draft\.md, lines/, 'the draft was given as evidence for itself');
    }));

  it('--json prints one object per cited key: line, key, verdict, evidence {path, page, text}, suggested {key, path, page}, attribution', () =>
    withIndexedLibrary(async (root, db) => {
      const { code, stdout } = await runCli(['check', root, join(root, 'drafts/draft.md'), '--db', db, '--json']);
      assert.equal(code, 3);
      const objects = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.equal(objects.length, 5);
      for (const o of objects) assert.deepEqual(Object.keys(o), ['line', 'key', 'verdict', 'evidence', 'suggested', 'attribution']);
      const wrong = objects[1]!;
      assert.equal(wrong.verdict, 'not-found');
      assert.deepEqual(wrong.suggested, { key: 'zeileis2020', path: 'papers/clustered.pdf', page: 2 });
      assert.deepEqual(objects[2], { line: 7, key: 'smith2021deep', verdict: 'not-in-library', evidence: null, suggested: null, attribution: null });
      const evidence = objects[0]!.evidence as { path: string; page: number; text: string };
      assert.equal(evidence.path, 'papers/sandwich.pdf');
      assert.equal(evidence.page, 2);
      assert.match(evidence.text, /computes the HC3 estimator by default/);
    }));

  it('bad input: an unbalanced brace, a bib entry never closed and a missing bibliography each get one line, and the rest is still checked', () =>
    withIndexedLibrary(async (root, db, dir) => {
      // The draft's own bibliography, outside the library folder: a key only it has resolves by the paper's title.
      const own = '@article{clusteredZeileis,\n  title = {Various Versatile Variances},\n  year = {2020}\n}\n';
      await writeFile(join(dir, 'broken.bib'), `${REFS}\n${own}\n@article{unclosed2021,\n  title = {Never closed\n`);
      const tex = [
        '\\documentclass{article}',
        '\\usepackage{natbib}',
        '\\begin{document}',
        'By default the vcovHC() function computes the HC3 estimator \\citep{zeileis2004}.',
        'This sentence cites something \\citep{zeileis2020 and never closes the brace.',
        '',
        'The wild cluster bootstrap draws its factors from a Rademacher distribution by default \\citep{clusteredZeileis}.',
        '\\bibliography{broken,absent}',
        '\\end{document}',
      ].join('\n');
      await writeFile(join(dir, 'paper.tex'), tex);
      const { code, stdout, stderr } = await runCli(['check', root, join(dir, 'paper.tex'), '--db', db]);
      assert.equal(code, 0, `${stdout}\n${stderr}`);
      assert.match(stderr, /^warning: .*paper\.tex, line 5: \\citep's \{ or \[ is never closed in its paragraph: this citation is skipped; close the brace$/m);
      assert.match(stderr, new RegExp(`^warning: ${escape(join(dir, 'broken.bib'))}:20: @article entry is never closed with \\}: it is skipped$`, 'm'));
      assert.match(stderr, new RegExp(`^warning: paper\\.tex names the bibliography ${escape(join(dir, 'absent.bib'))}, which does not exist`, 'm'));
      assert.match(stdout, /paper\.tex:4 zeileis2004 supported: Zeileis \(2004\), p\. 2/);
      assert.match(stdout, /paper\.tex:7 clusteredZeileis supported: Zeileis et al\. \(2020\), p\. 2/);
    }));

  it("a draft kept outside the library, whose own bib's file field names an indexed PDF nothing else is known of (no record yet), checks against that PDF", () =>
    withIndexedLibrary(async (root, db, dir) => {
      await writePdf(join(root, 'papers/notes.pdf'), [
        {
          lines: [
            'the wild cluster bootstrap draws its factors from the rademacher',
            'distribution by default, taking the values -1 and 1 with probability 0.5.',
          ],
        },
      ]);
      const run = indexFolder({ root, dbDir: db, embedder: null, workers: 1 });
      while (!(await run.next()).done);
      await mkdir(join(dir, 'manuscript'));
      await writeFile(join(dir, 'manuscript/own.bib'), '@misc{notes2024,\n  title = {Bootstrap Notes},\n  file = {:../library/papers/notes.pdf:PDF}\n}\n');
      await writeFile(
        join(dir, 'manuscript/draft.md'),
        '---\nbibliography: own.bib\n---\n\nThe wild cluster bootstrap draws Rademacher factors by default [@notes2024].\n',
      );
      const { code, stdout, stderr } = await runCli(['check', root, join(dir, 'manuscript/draft.md'), '--db', db]);
      assert.equal(code, 0, stdout + stderr);
      assert.match(stdout, /draft\.md:5 notes2024 supported: papers\/notes\.pdf, p\. 1/);
    }));

  it('a 2 MB draft is checked, and a draft that does not exist or a missing argument is one clear line', () =>
    withIndexedLibrary(async (root, db, dir) => {
      const prose = 'Robust covariance estimation has a long history in econometrics and statistics. ';
      const big = `${prose.repeat(Math.ceil(2_000_000 / prose.length))}\n\nBy default the vcovHC() function computes the HC3 estimator [@zeileis2004].\n`;
      await writeFile(join(dir, 'big.md'), `---\nbibliography: ${join(root, 'refs.bib')}\n---\n\n${big}`);
      const large = await runCli(['check', root, join(dir, 'big.md'), '--db', db], { timeoutMs: 120_000 });
      assert.equal(large.code, 0, large.stderr);
      assert.match(large.stdout, /zeileis2004 supported: Zeileis \(2004\), p\. 2/);

      const missing = await runCli(['check', root, join(dir, 'nowhere.tex'), '--db', db]);
      assert.equal(missing.code, 1);
      assert.equal(missing.stderr, `error: ${join(dir, 'nowhere.tex')}: no such file: give the path of a .tex, .md, .qmd or .Rmd draft\n`);
      const usage = await runCli(['check', root]);
      assert.equal(usage.code, 2);
      assert.match(usage.stderr, /missing <file>/);
      assert.match(usage.stderr, /check <folder> <file> \[--db DIR\]/);
    }));
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
