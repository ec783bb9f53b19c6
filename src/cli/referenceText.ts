/** How the CLI prints a reference entry and the pages that cite it (references, papers --cites/--cited-by). */
import type { ReferenceEntry } from '../core/papers/references/types';

/** "[3] Zeileis A, Hothorn T (2002). Diagnostic Checking in Regression Relationships. R News. doi:…" */
export function entryLine(entry: ReferenceEntry): string {
  const names = entry.authors.map((a) => (a.given ? `${a.family} ${a.given}` : a.family)).join(', ') + (entry.etAl ? ', et al.' : '');
  const head = `[${entry.label ?? entry.index}] ${names || '(authors not read)'}${entry.year ? ` (${entry.year})` : ''}.`;
  const parts = [entry.title ?? `(title not read) ${entry.raw.slice(0, 100)}`, entry.venue].filter(Boolean).join('. ');
  return `${head} ${parts}.${entry.doi ? ` doi:${entry.doi}` : ''}`;
}

/** "pages 3, 5 (2×), 12": where a paper cites an entry. */
export function pagesText(mentions: ReadonlyArray<{ page: number }>): string {
  const counts = new Map<number, number>();
  for (const m of mentions) counts.set(m.page, (counts.get(m.page) ?? 0) + 1);
  const pages = [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([page, n]) => (n > 1 ? `${page} (${n}×)` : String(page)));
  return `${pages.length > 1 ? 'pages' : 'page'} ${pages.join(', ')}`;
}
