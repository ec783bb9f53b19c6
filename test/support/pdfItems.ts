/**
 * pdf.js text items of a PDF, loaded the way extraction loads pdf.js (unpdf's build, the same
 * pdf.js 6.1.200 as pdfjs-dist), and the document's real chunks (extraction + chunking).
 * `viewer: true` asks for the items as pdf.js's text layer does in the viewer: marked-content
 * entries included, pdf.js's Unicode normalisation off (ligatures stay U+FB01...).
 */
import type { LocatorPage } from '../../src/core/citations/locate';
import { chunkDocument } from '../../src/core/index/pipeline/chunk';
import { extractPdfText } from '../../src/core/index/pipeline/extract/pdfRead';
import type { Chunk } from '../../src/core/index/types';

interface TextContentSource {
  getDocument(params: Record<string, unknown>): {
    promise: Promise<{ numPages: number; getPage(n: number): Promise<{ getTextContent(options?: Record<string, unknown>): Promise<{ items: unknown[] }> }> }>;
    destroy(): Promise<void>;
  };
}

export async function pdfPages(bytes: Uint8Array, options: { viewer?: boolean } = {}): Promise<LocatorPage[]> {
  const unpdf = await import('unpdf');
  const pdfjs = (await unpdf.getResolvedPDFJS()) as unknown as TextContentSource;
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 });
  try {
    const document = await task.promise;
    const pages: LocatorPage[] = [];
    for (let page = 1; page <= document.numPages; page++) {
      const content = await (await document.getPage(page)).getTextContent(options.viewer ? { includeMarkedContent: true, disableNormalization: true } : {});
      pages.push({ page, items: content.items as LocatorPage['items'] });
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

export async function pdfChunks(bytes: Uint8Array, path = 'doc.pdf'): Promise<Chunk[]> {
  const { pages, warnings } = await extractPdfText(bytes.slice());
  return chunkDocument({ path, kind: 'pdf', pages, warnings });
}

/** A chunk's pages, pageStart..pageEnd, out of all pages. */
export function chunkPages(pages: readonly LocatorPage[], chunk: Chunk): LocatorPage[] {
  return pages.filter((p) => p.page >= (chunk.pageStart ?? 0) && p.page <= (chunk.pageEnd ?? -1));
}
