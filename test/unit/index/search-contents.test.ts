/**
 * A book's table of contents holds its chapter titles, so a question naming the book and a topic
 * shares most of its words with it; search ranks the page that says the answer above it, unless
 * the question asks about the contents (real LanceDB, full-text).
 */
import assert from 'node:assert/strict';
import { buildRealIndex } from '../../support/realIndex';
import { withTempDir } from '../../support/tempDir';
import { isContentsPassage } from '../../../src/core/index/search/contentsPages';

const CONTENTS =
  '# The Maxima Book\n\nContents\n\n' +
  [
    '1 Introduction . . . . . . . . . . . . . . . . 7',
    '1.1 What is Maxima? . . . . . . . . . . . . . 7',
    '1.2 A Brief History of Macsyma coding . . . . . . 8',
    '2 Available Interfaces to Maxima . . . . . . . 10',
    '2.1 The Terminal Interface . . . . . . . . . . 10',
  ].join('\n\n') +
  '\n';
const HISTORY =
  '# A Brief History\n\nThe birthplace of Macsyma was Project MAC at MIT. The project was planned in 1968, ' +
  'and the work on it started in July 1969, long before personal computers.\n';

describe('search: a table of contents below the page that answers (real index, full-text)', function () {
  this.timeout(60_000);

  it('"According to The Maxima Book, when did coding of Macsyma begin?" finds the history page first; a question about chapters still finds the contents', () =>
    withTempDir(async (dir) => {
      const index = await buildRealIndex(dir, {
        'maxima/contents.md': CONTENTS,
        'maxima/history.md': HISTORY,
        'notes/other.md': '# Other\n\nNothing about it.\n',
      });
      try {
        const hits = await index.retriever.search('According to The Maxima Book, when did coding of Macsyma begin?', { k: 3, mode: 'fts' });
        assert.equal(hits[0]!.path, 'maxima/history.md', JSON.stringify(hits.map((h) => h.path)));
        const chapters = await index.retriever.search('Which section of The Maxima Book covers the terminal interface to Maxima?', { k: 3, mode: 'fts' });
        assert.equal(chapters[0]!.path, 'maxima/contents.md', JSON.stringify(chapters.map((h) => h.path)));
      } finally {
        index.close();
      }
    }));

  it('dot leaders to page numbers make a contents passage; a ruled line or two in prose do not', () => {
    assert.ok(isContentsPassage(CONTENTS));
    assert.ok(!isContentsPassage(HISTORY));
    assert.ok(!isContentsPassage('Fill in the form: name . . . . . . . . 1 and date . . . . . . 2, then sign.'));
  });
});
