import assert from 'node:assert/strict';
import { listCounts } from '../../../src/core/manuscript/check/listCount';
import { claimOf, judgePassage } from '../../../src/core/manuscript/check/passageSupport';

// The xts paper's p. 4 (Ryan and Ulrich 2008), as its PDF's text gives it.
const XTS =
  'The index of an xts object must be of a known and supported time or date class. At present this includes any one of the following - Date, POSIXct, chron, yearmon, yearqtr, or timeDate. The relative merits of each are left to the judgement of the user.';

const missing = (sentence: string, passage: string) => judgePassage(claimOf(sentence), passage, new Map()).missing.map((f) => f.text);

describe('manuscript check: a list the page writes out counts its items', () => {
  it('counts a plain list of short items, the last joined by "and" or "or"', () => {
    assert.deepEqual(listCounts('any one of the following - Date, POSIXct, chron, yearmon, yearqtr, or timeDate.'), [6]);
    assert.deepEqual(listCounts('We compare apples, pears and plums.'), [3]);
    // Clauses split by commas are no list.
    assert.deepEqual(listCounts('If the model fits, then the test is run, and the result is reported in the second table.'), []);
  });

  it('holds "one of six known time or date classes" on the page that lists six of them', () => {
    const sentence = 'The xts class requires its index to belong to one of six known time or date classes, among them Date, POSIXct and timeDate.';
    assert.deepEqual(missing(sentence, XTS), []);
    // A count the list does not give stays missing.
    assert.deepEqual(missing(sentence.replace('six', 'seven'), XTS), ['seven']);
  });
});
