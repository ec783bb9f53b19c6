/**
 * `papers` of a Zotero library: every item as Zotero records it (items without a PDF too, as
 * records without text), where each field came from (Zotero, or the PDF where Zotero has nothing),
 * its citation key and the key's source (Better BibTeX, Zotero's field, Extra), its PDFs as the
 * index names them, and a retraction.
 */
import { recordJson } from '../core/papers/recordJson';
import type { PaperLibrary } from '../core/papers/paperLibrary';
import type { LibraryRecord } from '../core/library';
import { jsonLine } from './jsonLine';
import { citationLabel, paperDescription } from '../core/citations/citationLabel';
import { paperRefOf } from '../core/papers/ref';
import { zoteroFields } from '../core/library';
import { safeText } from './terminalLinks';
import { sourcesLine } from './recordLines';

export function listZotero(record: LibraryRecord, library: PaperLibrary, json: boolean): number {
  const rows = record.items.map((item) => {
    const path = item.pdfs[0]?.path ?? null;
    const merged = (path && library.records.get(path)) || { path: path ?? `zotero:${item.key}`, ...zoteroFields(item), retracted: item.retracted };
    return { item, path, record: merged };
  });
  if (json) {
    const report = {
      library: record.root,
      read_at: record.readAt,
      items: rows.map(({ item, path, record: r }) => ({
        key: item.key,
        item_type: item.itemType,
        pdfs: item.pdfs.map((p) => p.path),
        citation_key_source: item.citationKeySource,
        retracted: item.retracted,
        collections: item.collections.map((key) => record.collections.find((c) => c.key === key)?.path ?? key),
        tags: item.tags,
        ...recordJson(path ?? `zotero:${item.key}`, r),
      })),
      notices: record.notices,
    };
    process.stdout.write(jsonLine(report));
    return 0;
  }
  const out: string[] = [];
  for (const { item, record: r } of rows) {
    const ref = paperRefOf(r);
    out.push(
      `${item.key}${ref ? `  ${paperDescription(ref) ?? citationLabel({ file: item.key })}` : '  (no title or creators in Zotero)'}${item.retracted ? '  [retracted]' : ''}`,
    );
    out.push(`  ${sourcesLine(r)}`);
    if (item.citationKey)
      out.push(
        `  key from: ${item.citationKeySource === 'better-bibtex' ? 'Better BibTeX' : item.citationKeySource === 'zotero' ? "Zotero's citation key field" : 'Extra'}`,
      );
    out.push(item.pdfs.length ? `  PDF: ${item.pdfs.map((p) => p.path).join(', ')}` : '  no PDF: a record without text');
  }
  const withPdf = record.items.filter((i) => i.pdfs.length > 0).length;
  out.push('', `${record.items.length} Zotero items, ${withPdf} with a PDF in the index (read ${record.readAt}).`);
  for (const notice of record.notices) out.push(`note: ${notice}`);
  out.push('To fix a field, edit the item in Zotero, then run `index` on the data directory: records are read from Zotero, never written there.');
  process.stdout.write(out.join('\n').split('\n').map(safeText).join('\n') + '\n');
  return 0;
}
