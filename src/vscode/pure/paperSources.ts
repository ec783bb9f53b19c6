/** Where a record's fields came from, on one line ("title: refs.bib:64 · year: page 1, 0.80"). No `vscode` import (unit-tested). */
import type { RecordJson } from '../../core/papers/recordJson';

const FIELDS = ['title', 'authors', 'year', 'venue', 'doi', 'citekey'] as const;

export function sourcesText(record: RecordJson): string {
  const parts = FIELDS.flatMap((name) => {
    const field = record[name];
    if (field.value === null || field.source === null) return [];
    const where =
      field.source === 'bib'
        ? (field.from ?? 'bib')
        : `${field.from ?? field.source}${field.confidence !== null && field.confidence < 1 ? `, ${field.confidence.toFixed(2)}` : ''}`;
    return [`${name}: ${where}`];
  });
  return parts.length > 0 ? parts.join(' · ') : 'nothing known of it: add an entry to a .bib file in the folder';
}
