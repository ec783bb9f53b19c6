import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { getResolvedPDFJS } from 'unpdf';
import { patchPdfjsSource, pdfjsPatchPlugin } from '../../../scripts/pdfjsPatch.mjs';
import { cloneMessage, multiplyTransform } from '../../../src/core/index/pipeline/extract/pdfjsFastPaths';
import { repoRoot } from '../../support/bundle';
import { withTempDir } from '../../support/tempDir';

const pdfjsFile = join(repoRoot, 'node_modules', 'unpdf', 'dist', 'pdfjs.mjs');

interface TextPdfjs {
  getDocument(params: Record<string, unknown>): {
    promise: Promise<{ numPages: number; getPage(n: number): Promise<{ getTextContent(): Promise<{ items: unknown[] }> }> }>;
    destroy(): Promise<void>;
  };
}

/** Every text item of every page (all fields, not only the text) as pdf.js reports them, as JSON would carry them. */
async function textContent(pdfjs: TextPdfjs, bytes: Uint8Array): Promise<unknown[][]> {
  const task = pdfjs.getDocument({ data: bytes.slice(), disableFontFace: true, isEvalSupported: false, verbosity: 0 });
  try {
    const document = await task.promise;
    const pages: unknown[][] = [];
    for (let n = 1; n <= document.numPages; n++) pages.push((await (await document.getPage(n)).getTextContent()).items);
    // Font names carry a per-process document counter (g_d12_f1), which differs between the copies.
    return JSON.parse(JSON.stringify(pages).replace(/"g_d\d+_/g, '"g_')) as unknown[][];
  } finally {
    await task.destroy();
  }
}

/** Text in three fonts, several sizes, rotated and on one line in pieces: the transform paths pdf.js takes. */
async function variedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = [StandardFonts.Helvetica, StandardFonts.TimesRoman, StandardFonts.Courier];
  for (let p = 0; p < 3; p++) {
    const page = doc.addPage([595, 842]);
    const font = await doc.embedFont(fonts[p] as StandardFonts);
    page.drawText(`Heading of page ${p + 1}`, { x: 50, y: 780, size: 18, font });
    for (let line = 0; line < 12; line++) {
      page.drawText(`line ${line} of page ${p + 1}: configu-`, { x: 50, y: 740 - line * 15, size: 9 + (line % 3), font });
      page.drawText('ration follows', { x: 260 + line, y: 740 - line * 15, size: 10, font });
    }
    page.drawText('rotated margin note', { x: 560, y: 200, size: 8, font, rotate: degrees(90) });
    page.drawText('upside down', { x: 400, y: 100, size: 8, font, rotate: degrees(180) });
    page.drawText('slanted', { x: 300, y: 60, size: 8, font, rotate: degrees(30) });
  }
  return doc.save();
}

describe('pdf.js build-time patch (scripts/pdfjsPatch.mjs)', () => {
  it('finds both of its targets, once each, in the installed unpdf', async () => {
    const { applied, skipped } = patchPdfjsSource(await readFile(pdfjsFile, 'utf8'));
    assert.deepEqual(skipped, []);
    assert.deepEqual(applied, ['text-transform', 'message-clone']);
  });

  it('leaves a source without its targets unchanged and names what it skipped', () => {
    const source = 'export const x = 1;';
    const { code, applied, skipped } = patchPdfjsSource(source);
    assert.equal(code, source);
    assert.deepEqual(applied, []);
    assert.equal(skipped.length, 2);
  });

  it('is applied by esbuild.mjs to every bundle', async () => {
    const config = await readFile(join(repoRoot, 'esbuild.mjs'), 'utf8');
    assert.match(config, /plugins: \[[^\]]*pdfjsPatchPlugin\(\)[^\]]*\]/);
  });

  it('bundles a pdf.js whose text content equals stock pdf.js item for item', () =>
    withTempDir(async (dir) => {
      const outfile = join(dir, 'pdfjs-patched.mjs');
      await esbuild.build({
        entryPoints: [pdfjsFile],
        outfile,
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'esm',
        logLevel: 'silent',
        plugins: [pdfjsPatchPlugin()],
      });
      const bundled = await readFile(outfile, 'utf8');
      // The helpers are called where the originals were (the removed calls are gone).
      assert.match(bundled, /data: cloneMessage\(/);
      assert.match(bundled, /return multiplyTransform\([\w$]+\.ctm, multiplyTransform\(/);
      await writeFile(join(dir, 'package.json'), '{"type":"module"}');
      // Each pdf.js copy publishes its worker half as globalThis.pdfjsWorker when loaded, and its
      // fake worker takes whatever is there on first use: stock pdf.js runs first (and keeps its
      // own), the patched copy is loaded after, and the global is restored for later tests.
      const stock = (await getResolvedPDFJS()) as unknown as TextPdfjs;
      const bytes = await variedPdf();
      const expected = await textContent(stock, bytes);
      assert.ok(expected.flat().length > 40);
      const global = globalThis as { pdfjsWorker?: { WorkerMessageHandler: unknown } };
      const stockWorker = global.pdfjsWorker;
      try {
        const patched = (await import(pathToFileURL(outfile).href)) as TextPdfjs;
        assert.notEqual(global.pdfjsWorker?.WorkerMessageHandler, stockWorker?.WorkerMessageHandler);
        assert.deepStrictEqual(await textContent(patched, bytes), expected);
      } finally {
        global.pdfjsWorker = stockWorker;
      }
    }));
});

describe('pdfjsFastPaths', () => {
  it('multiplyTransform gives pdf.js Util.transform bit for bit, for every array kind pdf.js passes', async () => {
    const { Util } = (await getResolvedPDFJS()) as unknown as { Util: { transform(a: ArrayLike<number>, b: ArrayLike<number>): number[] } };
    let state = 12345;
    const random = () => ((state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 1000;
    const kinds = [(v: number[]) => v, (v: number[]) => new Float32Array(v), (v: number[]) => new Float64Array(v), (v: number[]) => v.map(Math.round)];
    for (let i = 0; i < 400; i++) {
      const a = (kinds[i % 4] as (v: number[]) => ArrayLike<number>)(Array.from({ length: 6 }, random));
      const b = (kinds[(i >> 2) % 4] as (v: number[]) => ArrayLike<number>)(Array.from({ length: 6 }, random));
      const ours = multiplyTransform(a, b);
      const theirs = Util.transform(a, b);
      assert.ok(
        ours.every((value, index) => Object.is(value, theirs[index])),
        `${ours} vs ${theirs}`,
      );
    }
  });

  it('cloneMessage copies plain messages as structuredClone does, detached from the original', () => {
    const styles = Object.create(null) as Record<string, unknown>;
    styles.g_d0_f1 = { fontFamily: 'sans-serif', ascent: 0.9, descent: -0.2, vertical: false };
    const chunk = {
      sourceName: 'doc_worker',
      stream: 4,
      chunk: {
        items: [{ str: 'configu-', dir: 'ltr', width: 41.5, height: 10, transform: [10, 0, 0, 10, 50, 740], fontName: 'g_d0_f1', hasEOL: true }],
        styles,
        lang: null,
      },
      odd: [undefined, -0, Number.NaN, 10n, '', true],
    };
    const copy = cloneMessage(chunk);
    assert.deepStrictEqual(copy, structuredClone(chunk));
    assert.equal(Object.getPrototypeOf(copy.chunk.styles), Object.prototype);
    assert.notEqual(copy.chunk.items, chunk.chunk.items);
    // The sender replaces its arrays right after posting (pdf.js's text-content chunks): the copy keeps what was sent.
    chunk.chunk.items = [];
    assert.equal(copy.chunk.items.length, 1);
  });

  it('cloneMessage leaves everything else to structuredClone', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const sparse = [1, , 3];
    const protoKey = JSON.parse('{"__proto__": {"x": 1}}') as object;
    for (const value of [new Uint8Array([1, 2]), new Map([[1, 2]]), new Date(0), sparse, protoKey, { nested: new Error('e') }]) {
      assert.deepStrictEqual(cloneMessage(value), structuredClone(value));
    }
    const cycleCopy = cloneMessage(cyclic);
    assert.equal(cycleCopy.self, cycleCopy);
    assert.equal(Object.hasOwn(cloneMessage(protoKey), '__proto__'), true);
    const buffer = new ArrayBuffer(8);
    const transferred = cloneMessage({ data: new Uint8Array(buffer) }, [buffer]);
    assert.equal(buffer.byteLength, 0, 'a transfer list goes through structuredClone, which detaches the buffer');
    assert.equal(transferred.data.byteLength, 8);
    assert.throws(
      () => cloneMessage({ run: () => 1 }),
      (error: Error) => error.name === 'DataCloneError',
    );
  });
});
