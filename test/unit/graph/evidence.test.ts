/**
 * The passages block grading, the answer and its check share: each passage trimmed to the lines
 * that carry the question's words, a file named once, and a block cut shorter still a prefix of
 * the longer one (what lets the server reuse it).
 */
import assert from 'node:assert/strict';
import { EVIDENCE_CHARS, evidenceLimits, evidenceOf, evidenceQuestion, renderPassages } from '../../../src/core/graph/evidence';
import { promptSanitiser } from '../../../src/core/graph/passages';
import type { SearchHit } from '../../../src/core/index/types';

const filler = (topic: string, n: number) => Array.from({ length: n }, (_, i) => `Line ${i} of the ${topic} section talks about something else entirely.`);

function hit(id: string, path: string, text: string, heading: string | null = null): SearchHit {
  return { id, path, pageStart: 3, pageEnd: 3, lineStart: null, lineEnd: null, heading, text, score: 1 };
}

describe('the shared passages block', () => {
  it('keeps a short passage whole', () => {
    assert.equal(evidenceOf('The default hello_timeout is 30 seconds.', 'What is the default hello_timeout?', 500), 'The default hello_timeout is 30 seconds.');
  });

  it('trims a long passage to the lines with the question’s words, marking what was left out', () => {
    const text = [
      ...filler('installation', 12),
      'The hello_timeout option sets how long the daemon waits.',
      'Its default value is 30 seconds.',
      ...filler('logging', 12),
    ].join('\n');
    const kept = evidenceOf(text, 'What is the default hello_timeout of the daemon?', 400);
    assert.match(kept, /^… /);
    assert.match(kept, / …$/);
    assert.match(kept, /The hello_timeout option sets how long the daemon waits\.\nIts default value is 30 seconds\./);
    assert.ok(kept.length <= 400 + 160 + 4, `${kept.length} characters`);
  });

  it('trims to the user’s own words too when the rewritten question lost them (a clicked follow-up, a weak rewrite)', () => {
    const text = [
      ...filler('installation', 12),
      'The hello_timeout option sets how long the daemon waits.',
      'Its default value is 30 seconds.',
      ...filler('logging', 12),
    ].join('\n');
    const question = evidenceQuestion({ question: 'the daemon hello_timeout', strategy: { standaloneQuestion: 'Answer in the JSON format requested.' } });
    assert.match(evidenceOf(text, question, 400), /Its default value is 30 seconds\./);
    assert.equal(evidenceQuestion({ question: 'same', strategy: { standaloneQuestion: 'same' } }), 'same');
  });

  it('gives a passage holding the question’s words more room than one that does not', () => {
    const question = 'Which kernel smooths the moment conditions?';
    const strong = hit('a', 'gmm.pdf', 'The kernel smooths the moment conditions. ' + filler('x', 20).join('\n'));
    const weak = hit('b', 'other.pdf', filler('y', 20).join('\n'));
    assert.deepEqual(evidenceLimits([strong, weak], question), [EVIDENCE_CHARS.strong, EVIDENCE_CHARS.weak]);
  });

  it('names a file and its paper on its first passage, a later one by that passage, and a block cut shorter is a prefix', () => {
    const paper = { authors: 'Chaussé', year: 2010, title: 'Computing GMM' };
    const hits = [
      { ...hit('a', 'gmm.pdf', 'The kernel is Bartlett.', 'Kernels'), paper },
      hit('b', 'other.pdf', 'Nothing about kernels here.'),
      { ...hit('c', 'gmm.pdf', 'The bandwidth follows Andrews.', 'Kernels'), paper },
      { ...hit('d', 'gmm.pdf', 'Starting values matter.', 'Estimation'), paper },
    ];
    const clean = promptSanitiser();
    const rendered = renderPassages(hits, 'Which kernel?', clean);
    assert.match(rendered[0]!, /^<document n="1" file="gmm\.pdf" paper="Chaussé \(2010\) Computing GMM" location="p\. 3" section="Kernels">/);
    assert.match(rendered[2]!, /^<document n="3" same-file-as="1" location="p\. 3">\n/);
    assert.match(rendered[3]!, /^<document n="4" same-file-as="1" location="p\. 3" section="Estimation">\n/);
    for (let k = 1; k <= hits.length; k++) assert.deepEqual(renderPassages(hits.slice(0, k), 'Which kernel?', clean), rendered.slice(0, k));
  });
});
