/**
 * In-text citations of a paper's reference entries, found from the entries themselves: a
 * numbered list's labels in brackets ("[12]", "[3-5]", "[3, 7]"), an author-year list's names
 * followed by a year in any printed form ("Zeileis (2004)", "(Zeileis 2004; Hothorn, Hornik,
 * and Zeileis 2006)", "Zeileis 2004a,b", "Hothorn et al. (2006, p. 3)", "[Cressie and Wikle,
 * 2011]"). A name and year that fit two entries equally cite neither (a wrong link is worse than
 * none). Text set in a fixed-width font (code, R output) is passed over.
 */
import { boxesOf, pageText, sentenceAround, foldChars, type PageText } from './pageText';
import type { CitationMention, PageLines, ReferenceEntry, TextLine } from './types';

/** Mentions kept per paper, and the sentence's length. */
export const MAX_MENTIONS = 20_000;
export const MAX_SENTENCE = 400;

export interface MentionOptions {
  numbered: boolean;
  /** Lines not to read (the reference list itself). */
  skip: (pageIndex: number, line: TextLine) => boolean;
}

export function findMentions(
  pages: readonly PageLines[],
  entries: readonly ReferenceEntry[],
  options: MentionOptions,
): { list: CitationMention[]; limits: string[] } {
  const list: CitationMention[] = [];
  if (entries.length === 0) return { list, limits: [] };
  const code = fixedWidthFonts(pages);
  const finder = options.numbered ? numberedFinder(entries) : authorYearFinder(entries);
  for (const [pageIndex, page] of pages.entries()) {
    const lines = page.lines.filter(function readable(line) {
      return !options.skip(pageIndex, line) && !isCode(line, code);
    });
    if (lines.length === 0) continue;
    const text = pageText(lines);
    for (const found of finder(text)) {
      if (list.length >= MAX_MENTIONS) return { list, limits: [`only the first ${MAX_MENTIONS} in-text citations kept`] };
      list.push({
        page: page.page,
        text: text.text.slice(found.start, found.end).replace(/\s+/g, ' '),
        boxes: boxesOf(text, found.start, found.end),
        entry: found.entry,
        ...(found.citedPage ? { citedPage: found.citedPage } : {}),
        sentence: sentenceAround(text, found.start, found.end, MAX_SENTENCE),
      });
    }
  }
  return { list, limits: [] };
}

interface Found {
  start: number;
  end: number;
  entry: number;
  citedPage?: string;
}

// ---- numbered lists -------------------------------------------------------------------------

const BRACKET = /\[(\s*\d{1,4}(?:\s*[-–—]\s*\d{1,4})?(?:\s*[,;]\s*\d{1,4}(?:\s*[-–—]\s*\d{1,4})?)*\s*)\]/g;

