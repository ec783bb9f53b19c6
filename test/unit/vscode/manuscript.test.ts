import assert from 'node:assert/strict';
import { historyFromTurns, SOURCES_HEADING, type ChatTurn } from '../../../src/vscode/pure/chatHistory';
import { insertCitationUri } from '../../../src/vscode/pure/citationLinks';
import { markdownLink } from '../../../src/vscode/pure/documentText';
import { PARTICIPANT_ID } from '../../../src/vscode/pure/commandIds';
import { appendedEntries, bibEntryQuestion, diagnosticMessage, isDraftPath } from '../../../src/vscode/pure/manuscript';
import type { EngineCitationCheck } from '../../../src/vscode/engine/contract';

const at = { offset: 0, line: 3, column: 1 };
const check = (over: Partial<EngineCitationCheck>): EngineCitationCheck => ({
  key: 'zeileis2004',
  line: 3,
  verdict: 'not-found',
  reason: 'the closest page does not state "Rademacher"',
  keyRange: { start: at, end: at },
  sentenceRange: { start: at, end: at },
  sentence: 'The wild bootstrap draws Rademacher weights.',
  evidence: { path: 'papers/sandwich.pdf', page: 4, text: 'HC3 by default.', label: 'Zeileis (2004), p. 4' },
  suggested: null,
  ...over,
});

describe('editor: manuscript tools without an editor', () => {
  it('knows drafts by name: .tex, .md, .qmd and .Rmd (the last two have no built-in language id)', () => {
    assert.deepEqual(['a/paper.tex', 'notes.md', 'report.qmd', 'analysis.Rmd', 'analysis.rmd', 'refs.bib', 'paper.pdf', 'tex'].map(isDraftPath), [
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("a flagged citation's diagnostic says why and names the paper that does say it", () => {
    assert.equal(
      diagnosticMessage(
        check({ suggested: { path: 'papers/clustered.pdf', page: 2, text: 'Rademacher', label: 'Zeileis et al. (2020), p. 2', key: 'zeileis2020' } }),
      ),
      'zeileis2004: not found in the cited paper (the closest page does not state "Rademacher"). Zeileis et al. (2020), p. 2 says this (zeileis2020).',
    );
    assert.equal(
      diagnosticMessage(check({ verdict: 'contradicted', reason: 'the paper says 30 where the sentence says 24' })),
      'zeileis2004: contradicted by the cited paper, Zeileis (2004), p. 4: the paper says 30 where the sentence says 24.',
    );
    assert.equal(
      diagnosticMessage(check({ verdict: 'not-in-library', reason: 'smith2021 is in no bib file', key: 'smith2021', evidence: null })),
      'smith2021: not in your library: smith2021 is in no bib file.',
    );
  });

  it('a citation whose sentence a library paper credits to another work: the diagnostic says so after the verdict', () => {
    const attribution = {
      path: 'papers/ctree.pdf',
      page: 1,
      sentence: 'Exhaustive search favours covariates with many splits, as shown by .',
      works: [{ name: 'Zeileis (2004)', path: 'papers/sandwich.pdf', key: 'zeileis2004' }],
      text: 'Hothorn et al. (2006) say this citing Zeileis (2004) [their p. 1]; cite Zeileis (2004), key zeileis2004?',
    };
    assert.equal(
      diagnosticMessage(check({ verdict: 'supported', key: 'hothorn2006', attribution })),
      'hothorn2006: supported by Zeileis (2004), p. 4. Hothorn et al. (2006) say this citing Zeileis (2004) [their p. 1]; cite Zeileis (2004), key zeileis2004?',
    );
  });

  it('asks before adding entries, showing them, and appends them after one blank line', () => {
    const edit = {
      file: '/w/refs.bib',
      exists: false,
      entries: [{ key: 'chausse2010computing', text: '@misc{chausse2010computing,\n  title = {GMM}\n}\n', path: 'p.pdf' }],
      start: 0,
      end: 0,
      text: '',
    };
    assert.deepEqual(
      bibEntryQuestion([edit], (p) => p.split('/').pop()!),
      {
        message: 'chausse2010computing is not in refs.bib. Add its entry to refs.bib (it does not exist yet: it is created)?',
        detail: '@misc{chausse2010computing,\n  title = {GMM}\n}',
      },
    );
    const bib = '@article{a,\n  title = {A}\n}\n\n\n';
    const appended = appendedEntries(bib, edit.entries);
    assert.equal(bib.slice(0, appended.start) + appended.text, '@article{a,\n  title = {A}\n}\n\n@misc{chausse2010computing,\n  title = {GMM}\n}\n');
  });

  it('the Sources list\'s "insert" links never reach the model: history keeps the answer alone', () => {
    const insert = markdownLink('insert', insertCitationUri('t1', { index: 1, file: 'papers/a.pdf', page: 3 }), 'Insert it');
    assert.match(insert, /\(command:local-research\.insertCitation\?/);
    const turns: ChatTurn[] = [
      { participant: PARTICIPANT_ID, kind: 'request', prompt: 'q' },
      {
        participant: PARTICIPANT_ID,
        kind: 'response',
        markdown: `HC3 is the default [1].${SOURCES_HEADING}- [1] Zeileis (2004), p. 3 · ${insert}`,
        metadata: undefined,
      },
    ];
    assert.equal(historyFromTurns(turns, 10)[1]!.content, 'HC3 is the default [1].');
  });
});
