/**
 * Parsing time grows with the draft's length, ordinary or hostile. A parser that rescans ahead at
 * each bracket takes minutes on a megabyte of `[@a ` (it took 70 s for 300 KB); this one takes
 * well under a second. Each draft gets a generous bound on the process's CPU time (not wall time,
 * which other processes on a shared machine stretch): far above what a linear parse needs even on
 * a loaded machine, far below what a quadratic one takes.
 */
import assert from 'node:assert/strict';
import { parseDraft } from '../../../src/core/manuscript/parse/parseDraft';
import type { DraftFormat } from '../../../src/core/manuscript/parsedDraft';

const MEGABYTE = 1_000_000;
/** CPU seconds a 1 MB draft may take: about 0.1-0.5 s are needed; a quadratic parse takes minutes. */
const CPU_BOUND_MS = 20_000;

function cpuMs(text: string, format: DraftFormat): number {
  const start = process.cpuUsage();
  parseDraft(text, format);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function assertParsesInBound(unit: string, format: DraftFormat, length = MEGABYTE): void {
  const text = unit.repeat(Math.ceil(length / unit.length));
  const ms = cpuMs(text, format);
  assert.ok(ms < CPU_BOUND_MS, `${JSON.stringify(unit.slice(0, 16))} repeated to ${(text.length / MEGABYTE).toFixed(1)} MB took ${ms.toFixed(0)} ms of CPU`);
}

describe('manuscript: parsing time grows with the draft, not its square', function () {
  // A quadratic parser would take many minutes here: the timeout ends it as a failure instead of a hang.
  this.timeout(180_000);

  it('an ordinary draft of 2 MB', () => {
    const paragraph = 'The sandwich estimator is robust, e.g. to heteroskedasticity [@zeileis2004econometric, p. 3]. See `vcovHC()` and \\cite{x} on p. 4.\n\n';
    const parsed = parseDraft(paragraph.repeat(16000), 'markdown');
    assert.equal(parsed.sentences.length, 16000);
    assertParsesInBound(paragraph, 'markdown', 2 * MEGABYTE);
  });

  it('hostile Markdown of 1 MB: `[@a `, footnotes, comments, code spans and link targets never closed, brackets nested hundreds deep', () => {
    for (const unit of ['[@a ', '^[@a ', '<!-- @a ', '`@a ', '[@a](', '@a [', `${'['.repeat(300)}@a${']'.repeat(300)} `]) assertParsesInBound(unit, 'markdown');
  });

  it('hostile LaTeX of 1 MB: `\\cite{`, notes, \\citeauthor, \\verb and \\lstinline never closed, braces nested hundreds deep', () => {
    const units = ['\\cite{', '\\citep[', '\\citeauthor{', '\\verb!', '\\lstinline[', '\\footnote{', `\\cite{${'{'.repeat(300)}a${'}'.repeat(300)}} `];
    for (const unit of units) assertParsesInBound(unit, 'latex');
  });

  it('a draft of half a million `\\cite{` lists 50 problems of that kind and counts the rest', () => {
    const parsed = parseDraft('\\cite{'.repeat(500_000), 'latex');
    assert.equal(parsed.problems.length, 50);
    assert.deepEqual(parsed.unlistedProblems, { 'unbalanced-braces': 499_950 });
  });
});
