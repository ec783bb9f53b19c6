import assert from 'node:assert/strict';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ExtractionError, failureFromError } from '../../../src/core/index/pipeline/extract';
import type { FileFailure } from '../../../src/core/index/types';
import { runAsUnprivileged } from '../../support/asOtherUser';
import { writePdf } from '../../support/pdfs';
import { withTempDir } from '../../support/tempDir';

async function fsError(action: Promise<unknown>): Promise<unknown> {
  return action.then(
    () => assert.fail('expected the filesystem to refuse'),
    (error: unknown) => error,
  );
}

describe('failureFromError', () => {
  it('maps real filesystem errors by their code', () =>
    withTempDir(async (root) => {
      const missing = await fsError(readFile(join(root, 'missing.pdf')));
      const directory = await fsError(readFile(root));
      assert.deepEqual(failureFromError('missing.pdf', missing), {
        path: 'missing.pdf',
        code: 'vanished',
        reason: 'file was removed or renamed while indexing',
      });
      assert.equal(failureFromError('dir', directory).code, 'unreadable');
    }));

  it("keeps an ExtractionError's code and message", () => {
    const error = new ExtractionError('no-text', 'no extractable text (scanned images? run OCR first)');
    assert.deepEqual(failureFromError('a.pdf', error), {
      path: 'a.pdf',
      code: 'no-text',
      reason: 'no extractable text (scanned images? run OCR first)',
    });
  });

  it('turns an unknown error into a one-line failed reason, never throwing', () => {
    const failure = failureFromError('x.md', new RangeError('first line\nstack-ish second line'));
    assert.deepEqual(failure, { path: 'x.md', code: 'failed', reason: 'unexpected error: RangeError: first line' });
    assert.equal(failureFromError('y.md', 'a string').code, 'failed');
  });

  it('reports a file the user may not read as unreadable (a real EACCES)', () =>
    withTempDir(async (root) => {
      await chmod(root, 0o755);
      await writePdf(join(root, 'private.pdf'), ['secret']);
      await writeFile(join(root, 'private.md'), '# secret\n');
      await writeFile(join(root, 'open.md'), '# open\n');
      for (const name of ['private.pdf', 'private.md']) await chmod(join(root, name), 0o000);
      const info = await stat(join(root, 'private.pdf'));

      const failures = await runAsUnprivileged<FileFailure[]>(
        root,
        ['src/core/index/pipeline/extract'],
        `const { createExtractor, failureFromError } = src('src/core/index/pipeline/extract');
         const extractor = createExtractor({ workers: 0 });
         const failures = [];
         for (const [name, kind] of [['private.pdf', 'pdf'], ['private.md', 'markdown'], ['open.md', 'markdown']]) {
           const file = { path: name, absPath: ${JSON.stringify(root)} + '/' + name, kind, size: ${info.size}, mtimeMs: 0 };
           await extractor.extract(file).catch((error) => failures.push(failureFromError(name, error)));
         }
         print(failures);`,
      );

      assert.deepEqual(failures, [
        { path: 'private.pdf', code: 'unreadable', reason: 'permission denied: check its permissions' },
        { path: 'private.md', code: 'unreadable', reason: 'permission denied: check its permissions' },
      ]);
    }));
});
