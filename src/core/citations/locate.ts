// Interim exact-match locator (letters and digits only); replaced by the measured locator.
export interface LocatorItem { str?: string; hasEOL?: boolean }
export interface LocatorPage { page: number; items: readonly LocatorItem[] }
export interface LocatedSpan { page: number; item: number; start: number; end: number }
export interface PassageLocation { spans: LocatedSpan[]; pages: number[]; text: string; exact: boolean }
export function locatePassage(passage: string, pages: readonly LocatorPage[]): PassageLocation | null {
  const norm: { page: number; item: number; off: number }[] = [];
  let flat = '';
  for (const p of pages) p.items.forEach((it, i) => { const s = it.str ?? ''; for (let k = 0; k < s.length; k++) { const c = s[k].normalize('NFKC').toLowerCase(); if (/[\p{L}\p{N}]/u.test(c)) { flat += c[0]; norm.push({ page: p.page, item: i, off: k }); } } });
  const needle = [...passage.normalize('NFKC').toLowerCase()].filter((c) => /[\p{L}\p{N}]/u.test(c)).join('');
  const at = needle ? flat.indexOf(needle) : -1;
  if (at < 0) return null;
  const spans: LocatedSpan[] = [];
  for (let k = at; k < at + needle.length; k++) {
    const m = norm[k]; const last = spans[spans.length - 1];
    if (last && last.page === m.page && last.item === m.item) last.end = m.off + 1; else spans.push({ page: m.page, item: m.item, start: m.off, end: m.off + 1 });
  }
  const text = spans.map((s) => (pages.find((p) => p.page === s.page)!.items[s.item].str ?? '').slice(s.start, s.end)).join(' ');
  return { spans, pages: [...new Set(spans.map((s) => s.page))], text, exact: true };
}