function numberedFinder(entries: readonly ReferenceEntry[]): (page: PageText) => Found[] {
  const byLabel = new Map(entries.filter((e) => e.label).map((e) => [Number(e.label), e.index]));
  return function numberedCitations(page) {
    const found: Found[] = [];
    for (const m of page.text.matchAll(BRACKET)) {
      const start = m.index!;
      // R's output starts a line with "[1] 128 20": not a citation.
      const lineStart = start === 0 || page.line[start - 1] !== page.line[start];
      if (lineStart && /^\s+(?:[-\d"'“]|[A-Za-z_.][\w.]*\s)/.test(page.text.slice(start + m[0].length, start + m[0].length + 12))) continue;
      const labels: number[] = [];
      for (const part of m[1]!.split(/[,;]/)) {
        const range = /^\s*(\d+)\s*(?:[-–—]\s*(\d+))?\s*$/.exec(part);
        if (!range) continue;
        const lo = Number(range[1]);
        const hi = range[2] ? Number(range[2]) : lo;
        if (hi < lo || hi - lo > 50) continue;
        for (let n = lo; n <= hi; n++) labels.push(n);
      }
      // Every number must be an entry's label ("[0, 1]" is an interval, not citations).
      if (labels.length === 0 || !labels.every((n) => byLabel.has(n))) continue;
      for (const n of labels) found.push({ start, end: start + m[0].length, entry: byLabel.get(n)! });
    }
    return found;
  };
}

// ---- author-year lists ----------------------------------------------------------------------

interface Cited {
  entry: ReferenceEntry;
  families: string[];
  year: string;
}

/** A year as cited: "2004", "2004a"; "n.d." and "in press" as themselves. */
const YEAR_TOKEN = /^(?:(1[5-9]\d\d|20\d\d)([a-z])?|(n\.\s?d\.|in press|forthcoming))/;

function authorYearFinder(entries: readonly ReferenceEntry[]): (page: PageText) => Found[] {
  const cited: Cited[] = entries
    .filter((e) => e.authors.length > 0 && e.year)
    .map((e) => ({ entry: e, families: e.authors.map((a) => foldChars(a.family)), year: e.year!.toLowerCase() }));
  // First families by their first word, so each word of a page is one lookup.
  const firsts = new Map<string, string[]>();
  const allFamilies = new Set<string>();
  for (const c of cited) {
    for (const family of c.families) allFamilies.add(family);
    const first = c.families[0]!;
    const word = first.split(' ')[0]!;
    for (const w of new Set([word, capitalised(word)])) {
      const list = firsts.get(w) ?? [];
      if (!list.includes(first)) list.push(first);
      firsts.set(w, list);
    }
  }
  const families = [...allFamilies].sort((a, b) => b.length - a.length);
  const keys = [...firsts.keys()];
  return function authorYearCitations(page) {
    // Where a first author's name may start: each name's first word searched for (few names, a
    // fast native search); with thousands of names, every word of the page looked up instead.
    const starts: number[] = [];
    if (keys.length <= 400) {
      for (const key of keys) for (let at = page.folded.indexOf(key); at >= 0; at = page.folded.indexOf(key, at + key.length)) starts.push(at);
      starts.sort((a, b) => a - b);
    } else {
      for (const word of page.folded.matchAll(/[A-Za-z][A-Za-z'-]*/g)) if (firsts.has(word[0])) starts.push(word.index!);
    }
    const found: Found[] = [];
    let consumed = 0;
    for (const at of starts) {
      if (at < consumed || (at > 0 && /[A-Za-z\d]/.test(page.folded[at - 1]!))) continue;
      const word = /^[A-Za-z][A-Za-z'-]*/.exec(page.folded.slice(at, at + 60))?.[0];
      const candidates = word ? firsts.get(word) : undefined;
      if (!candidates) continue;
      const first = candidates.find((f) => startsWithName(page.folded, at, f));
      if (!first) continue;
      const group = citationAt(page, at, first, families);
      if (!group) continue;
      consumed = group.end;
      for (const y of group.years) {
        const entry = resolve(cited, first, group.names, group.etAl, y.year);
        if (entry) found.push({ start: group.start, end: group.end, entry: entry.index, ...(y.page ? { citedPage: y.page } : {}) });
      }
    }
    return found;
  };
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The text at `at` is the family name `name` (its first word maybe capitalised), whole. */
function startsWithName(folded: string, at: number, name: string): boolean {
  if (!folded.startsWith(name, at) && !(folded.charCodeAt(at) === name.toUpperCase().charCodeAt(0) && folded.startsWith(name.slice(1), at + 1))) return false;
  return !/[\p{L}]/u.test(folded[at + name.length] ?? ' ');
}

interface Group {
  start: number;
  end: number;
  names: string[];
  etAl: boolean;
  years: Array<{ year: string; page?: string }>;
}

/**
 * A citation starting with a first author's name: the other names ("and Hornik", ", Hornik, and
 * Zeileis", "et al."), then the year or years, in brackets ("(2004, 2006b)", "(2006, p. 3)") or
 * not ("2004a,b", ", 2011"). Null when no year follows: a name alone is no citation.
 */
function citationAt(page: PageText, at: number, first: string, families: readonly string[]): Group | null {
  const f = page.folded;
  const names = [first];
  let q = at + first.length;
  let etAl = false;
  for (let guard = 0; guard < 20; guard++) {
    const rest = f.slice(q, q + 80);
    const et = /^\s*(?:et\.?\s*al\.?|,?\s*(?:(?:and|&)\s+)+others\b)/.exec(rest);
    if (et) {
      etAl = true;
      q += et[0].length;
      break;
    }
    const joint = /^(?:\s*,\s*(?:and\s+|&\s*)?|\s+(?:and|&)\s+)/.exec(rest);
    if (!joint) break;
    const next = families.find((name) => startsWithName(f, q + joint[0].length, name));
    if (!next) break;
    names.push(next);
    q += joint[0].length + next.length;
  }
  // "Henderson Jr. (1982)": the suffix's stop.
  if (/\b(?:Jr|Sr)$/.test(names[names.length - 1]!) && f[q] === '.') q++;
  const possessive = /^['’]s\b/.exec(f.slice(q, q + 3));
  if (possessive) q += possessive[0].length;
  const rest = f.slice(q, q + 120);
  const open = /^\s*[([]\s*/.exec(rest) ?? /^\s*,?\s*/.exec(rest)!;
  const list = yearList(rest.slice(open[0].length));
  if (!list) return null;
  let end = q + open[0].length + list.length;
  if (/[([]/.test(open[0])) {
    const close = /^\s*[)\]]/.exec(f.slice(end, end + 4));
    if (close) end += close[0].length;
  }
  return { start: at, end, names, etAl, years: list.years };
}

/** "2004", "2004a,b", "2011, 2015", "2006, p. 3", "2006a; 2006b" at the start of `text`. */
function yearList(text: string): { length: number; years: Array<{ year: string; page?: string }> } | null {
  const years: Array<{ year: string; page?: string }> = [];
  let q = 0;
  let base = '';
  while (years.length < 12) {
    const rest = text.slice(q);
    const token = YEAR_TOKEN.exec(rest);
    if (token) {
      base = token[1] ?? '';
      years.push({ year: token[3] ? token[3].toLowerCase() : `${token[1]}${token[2] ?? ''}` });
      q += token[0].length;
    } else if (years.length > 0 && base && LETTER.test(rest)) {
      // "2004a,b": a letter alone after a comma is another work of the same year.
      years.push({ year: `${base}${rest[0]}` });
      q += 1;
    } else break;
    const locator = LOCATOR.exec(text.slice(q));
    if (locator) {
      if (locator[1]) years[years.length - 1]!.page = locator[1].replace(/\s+/g, ' ');
      q += locator[0].length;
    }
    const separator = /^\s*[,;]\s*/.exec(text.slice(q));
    const after = separator ? text.slice(q + separator[0].length) : '';
    if (!separator || !(YEAR_TOKEN.test(after) || (base !== '' && LETTER.test(after)))) break;
    q += separator[0].length;
  }
  return years.length > 0 ? { length: q, years } : null;
}

const LETTER = /^[a-z](?![\p{L}\d])/u;
/** A place in the cited work after its year: "p. 3", "pp. 3–5" (kept), "Section 2", "Theorem 1" (passed over). */
const LOCATOR =
  /^,\s*(?:(pp?\.\s*[\dvxil]+(?:\s*[-–]\s*[\dvxil]+)?)|(?:chap(?:ter|\.)|ch\.|sec(?:tion|\.)|§|theorem|eq(?:uation|\.)|table|fig(?:ure|\.)|appendix)\s*[\w.]+)/i;

/** The one entry a name group and a year cite; null when none or several fit. */
function resolve(cited: readonly Cited[], first: string, names: readonly string[], etAl: boolean, year: string): ReferenceEntry | null {
  let pool = cited.filter((c) => c.families[0] === first && (c.year === year || c.year.slice(0, 4) === year));
  if (pool.length > 1) {
    const exact = pool.filter((c) => c.year === year);
    if (exact.length > 0) pool = exact;
  }
  if (pool.length <= 1) return pool[0]?.entry ?? null;
  const fitting = pool.filter((c) => {
    if (names.some((n, i) => c.families[i] !== n)) return false;
    if (etAl) return c.families.length >= 3 || c.entry.etAl === true;
    return names.length > 1 ? c.families.length === names.length : c.families.length === 1;
  });
  return fitting.length === 1 ? fitting[0]!.entry : null;
}

// ---- code ----------------------------------------------------------------------------------

/** Fonts whose every stretch is as wide as its characters times a constant: typewriter faces (code, R output). */
function fixedWidthFonts(pages: readonly PageLines[]): Set<string> {
  const ratios = new Map<string, number[]>();
  for (const page of pages) {
    for (const line of page.lines) {
      line.spans.forEach((span, s) => {
        if (!span.font) return;
        // The space before the next span is the gap between them, not a glyph of this one.
        const chars = line.text.slice(span.start, line.spans[s + 1]?.start ?? line.text.length).trimEnd().length;
        if (chars < 4) return;
        const list = ratios.get(span.font) ?? [];
        if (list.length < 200) list.push(span.width / (chars * line.size));
        ratios.set(span.font, list);
      });
    }
  }
  const fixed = new Set<string>();
  for (const [font, list] of ratios) {
    if (list.length < 4) continue;
    const mean = list.reduce((a, b) => a + b, 0) / list.length;
    const spread = Math.max(...list) - Math.min(...list);
    if (mean > 0 && spread / mean < 0.03) fixed.add(font);
  }
  return fixed;
}

/** Most of the line is set in a fixed-width font. */
function isCode(line: TextLine, code: ReadonlySet<string>): boolean {
  if (code.size === 0) return false;
  let inCode = 0;
  line.spans.forEach((span, s) => {
    if (span.font && code.has(span.font)) inCode += (line.spans[s + 1]?.start ?? line.text.length) - span.start;
  });
  return inCode > line.text.length * 0.6;
}
