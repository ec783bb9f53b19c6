/**
 * A generated entry and inserted citations, read by real tools rather than by our own parser:
 * Debian's pandoc (2.17, `--citeproc`) renders the Markdown draft's citations and reference list,
 * and reads the LaTeX draft's natbib commands and `\bibliography{…}` with its own BibTeX reader.
 * Needs the Debian package `pandoc`.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { scanBib } from '../../../src/core/manuscript/bib/bibScan';
import { bibEntryFor, withEntry } from '../../../src/core/manuscript/bib/generateEntry';
import { answerText } from '../../../src/core/manuscript/insert/answerText';
import { documentSetup } from '../../../src/core/manuscript/setup/documentSetup';
import { nodeDraftFiles } from '../../../src/core/manuscript/setup/files';
import type { CitationRequest } from '../../../src/core/manuscript/insert/citationText';
import type { Field, PaperRecord } from '../../../src/core/papers/record';
import { withTempDir } from '../../support/tempDir';

const run = promisify(execFile);
/** The manuscript set's bibliography: a copy of the papers library's refs.bib, plus entries for papers it lacks. */
const REFS = resolve(__dirname, '../../eval/manuscript/workspace/references.bib');

const field = <T>(value: T): Field<T> => ({ value, source: 'page-text', confidence: 0.9 });
/** inference/coin.pdf as its record would read: no year printed, no bib entry. */
const coin: PaperRecord = {
  path: 'inference/coin.pdf',
  title: field('coin: A Computational Framework for Conditional Inference'),
  authors: field([
    { family: 'Hothorn', given: 'Torsten' },
    { family: 'Hornik', given: 'Kurt' },
    { family: 'van de Wiel', given: 'Mark' },
    { family: 'Zeileis', given: 'Achim' },
  ]),
  venue: field('package vignette (coin)'),
};
const answer = 'Permutation tests share one framework in coin [1], while sandwich supplies the HAC estimators [2].';

async function pandoc(cwd: string, file: string): Promise<string> {
  try {
    const { stdout } = await run('pandoc', [file, '--citeproc', '--to', 'plain', '--wrap', 'none'], { cwd });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('pandoc is not installed: apt-get install pandoc (Debian 12 ships 2.17)', { cause: error });
    throw error;
  }
}

/** The draft's bibliography gains the generated entry (the edit a user accepts), and the answer is inserted with its citations. */
async function insertInto(dir: string, draftName: string, draftText: (body: string) => string, format: 'latex' | 'markdown'): Promise<string> {
  await copyFile(REFS, join(dir, 'refs.bib'));
  const draftPath = join(dir, draftName);
  await writeFile(draftPath, draftText(''));
  const setup = await documentSetup(draftPath, draftText(''), format, nodeDraftFiles);
  assert.equal(setup.target, join(dir, 'refs.bib'));
  const bib = await readFile(setup.target!, 'utf8');
  const entry = bibEntryFor(coin, scanBib(bib).entries, { pdfFromBib: '../inference/coin.pdf' });
  assert.equal(entry.kind, 'new');
  if (entry.kind !== 'new') throw new Error('unreachable');
  await writeFile(setup.target!, withEntry(bib, entry.text));
  const sources = new Map<number, CitationRequest>([
    [1, { key: entry.key, page: 1 }],
    [2, { key: 'zeileis2004econometric', page: 5 }],
  ]);
  const inserted = answerText(setup, answer, sources);
  await writeFile(draftPath, draftText(inserted.text));
  return pandoc(dir, draftName);
}

describe('manuscript: a generated entry and inserted citations through pandoc', function () {
  this.timeout(60000);

  it('Markdown: pandoc --citeproc renders the citations with their pages and the generated entry in the reference list', () =>
    withTempDir(async (dir) => {
      const out = await insertInto(dir, 'draft.md', (body) => `---\nbibliography: refs.bib\n---\n\n${body}\n`, 'markdown');
      assert.match(
        out,
        /Permutation tests share one framework in coin \(Hothorn et al\., n\.d\., 1\), while sandwich supplies the HAC estimators \(Zeileis 2004, 5\)\./,
      );
      assert.match(
        out,
        /^Hothorn, Torsten, Kurt Hornik, Mark van de Wiel, and Achim Zeileis\. n\.d\. “Coin: A Computational Framework for Conditional Inference\.” package vignette \(coin\)\.$/m,
      );
      assert.match(out, /^Zeileis, Achim\. 2004\. “Econometric Computing with HC and HAC Covariance Matrix Estimators\.”/m);
    }));

  it("LaTeX with natbib: pandoc's BibTeX reader finds the generated entry through \\bibliography{refs}", () =>
    withTempDir(async (dir) => {
      const tex = (body: string) => `\\documentclass{article}\n\\usepackage{natbib}\n\\begin{document}\n${body}\n\\bibliography{refs}\n\\end{document}\n`;
      const out = await insertInto(dir, 'draft.tex', tex, 'latex');
      // The inserted `~` before each citation is a tie: pandoc writes it as a no-break space.
      assert.match(
        out,
        /Permutation tests share one framework in coin\u00a0\(Hothorn et al\., n\.d\., 1\), while sandwich supplies the HAC estimators\u00a0\(Zeileis 2004, 5\)\./,
      );
      assert.match(
        out,
        /^Hothorn, Torsten, Kurt Hornik, Mark van de Wiel, and Achim Zeileis\. n\.d\. “Coin: A Computational Framework for Conditional Inference\.” package vignette \(coin\)\.$/m,
      );
    }));
});
