/**
 * One entry's fields from its printed text: label, authors, year, title, venue, volume, issue,
 * pages, DOI, arXiv id, URL. Rules, no model, for the styles papers print (README.md):
 * - the year in brackets right after the authors ("Zeileis A (2004).", "Bennett, K. P. (2000).",
 *   "Zeileis and Grothendieck (2005):"), or else the authors end at the first full stop after a
 *   name and the year is the last one printed ("L. Breiman. Title. Venue, 16:199–231, 2001.");
 * - the title in quotes, or set in the list's other font (a book's italics), or its first sentence;
 * - the venue after an article's title up to its volume and pages, or the book after "In … (eds.),",
 *   or the words set in the other font after a title in the list's own font (a journal's italics).
 * A field the rules are unsure of is left empty.
 */
import { parseAuthors } from './authors';
import type { RawEntry } from './split';
import type { ReferenceEntry } from './types';

type Fields = Omit<ReferenceEntry, 'index' | 'raw' | 'page'>;

const YEAR = /(?<![\d./-])(1[5-9]\d\d|20\d\d)([a-z])?(?![\d/]|-\d)/g;
const BRACKET_YEAR = /\(\s*((?:1[5-9]\d\d|20\d\d)[a-z]?|n\.\s?d\.|in press|forthcoming|to appear)(?:\s*[,;][^()]{0,40})?\s*\)/i;
const DOI = /\b(?:doi:\s*|(?:https?:\/\/)?(?:dx\.)?doi\.org\/)(10\.\d{4,9}\/[^\s"<>]+)/i;
const ARXIV = /\barXiv:\s*(\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?/i;
const URL = /\b(https?:\/\/[^\s"<>]+|www\.[^\s"<>]+)/i;
/** Where an entry's identifiers and notes begin: nothing of the title or venue comes after. */
const TRAILER = /(?:^|[\s.,;(])(?:URL\b|doi:|https?:\/\/|www\.|ISBN\b|ISSN\b|arXiv:|Available (?:at|from)\b|Accessed\b|Retrieved\b)/i;
/** What a segment after a title is when it is no venue: a kind of document, a note. */
const NOT_A_VENUE =
  /^(?:R package|package|version|vignette|technical report|tech\. rep|working paper|discussion paper|research report|report|lecture notes|ph\.?\s?d\.?|master'?s|thesis|dissertation|unpublished|manuscript|preprint|personal|conference presentation|presentation|talk|slides|software|computer program|blog|web ?page|online|accessed|available|retrieved|r foundation|technical|mimeo|submitted|in press|forthcoming|to appear|user'?s? guide|manual|documentation|\d)/i;
const QUOTE_PAIRS: Record<string, string> = { '“': '”', '"': '"', '‘': '’', '«': '»', '„': '“', '``': "''" };

export function entryFields(entry: RawEntry, numbered: boolean, listFont: string | undefined): Fields {
  let text = entry.text;
  const fields: Fields = { authors: [], year: null, title: null, venue: null };
  const label = /^\s*(?:\[(\d{1,4})\]|(\d{1,4})\.(?=\s)|\((\d{1,4})\)(?=\s))\s*/.exec(text);
  let offset = 0;
  if (label && numbered) {
    fields.label = label[1] ?? label[2] ?? label[3];
    offset = label[0].length;
    text = text.slice(offset);
  }
  identifiers(text, fields);
  const trailer = TRAILER.exec(text);
  // Fields come from the text before the identifiers ("… 1–17. doi:…", "… URL http://…").
  const body = trailer && trailer.index > 10 ? text.slice(0, trailer.index) : text;
  const emphasis: Emphasis = (start, end) => emphasisFont(entry, listFont, offset + start, offset + end);

  const { authorEnd, restStart, year } = authorsAndYear(body);
  const parsed = parseAuthors(body.slice(0, authorEnd));
  fields.authors = parsed.authors;
  if (parsed.etAl) fields.etAl = true;
  let rest = body.slice(restStart);
  let restOffset = restStart;
  const lead = /^[\s.,:;]+/.exec(rest)?.[0].length ?? 0;
  rest = rest.slice(lead);
  restOffset += lead;

  const title = titleOf(rest, (s, e) => emphasis(restOffset + s, restOffset + e));
  fields.title = title.text;
  let after = rest.slice(title.end);
  const afterOffset = restOffset + title.end;
  const afterLead = /^[\s.,:;]+/.exec(after)?.[0].length ?? 0;
  after = after.slice(afterLead);
  let venue = venueOf(after, title.kind, (s, e) => emphasis(afterOffset + afterLead + s, afterOffset + afterLead + e));
  if (!venue.text && title.kind === 'sentence' && /[?!]$/.test(title.text ?? '')) {
    // "Does X prolong life? A reassessment. Annals …": a question's subtitle, when the venue follows it.
    const second = sentenceEnd(after);
    const beyond = after.slice(second).replace(/^[\s.,:;]+/, '');
    const next = venueOf(beyond, 'sentence', () => null);
    if (next.text && second < after.length) {
      fields.title = `${title.text} ${after.slice(0, second)}`;
      venue = next;
    }
  }
  if (!venue.text && title.kind === 'sentence' && fields.title) {
    // "… with censored data, Biometrics 34:243–250, 1978": a venue run into the title with a comma.
    const inside = /^(.{8,}?),\s+(\p{Lu}[^,:;]{1,60}?)\s+\d+\s*[:(]\s*\d/u.exec(fields.title);
    if (inside) {
      venue = { text: inside[2]!, tail: fields.title.slice(inside[1]!.length + 2 + inside[2]!.length) };
      fields.title = inside[1]!;
    }
  }
  fields.venue = venue.text;
  numbers(venue.tail, fields);

  fields.year = year ?? lastYear(rest);
  if (!fields.title && fields.venue) {
    fields.title = fields.venue;
    fields.venue = null;
  }
  return clean(fields);
}

function identifiers(text: string, fields: Fields): void {
  const doi = DOI.exec(text);
  if (doi) fields.doi = trimIdentifier(doi[1]!).toLowerCase();
  const arxiv = ARXIV.exec(text);
  if (arxiv) fields.arxiv = arxiv[1];
  const url = URL.exec(text.replace(DOI, ' '));
  if (url) fields.url = trimIdentifier(url[1]!);
}

/** A DOI or URL without the sentence's full stop or an unbalanced closing bracket. */
function trimIdentifier(id: string): string {
  let out = id.replace(/[.,;:]+$/, '');
  while (/[)\]]$/.test(out) && count(out, out.endsWith(')') ? '(' : '[') < count(out, out.endsWith(')') ? ')' : ']')) out = out.slice(0, -1);
  return out.replace(/[.,;:]+$/, '');
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/**
 * Where the authors end, where the rest starts, and the year when it is printed in brackets
 * right after them (or a bare year there: "Smith J, 2004.").
 */
function authorsAndYear(body: string): { authorEnd: number; restStart: number; year: string | null } {
  const end = authorListEnd(body);
  const bracket = BRACKET_YEAR.exec(body);
  if (bracket && bracket.index <= end.at + 2) {
    const year = /^(?:1[5-9]\d\d|20\d\d)[a-z]?$/.test(bracket[1]!) ? bracket[1]! : null;
    return { authorEnd: bracket.index, restStart: bracket.index + bracket[0].length, year };
  }
  // "Smith J, Jones K, 2004. Title": a bare year ending the names.
  const bare = /^[\s,.]*((?:1[5-9]\d\d|20\d\d)[a-z]?)[.:,]\s/.exec(body.slice(end.at));
  if (bare) return { authorEnd: end.at, restStart: end.at + bare[0].length, year: bare[1]! };
  return { authorEnd: end.at, restStart: end.next, year: null };
}

/**
 * The end of the author list when the year does not close it: the first full stop after a
 * name word ("Breiman.", "Gelber RD."), a colon, or a bracket. An initial's stop ("J. Smith")
 * does not end it, unless what follows reads as a sentence ("Smith J. Title of the paper").
 */
function authorListEnd(body: string): { at: number; next: number } {
  const limit = Math.min(body.length, 600);
  for (let i = 0; i < limit; i++) {
    const c = body[i]!;
    if (c === '(' && /^\(\s*(?:1[5-9]\d\d|20\d\d|n\.\s?d|in press|forthcoming)/i.test(body.slice(i, i + 14))) return { at: i, next: i };
    if (c === ':' && i > 0) return { at: i, next: i + 1 };
    if (c === '“' || c === '"') return { at: i, next: i };
    if (c !== '.') continue;
    // A stop inside a token ("J.H.", "jss.v011"), or before a comma ("et al.,"), ends nothing.
    if (i + 1 < body.length && !/\s/.test(body[i + 1]!)) continue;
    const token = /(\S+)$/.exec(body.slice(0, i))?.[1] ?? '';
    if (/^(?:et\s*)?al$/i.test(token)) continue;
    const bare = token.replace(/^[(\[]/, '');
    const isInitial = /^(?:\p{Lu}\.?-?){1,3}$/u.test(bare) && (bare.length <= 2 || bare.includes('.'));
    if (isInitial && !readsAsSentence(body.slice(i + 1, i + 60))) continue;
    return { at: i, next: i + 1 };
  }
  return { at: 0, next: 0 };
}

/** After a stop: a capitalised word and then a lower-case one reads as a title, not as a name. */
function readsAsSentence(following: string): boolean {
  const words = following.trim().split(/\s+/);
  const [first, second] = words;
  if (!first || !second) return false;
  if (/^(?:and|&|et)$/i.test(second) || /,$/.test(first)) return false;
  return /^\p{Lu}/u.test(first) && /^\p{Ll}/u.test(second) && !/^(?:van|von|de|der|den|del|della|di|da|du|la|le)$/.test(second);
}

/** The last year printed outside the identifiers and page ranges. */
function lastYear(text: string): string | null {
  let found: string | null = null;
  for (const m of text.matchAll(YEAR)) {
    const after = text.slice(m.index! + m[0].length, m.index! + m[0].length + 3);
    const before = text.slice(Math.max(0, m.index! - 2), m.index!);
    if (/^\s?[–-]\s?\d/.test(after) || /[–:-]\s?$/.test(before)) continue;
    found = m[1]! + (m[2] ?? '');
  }
  return found;
}

type TitleKind = 'quoted' | 'emphasised' | 'sentence';

/** The font a stretch is set in when it is not the list's own (italics, a package name's font), else null. */
type Emphasis = (start: number, end: number) => string | null;

/** The title: in quotes, or the stretch set in the other font, or the first sentence. */
function titleOf(rest: string, emphasis: Emphasis): { text: string | null; end: number; kind: TitleKind } {
  const open = /^(``|[“"‘«„])/.exec(rest);
  if (open) {
    const close = QUOTE_PAIRS[open[1]!]!;
    const at = rest.indexOf(close, open[1]!.length);
    if (at > 0) return { text: rest.slice(open[1]!.length, at), end: at + close.length, kind: 'quoted' };
  }
  const sentence = sentenceEnd(rest);
  const set = emphasisRun(rest, emphasis);
  if (set) return { ...set, kind: 'emphasised' };
  return { text: rest.slice(0, sentence).trim() || null, end: sentence, kind: 'sentence' };
}

/**
 * A stretch set apart from the list's font from the start: a book's title or a journal in
 * italics. It runs past its first sentence ("Numerical Recipes in FORTRAN. The Art of …") only
 * in the font most of it is set in, so a package name's or a language's font after it
 * ("… Methods. R package") does not carry it on.
 */
function emphasisRun(text: string, emphasis: Emphasis): { text: string; end: number } | null {
  if (!emphasis(0, Math.min(text.length, 3))) return null;
  let end = 0;
  const fonts = new Map<string, number>();
  const main = () => [...fonts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  while (end < text.length) {
    const font = emphasis(end, end + 1);
    // A volume after a comma ends a journal's name unless set in its font (JSS sets it bold).
    if (/\d/.test(text[end]!) && /,\s*$/.test(text.slice(Math.max(0, end - 3), end)) && font !== main()) break;
    if (font) {
      fonts.set(font, (fonts.get(font) ?? 0) + 1);
    } else if (!/[\s.,:;!?'’()-]/.test(text[end]!)) break;
    if (/[.?!]/.test(text[end]!)) {
      // Past a full stop the run goes on only in its main font ("… FORTRAN. The Art of …", not "… Methods. R package").
      const next = /^[.?!]\s+/.exec(text.slice(end));
      if (next) {
        const at = end + next[0].length;
        if (emphasis(at, Math.min(text.length, at + 3)) !== main()) break;
      }
    }
    end++;
  }
  const out = text.slice(0, end).replace(/[\s.,:;]+$/, '');
  return out.length >= 3 ? { text: out, end: Math.max(end, out.length) } : null;
}

/** The end of the first sentence: a full stop, question or exclamation mark before a capital, a digit or the end. */
function sentenceEnd(text: string): number {
  const re = /([.?!])(?=\s+(?:[\p{Lu}\d("“‘]|In\b)|\s*$)/gu;
  for (const m of text.matchAll(re)) {
    const before = text.slice(0, m.index!);
    const token = /(\S+)$/.exec(before)?.[1] ?? '';
    // Not after an initial, an abbreviation or a number's stop ("S. Smith", "Vol.", "2nd ed.")
    if (
      m[1] === '.' &&
      (/^(?:\p{Lu}|vs|e\.g|i\.e|etc|Vol|vol|No|no|pp|ed|eds|Ed|Eds|St|Dr|Mr|Mrs|Inc|Ltd|Co|Jr|Sr|al|cf|Fig|Sec|Ch)$/u.test(token) || /\.\p{L}$/u.test(token))
    )
      continue;
    return m.index! + (m[1] === '.' ? 0 : 1);
  }
  return text.length;
}

/** The venue, and the text after it (volume, issue, pages). */
function venueOf(after: string, titleKind: TitleKind, emphasis: Emphasis): { text: string | null; tail: string } {
  if (after === '') return { text: null, tail: '' };
  const chapter = /^In[:\s]\s*/.exec(after);
  if (chapter) {
    const inner = after.slice(chapter[0].length);
    const quoted = /^(``|[“"‘])(.+?)(''|[”"’])/.exec(inner);
    if (quoted) return { text: quoted[2]!.replace(/[.,;:]+$/, ''), tail: inner.slice(quoted[0].length) };
    const editors = /\((?:eds?|Eds?|editors?|Hrsg)\.?\)\s*,?\s*|,\s*(?:editors?|eds?\.?)\s*,\s*/.exec(inner);
    const book = editors ? inner.slice(editors.index + editors[0].length) : inner;
    const bookOffset = chapter[0].length + (editors ? editors.index + editors[0].length : 0);
    const set = emphasisRun(book, (s, e) => emphasis(bookOffset + s, bookOffset + e));
    if (set) return { text: set.text, tail: book.slice(set.end) };
    const end = book.search(/,\s*(?:chapter|chap\.|volume|vol\.|pp\.|pages|number|no\.|Vol\.)\s|,\s*\d|\.\s|\.$/);
    const text = (end >= 0 ? book.slice(0, end) : book).trim();
    return { text: text.length >= 3 ? text : null, tail: end >= 0 ? book.slice(end) : '' };
  }
  // A journal in italics after a title in the list's font: the italics are its name ("Computing (Arch. Elektron. Rechnen)").
  if (titleKind !== 'emphasised') {
    const set = emphasisRun(after, emphasis);
    if (set && !NOT_A_VENUE.test(set.text) && /^\p{Lu}/u.test(set.text)) return { text: set.text, tail: after.slice(set.end) };
  }
  // The words up to the volume, pages or year that follow a journal's name.
  const stop = after.search(/,\s*\d|\s\d+\s*[(:]|\s\d+,\s|,\s*(?:vol|volume|pp|pages|no|number|issue)\b|\.\s|\.$|;\s/i);
  const candidate = (stop >= 0 ? after.slice(0, stop) : after).trim().replace(/[.,:;]+$/, '');
  const tail = stop >= 0 ? after.slice(stop) : '';
  if (candidate.length < 2 || NOT_A_VENUE.test(candidate) || !/^\p{Lu}/u.test(candidate)) return { text: null, tail };
  // Numbers after it: a volume or pages, not a book's year alone ("Wiley, 2002.").
  const numbered = /^[,\s]*(?:\d|vol|volume|pp|pages|no\.|number)/i.test(tail) && !/^[,\s]*(?:1[5-9]\d\d|20\d\d)[a-z]?[\s.,]*$/.test(tail);
  if (titleKind === 'emphasised' && !numbered) return { text: null, tail };
  if (numbered) return { text: candidate, tail };
  return { text: null, tail };
}

/** Volume, issue and pages from what follows a venue: ", 11(10), 1–17", ", 48:411–425", ", pages 685–687". */
function numbers(tail: string, fields: Fields): void {
  const volume = /^[,\s]*(?:vol(?:ume)?\.?\s*)?(\d+)\s*(?:\(([^)]{1,12})\))?/i.exec(tail);
  if (volume) {
    fields.volume = volume[1];
    if (volume[2]) fields.issue = volume[2];
  }
  const pages = /(?:pp?\.|pages|:|,)\s*(\d+)\s*[–-]+\s*(\d+)/.exec(tail);
  if (pages) fields.pages = `${pages[1]}–${pages[2]}`;
}

/** The font most of [start, end) is set in, when that is not the list's own; else null. */
function emphasisFont(entry: RawEntry, listFont: string | undefined, start: number, end: number): string | null {
  if (!listFont || end <= start) return null;
  const share = new Map<string, number>();
  for (const f of entry.fonts) {
    const overlap = Math.min(end, f.end) - Math.max(start, f.start);
    if (overlap > 0 && f.font !== undefined && f.font !== listFont) share.set(f.font, (share.get(f.font) ?? 0) + overlap);
  }
  const [font, chars] = [...share.entries()].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  return font !== null && chars >= (end - start) * 0.6 ? font : null;
}

function clean(fields: Fields): Fields {
  const tidy = (s: string | null) => {
    if (s === null) return null;
    const out = s
      .replace(/\s+/g, ' ')
      .replace(/^[\s.,;:]+|[\s,;:]+$/g, '')
      .replace(/\.$/, '')
      .trim();
    return out.length >= 2 ? out : null;
  };
  return { ...fields, title: tidy(fields.title), venue: tidy(fields.venue) };
}
