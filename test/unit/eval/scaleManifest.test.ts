import assert from 'node:assert/strict';
import { hitFindsSource, parseQuestions, scoreItem } from '../../../src/core/eval/retrievalEval';
import { mapToScaleCorpus, parseScaleManifest, ScaleManifestError } from '../../../src/core/eval/scaleManifest';
import type { Provenance } from '../../../src/core/index/types';

const MANIFEST = [
  'volume\tvol_first_page\tvol_last_page\tsource\tsrc_first_page\tsrc_last_page',
  'volumes/vol-00001.pdf\t1\t20\tr/R-admin.pdf\t41\t60',
  'volumes/vol-00001.pdf\t21\t30\tbash/bashref.pdf\t1\t10',
  'volumes/vol-00002.pdf\t1\t5\tr/R-admin.pdf\t50\t54',
  '',
].join('\n');

const pdfHit = (path: string, page: number): Provenance => ({ path, pageStart: page, pageEnd: page, lineStart: null, lineEnd: null });

describe('scale corpus manifest', () => {
  it('maps a question page to originals/ and to every volume page that repeats it', () => {
    const [question] = mapToScaleCorpus(
      parseQuestions(
        JSON.stringify({
          id: 'q',
          kind: 'multi-hop',
          question: 'q?',
          sources: [
            { file: 'r/R-admin.pdf', pages: [52, 70] },
            { file: 'nodejs/cli.md', pages: [], lines: [3, 9] },
          ],
        }),
      ),
      parseScaleManifest(MANIFEST),
    );
    const [pdf, text] = question!.sources;
    assert.deepEqual(pdf, {
      file: 'originals/r/R-admin.pdf',
      pages: [52, 70],
      lines: null,
      elsewhere: [
        // R-admin p. 52 is page 52 - 41 + 1 = 12 of vol-00001 and 52 - 50 + 1 = 3 of vol-00002; p. 70 is in no volume.
        { file: 'volumes/vol-00001.pdf', pages: [12], lines: null },
        { file: 'volumes/vol-00002.pdf', pages: [3], lines: null },
      ],
    });
    assert.deepEqual(text, { file: 'text/nodejs/cli.md', pages: [], lines: [3, 9] }, 'Markdown/text files live under text/ and in no volume');

    assert.ok(hitFindsSource(pdfHit('volumes/vol-00002.pdf', 3), pdf!));
    assert.ok(hitFindsSource(pdfHit('originals/r/R-admin.pdf', 70), pdf!));
    assert.ok(!hitFindsSource(pdfHit('volumes/vol-00002.pdf', 4), pdf!), 'a neighbouring volume page is another source page');
    assert.ok(!hitFindsSource(pdfHit('r/R-admin.pdf', 52), pdf!), 'the unmapped path is not in a scale corpus');
    const item = scoreItem(question!, [
      pdfHit('volumes/vol-00001.pdf', 12),
      pdfHit('x.pdf', 1),
      { path: 'text/nodejs/cli.md', pageStart: null, pageEnd: null, lineStart: 8, lineEnd: 20 },
    ]);
    assert.deepEqual(item.sourceRanks, [1, 3]);
  });

  it('rejects a file that is not a manifest, naming the line', () => {
    assert.throws(
      () => parseScaleManifest('volume\tsource\n'),
      (e) => e instanceof ScaleManifestError && e.message.startsWith('line 1'),
    );
    assert.throws(
      () => parseScaleManifest(MANIFEST + 'volumes/vol-00003.pdf\t1\tten\tr/R-admin.pdf\t1\t10\n'),
      (e) => e instanceof ScaleManifestError && e.message.startsWith('line 5'),
    );
  });
});
