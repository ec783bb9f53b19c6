/**
 * A text file a user named or a folder holds, read so that it cannot stall or flood: a FIFO, a
 * device or a /proc file is refused at once with what it is; a file over the limit is refused
 * without being read; the bytes are decoded as what they are (UTF-8, UTF-16 with or without a
 * byte-order mark, else Windows-1252, named).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeText, readTextFile, UnreadableFileError } from '../../../src/core/text/readTextFile';
import { withTempDir } from '../../support/tempDir';

const TEXT = '@article{k, title = {Über Bayes}}\n';

async function refusal(path: string, maxBytes = 1024): Promise<UnreadableFileError> {
  const error = await readTextFile(path, maxBytes).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(error instanceof UnreadableFileError, String(error));
  return error;
}

describe('text files read within limits (core/text/readTextFile)', () => {
  it('decodes UTF-8, UTF-16 with and without a byte-order mark, and names Windows-1252', () => {
    assert.deepEqual(decodeText(Buffer.from(`\ufeff${TEXT}`, 'utf8')), { text: TEXT, encoding: 'utf-8' });
    assert.deepEqual(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')])), { text: TEXT, encoding: 'utf-16le' });
    assert.deepEqual(decodeText(Buffer.from(TEXT, 'utf16le')), { text: TEXT, encoding: 'utf-16le' });
    const be = Buffer.from(TEXT, 'utf16le').swap16();
    assert.deepEqual(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be])), { text: TEXT, encoding: 'utf-16be' });
    assert.deepEqual(decodeText(be), { text: TEXT, encoding: 'utf-16be' });
    assert.deepEqual(decodeText(Buffer.from(TEXT, 'latin1')), { text: TEXT, encoding: 'windows-1252' });
  });

  it('refuses a FIFO at once (no writer ever comes), a device, a /proc file and a folder, saying what each is', () =>
    withTempDir(async (dir) => {
      const fifo = join(dir, 'refs.bib');
      execFileSync('mkfifo', [fifo]);
      assert.equal((await refusal(fifo)).detail, 'a FIFO (named pipe), not a regular file');
      assert.equal((await refusal('/dev/zero')).detail, 'a character device, not a regular file');
      assert.equal((await refusal('/proc/self/status')).reason, 'system-file');
      assert.equal((await refusal(dir)).reason, 'not-a-file');
      assert.equal((await refusal(join(dir, 'none.bib'))).reason, 'missing');
    }));

  it('refuses a file over the limit without reading it, and reads one within it', () =>
    withTempDir(async (dir) => {
      const path = join(dir, 'big.bib');
      await writeFile(path, 'x'.repeat(5000));
      const error = await refusal(path, 4096);
      assert.equal(error.reason, 'too-large');
      assert.equal(error.detail, '5 KB, over the 4 KB this reads');
      assert.equal((await readTextFile(path, 5000)).text.length, 5000);
    }));
});
