/**
 * The reference reader on PDFs directly (no index): each PDF's pages read with pdf.js as
 * extraction reads them, its references printed, or written as `references --json` would print
 * them (without library links) for scripts/bench-references.ts --json.
 *
 *   node --require tsx/cjs scripts/references/try.ts FOLDER [FILE.pdf ...] [--json OUT.json] [--entries] [--mentions]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageLinesFromTextContent } from '../../src/core/papers/references/lines';
import { readReferences } from '../../src/core/papers/references/read';
import type { PageLines } from '../../src/core/papers/references/types';
import { libraryIndex, type LibraryIndex } from '../../src/core/papers/references/link';
import { openPaperLibrary } from '../../src/core/index';

async function pagesOf(file: string): Promise<PageLines[]> {
  const { getResolvedPDFJS } = await import('unpdf');
  const pdfjs = (await getResolvedPDFJS()) as unknown as { getDocument(p: object): { promise: Promise<any> } };
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), disableFontFace: true, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: PageLines[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    pages.push(pageLinesFromTextContent(n, page, await page.getTextContent()));
    page.cleanup();
  }
  return pages;
}

async function main() {
  const args = process.argv.slice(2);
  const jsonAt = args.indexOf('--json');
  const out = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
  const [folder, ...files] = args.filter((a, i) => !a.startsWith('--') && (i === 0 || (args[i - 1] !== '--json' && args[i - 1] !== '--library')));
  const list = files.length > 0 ? files : (JSON.parse(readFileSync(0, 'utf8')) as string[]);
  const papers = [];
  // --library INDEX: link entries to the papers of an existing index of FOLDER (opened read-only).
  const libraryAt = args.indexOf('--library');
  let links: LibraryIndex | null = null;
  if (libraryAt >= 0) links = libraryIndex((await openPaperLibrary(args[libraryAt + 1]!, folder!)).library.records.values());
  for (const file of list) {
    const started = performance.now();
    const pages = await pagesOf(join(folder!, file));
    const read = performance.now();
    const refs = readReferences(pages);
    const parsed = performance.now();
    console.error(
      `${file}: ${refs.entries.length} entries, ${refs.mentions.length} mentions, section ${JSON.stringify(refs.section)} (read ${Math.round(read - started)} ms, parse ${Math.round(parsed - read)} ms)`,
    );
    if (args.includes('--entries'))
      for (const e of refs.entries)
        console.error(
          `  [${e.index}${e.label ? `/${e.label}` : ''}] p${e.page} ${e.authors.map((a) => `${a.family}, ${a.given}`).join('; ')}${e.etAl ? ' et al.' : ''} | ${e.year} | ${e.title} | ${e.venue} | ${e.doi ?? ''} | ${links?.linkOf(e) ?? ''}`,
        );
    if (args.includes('--mentions')) for (const m of refs.mentions) console.error(`  p${m.page} -> ${m.entry}: ${m.text}`);
    papers.push({
      path: file,
      references: refs.entries.map((e) => ({
        index: e.index,
        authors: e.authors,
        year: e.year,
        title: e.title,
        venue: e.venue,
        doi: e.doi ?? null,
        raw: e.raw,
        page: e.page,
        library: links?.linkOf(e) ? { path: links.linkOf(e)! } : null,
        mentions: refs.mentions.filter((m) => m.entry === e.index).map((m) => ({ page: m.page, text: m.text })),
      })),
    });
  }
  if (out) writeFileSync(out, JSON.stringify({ papers }, null, 1));
}

void main();
