/**
 * What pdfjs-dist 6 expects of the JavaScript runtime that Node 20 lacks (Node 21+ has both):
 * `Promise.withResolvers`, and ArrayBuffer's `transfer`/`transferToFixedLength`, which pdf.js uses
 * when it builds the font programs it draws with (without them every glyph of such a font is
 * silently dropped from a rendered page). Installed only where pdfjs-dist runs: the OCR thread, the
 * extraction benchmark and the tests' scan renderer.
 */
export function installPdfjsNode20Polyfills(): void {
  const promiseStatics = Promise as unknown as { withResolvers?: unknown };
  promiseStatics.withResolvers ??= function withResolvers<T>() {
    let resolve!: (value: T) => void;
    let reject!: (reason: unknown) => void;
    const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };
  const arrayBuffers = ArrayBuffer.prototype as unknown as Record<string, unknown>;
  for (const name of ['transfer', 'transferToFixedLength']) {
    arrayBuffers[name] ??= function (this: ArrayBuffer, length = this.byteLength) {
      const copy = new Uint8Array(length);
      copy.set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy.buffer;
    };
  }
}
