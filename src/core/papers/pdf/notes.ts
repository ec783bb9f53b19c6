/**
 * Publication notes: the sentences in which a paper says where it was published ("This
 * introduction … is a (slightly) modified version of Zeileis (2004), published in the Journal of
 * Statistical Software", "This is a preprint of an article published in …", "please cite this
 * article as … (Bürkner 2017)"). A note must speak of this very document and of its publication;
 * a note about another work ("a companion paper to …", "an update and extension of the papers …",
 * "a smaller version … appeared") is not this paper's and is passed over.
 */
import type { Author } from '../record';
import { comparable } from '../normalize';
import type { Line, PageLines, Segment } from './layout';
import { MONTH_PATTERN, plausibleYear } from './patterns';

export interface Note {
  page: number;
  /** The note's sentence, and the one after it (a copyright line often follows). */
  sentence: string;
  next: string;
}

/** Speaks of this document. */
const SELF =
  /\b(?:this|the present|the current|our) (?:package )?(?:vignette|paper|article|manuscript|introduction|description|document|report|note|version|tutorial)\b|\b(?:it|this) (?:is|was|has been) (?:a |an )?(?:\(?slightly\)? )?(?:modified|updated|revised|previous|earlier|preprint|reprint)\b|\bversion of\b|\bcite this\b|\bplease (?:use|cite)\b|\bpublished as\b|\bpreprint of\b/i;
/** Speaks of a publication. */
const PUBLICATION = /\b(?:published|appears?|appeared|to appear|accepted|in press|version of|please (?:use|cite)|cite this|preprint)\b/i;
/** Speaks of another work than this one. */
const ANOTHER_WORK = /\b(?:smaller|shorter|companion|extensions? of|update and extension|no longer|follow-up|based on)\b/i;
/** A build stamp ("typeset on November 4, 2022", "compiled on …", "corresponds to … version 0.3.3"): its date is not a publication's. */
const BUILD_STAMP = /\b(?:typeset|compiled|built|generated|processed|rendered)\b|\bversion \d+(?:[.-]\d+)+/i;

/** The heading of a reference list: what follows it is about other works, whatever it says. */
const REFERENCES_HEADING = /^(?:\d+\.?\s+)?(?:references|bibliography|literature|works cited)$/i;

/**
 * A page's text up to its reference list as sentences. Lines join into blocks (a change of size or
 * a wide vertical gap starts a new block, so a title or a date line never runs into the abstract);
 * a line in two columns sends each column to its own block; line-end hyphens of split words close.
 */
export function sentences(page: PageLines): string[] {
  const blocks: string[] = [];
  let full = '';
  let left = '';
  let right = '';
  let previous: { y: number; size: number } | undefined;
  const append = (text: string, next: string) =>
    text.endsWith('-') && /^\p{Ll}/u.test(next) ? text.slice(0, -1) + next : text === '' ? next : `${text} ${next}`;
  const flush = (...texts: string[]) => texts.filter((text) => text !== '').forEach((text) => blocks.push(text));
  for (const line of page.lines) {
    if (REFERENCES_HEADING.test(line.text)) break;
    const columns = twoColumns(line, page.width);
    const newBlock = previous !== undefined && (Math.abs(line.size - previous.size) > 0.5 || line.y - previous.y > 2 * line.size);
    if (columns) {
      if (full !== '') flush(full);
      full = '';
      left = append(left, columns[0]);
      right = append(right, columns[1]);
    } else {
      if (left !== '' || right !== '' || newBlock) {
        flush(left, right, full);
        [left, right, full] = ['', '', ''];
      }
      full = append(full, line.text);
    }
    previous = line;
  }
  flush(left, right, full);
  return blocks.flatMap((block) => block.split(/(?<=[.!?])\s+(?=[\p{Lu}©∗*])/u)).map((sentence) => sentence.replace(/^[∗*†‡]\s*/u, '').trim());
}

