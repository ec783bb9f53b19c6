/** How a record's fields and their sources read in `papers` (a workspace's and a Zotero library's). */
import type { Field, PaperRecord } from '../core/papers/record';

/** "title bib (refs.bib:64) · authors page 1 · year citation note, page 1 (0.8)": where each known field came from. */
export function sourcesLine(record: PaperRecord): string {
  const parts: string[] = [];
  for (const name of ['title', 'authors', 'year', 'venue', 'doi', 'arxiv', 'citekey'] as const) {
    const field = record[name] as Field<unknown> | undefined;
    if (!field) continue;
    const value =
      name === 'authors'
        ? (field.value as Array<{ family: string; given: string }>).map((a) => `${a.given} ${a.family}`.trim()).join(', ')
        : String(field.value);
    const how =
      field.source === 'bib' || field.source === 'zotero'
        ? `${field.source} ${field.source === 'zotero' ? '' : (field.from ?? '')}`.trim()
        : `${field.from ?? field.source}${field.confidence < 1 ? `, ${field.confidence.toFixed(2)}` : ''}`;
    parts.push(`${name}: ${value} [${how}]`);
  }
  return parts.join('\n  ');
}
