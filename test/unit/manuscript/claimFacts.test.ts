import assert from 'node:assert/strict';
import { factsOf, stemOf, wordsOf } from '../../../src/core/manuscript/check/claimTerms';
import { numbersIn } from '../../../src/core/manuscript/check/numbers';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

const facts = (sentence: string) => factsOf(sentence).map((f) => (f.kind === 'number' ? `#${f.value}` : f.text));
const judged = (sentence: string, passage: string, context = '') => {
  const j = judgePassage(claimOf(sentence, context), passage, new Map());
  return {
    missing: j.missing.map((f) => f.text),
    contradicted: j.contradicted.map(({ claim, passage }) => ({ claim, passage })),
    coverage: Math.round(j.coverage * 100) / 100,
  };
};

describe('manuscript: what a cited sentence claims, and whether a passage states it', () => {
  it('takes numbers (digits, thousands, decimals, percentages, number words) and names (code, capitals, capitalised words inside the sentence)', () => {
    assert.deepEqual(facts('The vcovHC() function uses HC3, and kernHAC weights 5,000 draws by 6.7% over seventeen lags.'), [
      '#5000',
      '#6.7',
      '#17',
      'vcovHC',
      'HC3',
      'kernHAC',
    ]);
    assert.deepEqual(facts('Multipliers come from a Rademacher distribution in 2020.'), ['Rademacher']);
  });

  it('finds a number only in a passage sentence about the same thing, as digits or words', () => {
    assert.deepEqual(judged('The search starts from four candidate models.', 'Step 1: we try 4 possible models to start with.').missing, []);
    assert.deepEqual(judged('The search starts from four candidate models.', 'We try models. Table 4 lists the data.').missing, ['four']);
  });

  it('says which number the passage gives instead for what the sentence counts', () => {
    assert.deepEqual(
      judged('The framework distinguishes 24 such models.', 'Thus there are 30 potential models described in this classification.').contradicted,
      [{ claim: '24', passage: '30' }],
    );
    assert.deepEqual(judged('The example runs 8 chains of 5,000 iterations.', 'It is fitted using 4 chains, each with 2000 iterations.').contradicted, [
      { claim: '8', passage: '4' },
      { claim: '5,000', passage: '2000' },
    ]);
  });

  it('reads a name with its accents printed apart or left out, and a rough size ("a few thousand") as no figure to find', () => {
    assert.deepEqual(
      judged(
        'The exact test uses the shift algorithm of Streitberg and Röhmel.',
        'The shift algorithm by Streitberg and Ro¨hmel (1986) is used for the exact test.',
      ).missing,
      [],
    );
    assert.deepEqual(
      judged(
        'The exact test uses the shift algorithm of Streitberg and Röhmel.',
        'The shift algorithm by Streitberg and Rohmel (1986) is used for the exact test.',
      ).missing,
      [],
    );
    assert.deepEqual(facts('A few thousand posterior draws are usually enough, several hundred often too.'), []);
  });

  it('matches a name whole, and a capitalised word also as the start of a code name', () => {
    assert.deepEqual(judged('Bread methods cover Cox models and vcovHC.', 'bread() methods exist for "coxph" objects and vcovHAC.').missing, ['vcovHC']);
  });

  it('reads numbers written in words, compounds and scales included, as the numbers they are', () => {
    assert.deepEqual(
      numbersIn('Eight of the twenty-one points, two hundred and fifty draws, a hundred data sets, one in a thousand, 5,000 and 6.7%').map(
        (n) => `${n.text}=${n.value}`,
      ),
      ['Eight=8', 'twenty-one=21', 'two hundred and fifty=250', 'hundred=100', 'one=1', 'thousand=1000', '5,000=5000', '6.7%=6.7'],
    );
    assert.deepEqual(facts('Eight of the twenty-one stack loss points lie on one hyperplane.'), ['#8', '#21']);
    assert.deepEqual(
      judged('Eight of the twenty-one stack loss points lie on a hyperplane.', 'Note that 8 of the 21 points of the stack loss data fall on a hyperplane.')
        .missing,
      [],
    );
    assert.deepEqual(
      judged('The p-value falls below one in a thousand for the hazard ratio.', 'The hazard ratio has a p-value of less than 1 in 1000.').missing,
      [],
    );
  });

  it('takes a rounded number for the figure it rounds, when the sentence gives two significant digits or more', () => {
    assert.deepEqual(
      judged('The estimated difference of the long and short alleles is 1.19.', 'The estimate for long - short alleles is 1.1887500 here.').missing,
      [],
    );
    assert.deepEqual(judged('The fixed intercept of the sleep model is 251 ms.', 'The fixed intercept of the sleep model is 251.4 ms.').missing, []);
    assert.deepEqual(judged('The sleep model uses 2 random effects.', 'The sleep model uses 1.6 random effects.').missing, ['2']);
  });

  it('does not take a small number printed about something else (an equation, a parameter) for the sentence’s', () => {
    // "r = 3" in a sentence that shares only the paper's subject word with the claim.
    assert.deepEqual(
      judged('A three-component normal mixture fits the eruption waiting times.', 'We simulate a trivariate example with r = 3 here. Nothing else.').missing,
      ['three'],
    );
    assert.deepEqual(
      judged('A three-component normal mixture fits the eruption waiting times.', 'The waiting times of the eruptions are fitted by 3 normal components.')
        .missing,
      [],
    );
  });

  it('compares word forms by their stems and Greek letters by their names', () => {
    assert.equal(stemOf('played'), stemOf('play'));
    assert.equal(stemOf('studies'), stemOf('study'));
    assert.equal(stemOf('modelled'), stemOf('models'));
    assert.equal(stemOf('independently'), stemOf('independence'));
    assert.equal(stemOf('sets'), stemOf('set'));
    assert.deepEqual(wordsOf('the ϵ parameter at level α'), ['the', 'epsilon', 'parameter', 'at', 'level', 'alpha']);
    assert.equal(judged('OPTICS does not need epsilon in theory.', 'In theory the ϵ parameter is not needed by OPTICS.').coverage, 1);
  });

  it('reads a claim in the few sentences where the page says it, not in words scattered over the page', () => {
    const together = 'Filler text about other things. The tree stops growing when independence cannot be rejected. More filler.';
    const scattered =
      'The tree is described. Filler one. Filler two. Filler three. Growing forests is popular. Filler four. Filler five. ' +
      'Filler six. Independence tests exist. Filler seven. Filler eight. Filler nine. Nothing is rejected.';
    const sentence = 'The tree stops growing when independence cannot be rejected.';
    assert.equal(judged(sentence, together).coverage, 1);
    assert.ok(judged(sentence, scattered).coverage < 0.5, String(judged(sentence, scattered).coverage));
  });

  it('reads a claim spread over two sentences of the draft with the sentence before it', () => {
    const page =
      'A rank deficient design has infinitely many coefficient vectors giving the same fitted values; the pseudo-inverse gives the one of minimum norm.';
    const alone = judged('It picks the one with the smallest norm among them.', page).coverage;
    const withContext = judged(
      'It picks the one with the smallest norm among them.',
      page,
      'A rank-deficient design leaves infinitely many coefficient vectors with the same fitted values.',
    ).coverage;
    assert.ok(withContext > alone, `${withContext} > ${alone}`);
  });
});
