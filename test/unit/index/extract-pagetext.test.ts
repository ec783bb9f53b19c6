import assert from 'node:assert/strict';
import { cleanPageText, describePages, joinTextItems } from '../../../src/core/index/extract/pageText';

describe('page text hygiene', () => {
  it('joins pdf.js text items into lines at their line ends, skipping marked content', () => {
    const items = [
      { str: 'Hello', hasEOL: false },
      { str: ' ', hasEOL: false },
      { str: 'world', hasEOL: true },
      { type: 'beginMarkedContent' },
      { str: 'next line', hasEOL: false },
    ];
    assert.equal(joinTextItems(items), 'Hello world\nnext line');
  });

  it('removes line-break hyphens between lowercase word parts, keeping the line count', () => {
    assert.equal(cleanPageText('the configu-\nration is read\nnext'), 'the configuration\nis read\nnext');
    assert.equal(cleanPageText('soft\u00adhy\u00ad\nphen'), 'softhyphen');
    assert.equal(cleanPageText('Anglo-\nSaxon and page-\n12'), 'Anglo-\nSaxon and page-\n12');
  });

  it('normalises odd spaces, invisible characters, trailing spaces and blank-line runs', () => {
    assert.equal(cleanPageText('a\u00a0b\tc\u2009d  e \n\n\n\n f\u200b\u0007g\r\nh '), 'a b c d e\n\nfg\nh');
  });

  it('describes page lists as short ranges', () => {
    assert.equal(describePages([4]), 'page 4');
    assert.equal(describePages([6, 7, 8, 9, 10, 11]), 'pages 6-11');
    assert.equal(describePages([2, 5, 6, 7, 9]), 'pages 2, 5-7, 9');
  });
});
