import assert from 'node:assert/strict';
import { collectWords, dehyphenate } from '../../../src/core/index/pipeline/extract/dehyphenate';
import { describePages, joinTextItems, normalizePageText } from '../../../src/core/index/pipeline/extract/pageText';

function dictionary(text: string): Set<string> {
  const words = new Set<string>();
  collectWords(text, words);
  return words;
}

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

  it('normalises odd spaces, invisible characters, trailing spaces and blank-line runs', () => {
    assert.equal(normalizePageText('a\u00a0b\tc\u2009d  e \n\n\n\n f\u200b\u0007g\r\nh '), 'a b c d e\n\nfg\nh');
    assert.equal(normalizePageText('soft\u00adhy\u00ad\nphen'), 'softhy\u00ad\nphen');
  });

  it('puts punctuation that pdf.js stranded on the next line back after its word', () => {
    assert.equal(normalizePageText('in littleCMS\n. The command\nmore'), 'in littleCMS.\nThe command\nmore');
    assert.equal(normalizePageText('larger expressions\n.\nA Unix shell'), 'larger expressions.\nA Unix shell');
    assert.equal(normalizePageText('In particular\n, it may'), 'In particular,\nit may');
    assert.equal(normalizePageText('(mDNS, Zeroconf\n) in addition'), '(mDNS, Zeroconf)\nin addition');
    assert.equal(normalizePageText('source it:\n. ~/.bashrc\nlist = [a, b\n]'), 'source it:\n. ~/.bashrc\nlist = [a, b\n]');
  });

  it('joins syllable breaks and moves the rest of the word up, never leaving a blank line', () => {
    const words = dictionary('');
    assert.equal(dehyphenate('the configu-\nration is read\nnext', words), 'the configuration\nis read\nnext');
    assert.equal(dehyphenate('softhy\u00ad\nphen', words), 'softhyphen');
    assert.equal(dehyphenate('a configu-\nration\nnext', words), 'a configuration\nnext');
    assert.equal(dehyphenate('the com-\nmand.\nNext, com-\nmands, then', words), 'the command.\nNext, commands,\nthen');
    assert.equal(dehyphenate('(DNS, Zero-\nconf) in use', words), '(DNS, Zeroconf)\nin use');
  });

  it('keeps hyphens that are real: capitals, digits, longer compounds', () => {
    const words = dictionary('');
    assert.equal(dehyphenate('Anglo-\nSaxon and page-\n12', words), 'Anglo-\nSaxon and page-\n12');
    assert.equal(dehyphenate('run auto-multiple-\nchoice now', words), 'run auto-multiple-\nchoice now');
    assert.equal(dehyphenate('see auto-\nmultiple-choice', words), 'see auto-\nmultiple-choice');
  });

  it('lets the document decide between a compound and a broken word', () => {
    const document = 'a multiple-choice test; the command line; another multiple-choice sheet';
    const words = dictionary(document);
    assert.equal(dehyphenate('a multiple-\nchoice exam', words), 'a multiple-\nchoice exam');
    assert.equal(dehyphenate('the com-\nmand runs', words), 'the command\nruns');
  });

  it('describes page lists as short ranges', () => {
    assert.equal(describePages([4]), 'page 4');
    assert.equal(describePages([6, 7, 8, 9, 10, 11]), 'pages 6-11');
    assert.equal(describePages([2, 5, 6, 7, 9]), 'pages 2, 5-7, 9');
  });
});