/** The text of a line set in two columns, left and right; undefined for a line across the page. */
function twoColumns(line: Line, pageWidth: number): [string, string] | undefined {
  const middle = pageWidth / 2;
  const leftSegments = line.segments.filter((segment) => segment.x + segment.width <= middle + pageWidth * 0.03);
  const rightSegments = line.segments.filter((segment) => segment.x >= middle - pageWidth * 0.03);
  const wide = (segments: Segment[]) => segments.reduce((total, segment) => total + segment.width, 0) >= pageWidth * 0.25;
  if (leftSegments.length + rightSegments.length !== line.segments.length || !wide(leftSegments) || !wide(rightSegments)) return undefined;
  return [leftSegments.map((segment) => segment.text).join(' '), rightSegments.map((segment) => segment.text).join(' ')];
}

export function publicationNotes(pages: readonly PageLines[]): Note[] {
  const notes: Note[] = [];
  for (const page of pages) {
    const list = sentences(page);
    list.forEach((sentence, index) => {
      if (SELF.test(sentence) && PUBLICATION.test(sentence) && !ANOTHER_WORK.test(sentence))
        notes.push({ page: page.page, sentence, next: list[index + 1] ?? '' });
    });
  }
  return notes;
}

/**
 * The year of a citation of the paper's own first author in a note ("Zeileis (2004)", "(Hahsler,
 * Hornik, and Buchta 2008)", "(Hornik, 2005b)"). A citation of two works at once ("2007b,a") names
 * no single publication.
 */
export function citedYear(note: Note, firstAuthor: Author | undefined): number | undefined {
  if (!firstAuthor) return undefined;
  const family = comparable(firstAuthor.family);
  if (family === '') return undefined;
  for (const match of note.sentence.matchAll(/\b(\d{4})([a-z])?(?=\s*[);,])(?!\s*,\s*[a-z]\b)/g)) {
    const year = Number(match[1]);
    if (!plausibleYear(year)) continue;
    const before = comparable(note.sentence.slice(Math.max(0, match.index - 120), match.index));
    const words = before.split(' ');
    // The family name among the last words before the year, with no other year in between.
    const at = words.lastIndexOf(family.split(' ').pop()!);
    if (at >= 0 && words.length - at <= 12 && !words.slice(at).some((word) => /^\d{4}$/.test(word))) return year;
  }
  return undefined;
}

/** "Copyright © 2009 WILEY-VCH" in a preprint's note, or right after it. */
export function copyrightYear(note: Note): number | undefined {
  if (!/\bpreprint\b|\bpublished in\b/i.test(note.sentence)) return undefined;
  for (const text of [note.sentence, note.next]) {
    const match = text.match(/(?:copyright\s*(?:©|\(c\))?|©)\s*((?:19|20)\d{2})\b/i);
    if (match && plausibleYear(Number(match[1]))) return Number(match[1]);
  }
  return undefined;
}

const MONTH_YEAR = new RegExp(`\\b${MONTH_PATTERN}\\s+(?:\\d{1,2},?\\s+)?((?:19|20)\\d{2})\\b`, 'i');

/** "has been published online in …, on Oct. 2015": a month and year in a publication note that is not a build stamp. */
export function publishedDateYear(note: Note): number | undefined {
  if (BUILD_STAMP.test(note.sentence) || !/\bpublished\b/i.test(note.sentence)) return undefined;
  const match = note.sentence.match(MONTH_YEAR);
  const year = match ? Number(match[2]) : Number.NaN;
  return plausibleYear(year) ? year : undefined;
}

const VENUE_WORD = "(?:[A-Z][\\w'&-]*|of|and|for|in|on|the|&)";
const VENUE_IN_NOTE = new RegExp(`\\b(?:published|appears?|appeared|to appear)\\s+(?:online\\s+)?in\\s+(?:the\\s+)?(${VENUE_WORD}(?:\\s+${VENUE_WORD})*)`);

/** The journal a note names: "published in the Journal of Statistical Software" -> "Journal of Statistical Software". */
export function noteVenue(note: Note): string | undefined {
  const match = note.sentence.match(VENUE_IN_NOTE);
  const venue = match?.[1]?.replace(/(?:\s+(?:of|and|for|in|on|the|&))+$/, '').trim();
  return venue && /^[A-Z]/.test(venue) && venue.split(' ').length >= 2 ? venue : undefined;
}
