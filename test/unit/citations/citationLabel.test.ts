import assert from 'node:assert/strict';
import type { Citation } from '../../../src/core/graph/api';
import { citationLabel } from '../../../src/core/citations/citationLabel';

const cite = (c: Partial<Citation>): Citation => ({ index: 1, file: 'manual.pdf', snippet: '', ...c }) as Citation;

describe('chat: how a citation is named in the Sources list', () => {
  it('a page, a page range, lines, paragraphs of a .docx, or just the file', () => {
    assert.equal(citationLabel(cite({ page: 4 })), 'manual.pdf, p. 4');
    assert.equal(citationLabel(cite({ page: 4, pageEnd: 5 })), 'manual.pdf, pp. 4-5');
    assert.equal(citationLabel(cite({ file: 'notes/ssh.md', lines: [3, 9] })), 'notes/ssh.md, lines 3-9');
    assert.equal(citationLabel(cite({ file: 'report.docx', lines: [2, 2] })), 'report.docx, paragraph 2');
    assert.equal(citationLabel(cite({ file: 'page.html' })), 'page.html');
  });
});
