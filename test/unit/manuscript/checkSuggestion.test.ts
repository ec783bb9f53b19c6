import assert from 'node:assert/strict';
import type { JudgedPage, KeyJudgement } from '../../../src/core/manuscript/check/judgeCitation';
import { THRESHOLDS, verdictOf } from '../../../src/core/manuscript/check/verdict';

const page = (path: string, pageNo: number, coverage: number): JudgedPage => ({
  passage: { path, page: pageNo, text: '…' },
  coverage,
  missing: [],
  contradicted: [],
  loose: [],
  inverted: null,
});

const judgement = (statesName: boolean): KeyJudgement => ({
  best: page('mixed-models/lmer.pdf', 33, 0.18),
  cited: null,
  locatorPages: null,
  contradicting: null,
  // Another paper's page that holds the sentence's names and most of its words, a little under the bar for a sentence of plain words.
  other: page('mixed-models/brms.pdf', 3, 0.46),
  weights: new Map(),
  statesNumber: false,
  numbers: 0,
  statesName,
});

const names = { keyForPath: (path: string) => (path.endsWith('brms.pdf') ? 'burkner2017brms' : null), pageLabel: (_: string, p: number) => String(p) };

describe('manuscript check: naming the paper a wrong citation belongs to', () => {
  it('names another paper whose page holds the sentence’s names (“Gelman”, “Titanic”) and the share of its words a supporting page needs', () => {
    const verdict = verdictOf(judgement(true), THRESHOLDS, names, true);
    assert.equal(verdict.verdict, 'not-found');
    assert.equal(verdict.suggested?.key, 'burkner2017brms');
    assert.equal(verdict.suggested?.page, 3);
  });

  it('asks more of a page when the sentence names nothing: plain words shared are weaker evidence', () => {
    const verdict = verdictOf(judgement(false), THRESHOLDS, names, true);
    assert.equal(verdict.verdict, 'not-found');
    assert.equal(verdict.suggested, null);
  });
});
