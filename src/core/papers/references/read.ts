/**
 * A paper's references from its pages' lines: the reference list found (section.ts), cut into
 * entries (split.ts), each entry's fields read (fields.ts), and every in-text citation of an
 * entry found on the other pages (mentions.ts). Bounded whatever the input: a list is read to
 * MAX_ENTRIES entries of MAX_RAW characters, mentions to MAX_MENTIONS.
 */
import { entryFields } from './fields';
import { findMentions } from './mentions';
import { findReferenceSection } from './section';
import { MAX_ENTRIES, MAX_RAW, splitEntries, type RawEntry } from './split';
import type { PageLines, PaperReferences, ReferenceEntry } from './types';

/** Bumped whenever a rule changes: references stored by older rules are read again. */
export const REFERENCES_VERSION = 1;

export function readReferences(pages: readonly PageLines[]): PaperReferences {
  const section = findReferenceSection(pages);
  if (!section || section.lines.length === 0) return { version: REFERENCES_VERSION, section: null, entries: [], mentions: [], limits: [] };
  const words = documentWords(pages);
  const { entries: raw, numbered } = splitEntries(section.lines, words);
  const listFont = mainFont(raw);
  const limits: string[] = [];
  const entries: ReferenceEntry[] = [];
  for (const entry of raw) {
    if (!numbered && !looksLikeEntry(entry)) continue;
    const fields = entryFields(entry, numbered, listFont);
    entries.push({ index: entries.length + 1, ...fields, raw: entry.text.replace(/\s+/g, ' ').trim(), page: entry.page });
  }
  const cut = raw.filter((e) => e.cut).length;
  if (cut > 0) limits.push(`${cut} entr${cut === 1 ? 'y' : 'ies'} longer than ${MAX_RAW} characters cut there`);
  if (raw.length >= MAX_ENTRIES) limits.push(`only the first ${MAX_ENTRIES} entries of the reference list read`);
  const first = section.lines[0]!;
  const last = section.lines[section.lines.length - 1]!;
  const sectionPages = new Set(section.lines.map((l) => l.pageIndex));
  const mentions = findMentions(pages, entries, {
    numbered,
    skip: (pageIndex, line) => sectionPages.has(pageIndex) && section.lines.some((l) => l.line === line),
  });
  return {
    version: REFERENCES_VERSION,
    section: { heading: section.heading, firstPage: first.page, lastPage: last.page },
    entries,
    mentions: mentions.list,
    limits: [...limits, ...mentions.limits],
  };
}

/** An author-year entry holds a year (or says it has none) and more than a few words. */
function looksLikeEntry(entry: RawEntry): boolean {
  return entry.text.length >= 12 && /(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)|\bn\.\s?d\.|\bin press\b|\bforthcoming\b/i.test(entry.text);
}

/** The font most of the list is set in (titles in quotes, names), so another font marks italics. */
function mainFont(entries: readonly RawEntry[]): string | undefined {
  const chars = new Map<string, number>();
  for (const entry of entries.slice(0, 200)) for (const f of entry.fonts) if (f.font) chars.set(f.font, (chars.get(f.font) ?? 0) + f.end - f.start);
  return [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The words the document prints whole, asked only for a line-break hyphen in the list ("Multivari-"
 * / "ate"): the document's text is joined once and searched for the few words asked about.
 */
function documentWords(pages: readonly PageLines[]): { has(word: string): boolean } {
  let text: string | null = null;
  const known = new Map<string, boolean>();
  return {
    has(word) {
      text ??= ` ${pages
        .map((page) => page.lines.map((line) => line.text).join(' '))
        .join(' ')
        .toLowerCase()} `;
      let found = known.get(word);
      if (found === undefined) {
        found = false;
        for (let at = text.indexOf(word); at >= 0 && !found; at = text.indexOf(word, at + 1)) {
          found =
            !/[\p{L}\p{N}-]/u.test(text[at - 1]!) &&
            !/[\p{L}\p{N}]/u.test(text[at + word.length] ?? ' ') &&
            !(text[at + word.length] === '-' && /[\p{L}]/u.test(text[at + word.length + 1] ?? ''));
        }
        known.set(word, found);
      }
      return found;
    },
  };
}
