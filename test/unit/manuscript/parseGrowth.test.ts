/**
 * Parsing a draft takes time in proportion to its length, ordinary or hostile: 16 times the text
 * costs about 16 times the work, where a parser that rescans ahead at each bracket costs 256 times.
 * Measured as the process's CPU time (not wall time, which another process on a shared machine
 * stretches), the small draft's best of three, so the ratio between the sizes is what is compared;
 * the bound (60x) sits far from both 16x and 256x.
 */
import assert from 'node:assert/strict';
import { parseDraft } from '../../../src/core/manuscript/parse/parseDraft';
import type { DraftFormat } from '../../../src/core/manuscript/parsedDraft';

const GROWTH = 16;
const MAX_RATIO = 60;

function cpuMs(text: string, format: DraftFormat): number {
  const start = process.cpuUsage();
  parseDraft(text, format);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** CPU time of the large draft over the small one's; at least 2 ms is counted for the small one (a timer's grain). */
function growth(unit: string, smallLength: number, format: DraftFormat): { ratio: number; small: number; large: number } {
  const small = unit.repeat(Math.ceil(smallLength / unit.length));
  const large = small.repeat(GROWTH);
  const smallMs = Math.max(2, Math.min(cpuMs(small, format), cpuMs(small, format), cpuMs(small, format)));
  const largeMs = cpuMs(large, format);
  return { ratio: largeMs / smallMs, small: smallMs, large: largeMs };
}

function assertLinear(unit: string, smallLength: number, format: DraftFormat): void {
  const g = growth(unit, smallLength, format);
  assert.ok(g.ratio < MAX_RATIO, `${GROWTH}x the text took ${g.ratio.toFixed(0)}x the CPU time (${g.small.toFixed(0)} ms, then ${g.large.toFixed(0)} ms)`);
}

describe('manuscript: parsing time grows with the draft, not its square', function () {
  // A quadratic parser would take minutes here: the generous timeout ends it as a failure instead of a hang.
  this.timeout(120_000);

  it('an ordinary draft of 2 MB', () => {
    const paragraph = 'The sandwich estimator is robust, e.g. to heteroskedasticity [@zeileis2004econometric, p. 3]. See `vcovHC()` and \\cite{x} on p. 4.\n\n';
    const parsed = parseDraft(paragraph.repeat(16000), 'markdown');
    assert.equal(parsed.sentences.length, 16000);
    assertLinear(paragraph, 130_000, 'markdown');
  });

  it('Markdown: `[@a ` repeated, brackets never closed', () => assertLinear('[@a ', 20_000, 'markdown'));

  it('Markdown: brackets nested hundreds deep around a key', () => assertLinear(`${'['.repeat(300)}@a${']'.repeat(300)} `, 20_000, 'markdown'));

  it('Markdown: footnotes, comments, code spans and link targets never closed', () => {
    for (const unit of ['^[@a ', '<!-- @a ', '`@a ', '[@a](', '@a [']) assertLinear(unit, 20_000, 'markdown');
  });

  it('LaTeX: `\\cite{` repeated, a brace never closed', () => assertLinear('\\cite{', 20_000, 'latex'));

  it('LaTeX: notes, \\citeauthor, \\verb and \\lstinline never closed', () => {
    for (const unit of ['\\citep[', '\\citeauthor{', '\\verb!', '\\lstinline[', '\\footnote{']) assertLinear(unit, 20_000, 'latex');
  });

  it('LaTeX: braces nested hundreds deep', () => assertLinear(`\\cite{${'{'.repeat(300)}a${'}'.repeat(300)}} `, 20_000, 'latex'));
});
