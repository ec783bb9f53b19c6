import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DiscoveredFile } from '../../../src/core/index/types';
import { extractFile } from '../../../src/core/index/pipeline/extract';
import { decodeText } from '../../../src/core/index/pipeline/extract/text';
import { garbageBytes } from '../../support/pdfs';
import { withTempDir } from '../../support/tempDir';

async function textFile(root: string, name: string, content: string | Uint8Array): Promise<DiscoveredFile> {
  const absPath = join(root, name);
  await writeFile(absPath, content);
  const size = typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  return { path: name, absPath, kind: name.endsWith('.md') ? 'markdown' : 'text', size, mtimeMs: 0 };
}

describe('extractFile: Markdown and text', () => {
  it('keeps the whole text with every newline, so line numbers stay true', () =>
    withTempDir(async (root) => {
      const content = '# Title\n\n\n\nline five\r\nline six\n   indented seven\n\n';
      const document = await extractFile(await textFile(root, 'notes.md', content));
      assert.deepEqual(document.pages, [content]);
      assert.equal(document.kind, 'markdown');
      assert.deepEqual(document.warnings, []);
    }));

  it('strips a UTF-8 byte order mark', () =>
    withTempDir(async (root) => {
      const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo\nworld')]);
      const document = await extractFile(await textFile(root, 'bom.txt', bytes));
      assert.deepEqual(document.pages, ['héllo\nworld']);
    }));

  it('reads Windows-1252 text with a warning instead of losing the file', () =>
    withTempDir(async (root) => {
      // "café – naïve\n" in Windows-1252: é=E9, en dash=96, ï=EF
      const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x6e, 0x61, 0xef, 0x76, 0x65, 0x0a]);
      const document = await extractFile(await textFile(root, 'legacy.txt', bytes));
      assert.deepEqual(document.pages, ['café – naïve\n']);
      assert.equal(document.warnings.length, 1);
      assert.match(document.warnings[0] ?? '', /Windows-1252/);
    }));

  it('keeps UTF-8 with a stray invalid byte as UTF-8, replacing only that byte', () =>
    withTempDir(async (root) => {
      const bytes = Buffer.concat([Buffer.from('déjà vu, naïve '), Buffer.from([0xe9]), Buffer.from(' café\n')]);
      const document = await extractFile(await textFile(root, 'mostly-utf8.md', bytes));
      assert.deepEqual(document.pages, ['déjà vu, naïve \ufffd café\n']);
      assert.deepEqual(document.warnings, ['1 invalid UTF-8 byte sequence(s) replaced with \ufffd']);
    }));

  it('fails text in an unknown multi-byte encoding with encoding', () =>
    withTempDir(async (root) => {
      // "日本語のテキスト" in Shift-JIS, repeated: mostly high bytes, invalid as UTF-8.
      const sjis = Buffer.from('93fa967b8ceb82cc8365834c8358836790', 'hex');
      const file = await textFile(root, 'sjis.txt', Buffer.concat(Array(20).fill(sjis)));
      await assert.rejects(extractFile(file), { name: 'ExtractionError', code: 'encoding' });
    }));

  it('fails a binary file named .md as binary', () =>
    withTempDir(async (root) => {
      await assert.rejects(extractFile(await textFile(root, 'image.md', garbageBytes(2048))), {
        name: 'ExtractionError',
        code: 'binary',
      });
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      await assert.rejects(extractFile(await textFile(root, 'png.md', png)), { code: 'binary' });
    }));

  it('fails empty and whitespace-only files as empty', () =>
    withTempDir(async (root) => {
      await assert.rejects(extractFile(await textFile(root, 'empty.md', '')), { code: 'empty' });
      await assert.rejects(extractFile(await textFile(root, 'blank.txt', ' \n\n\t\n')), { code: 'empty' });
    }));

  it('fails a text file over the size limit as too-large', () =>
    withTempDir(async (root) => {
      const file = await textFile(root, 'big.txt', 'x'.repeat(100));
      await assert.rejects(extractFile(file, { maxTextBytes: 99 }), { code: 'too-large' });
    }));

  it('decodes UTF-16 with a byte order mark', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi\nthere', 'utf16le')]);
    assert.deepEqual(decodeText(utf16), { text: 'hi\nthere', warnings: [] });
  });

  it('accepts tabs, form feeds and ANSI colour codes as text', () => {
    const log = '\u001b[32mok\u001b[0m\tdone\fnext page\n';
    assert.equal(decodeText(Buffer.from(log)).text, log);
  });
});
