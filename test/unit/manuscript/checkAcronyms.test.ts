import assert from 'node:assert/strict';
import { acronymsOf } from '../../../src/core/manuscript/check/acronyms';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

describe('manuscript check: words a paper abbreviates', () => {
  it('reads the initials of three or four words in a row of a clause ("nonlinear least-squares" for nls, "generalized linear models" for glm)', () => {
    const acronyms = acronymsOf('Estimates exist for generalized linear models, Cox models and nonlinear least-squares fits.');
    assert.deepEqual(acronyms.get('gener'), ['glm']);
    assert.ok(acronyms.get('nonli')?.includes('nls'));
    // Two initials are too often a word of their own; a run does not cross a comma ("models, Cox").
    assert.equal([...acronyms.values()].flat().includes('ls'), false);
    assert.equal([...acronyms.values()].flat().includes('mcm'), false);
  });

  it('counts a page that writes the abbreviation as holding the words it abbreviates', () => {
    const claim = claimOf('Bread estimates are supplied for generalized linear models and nonlinear least-squares fits.');
    const page = 'Bread estimates are supplied for glm and nls objects, see the methods below.';
    const withAcronyms = judgePassage(claim, page, new Map()).coverage;
    const without = judgePassage({ ...claim, acronyms: new Map() }, page, new Map()).coverage;
    assert.ok(withAcronyms > without + 0.3, `${withAcronyms} against ${without}`);
  });
});
