/**
 * What kinds of line a paper's front matter holds, by their text: a journal banner or volume line,
 * a section heading that ends the front matter, a date, an e-mail address.
 */
import { TITLE_CASE_SMALL_WORDS } from '../../text/stopWords';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};
const MONTH = '(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\\.?';
export const MONTH_PATTERN = MONTH;

export interface PrintedDate {
  year: number;
  month?: number;
  day?: number;
}

/** Words before a date that say what the date is ("Date:", "This version:", "Revised"). */
const DATE_PREFIX = /^(?:date[d:]?|draft(?: of)?|this (?:version|draft)|version of|revised|last revised|updated|printed|first version)\s*:?\s*/i;

const DATE_FORMS: { pattern: RegExp; read: (m: RegExpMatchArray) => PrintedDate }[] = [
  { pattern: new RegExp(`^${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})$`, 'i'), read: (m) => ({ year: +m[3]!, month: month(m[1]!), day: +m[2]! }) },
  { pattern: new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?\\.?\\s+${MONTH},?\\s+(\\d{4})$`, 'i'), read: (m) => ({ year: +m[3]!, month: month(m[2]!), day: +m[1]! }) },
  { pattern: new RegExp(`^${MONTH},?\\s+(\\d{4})$`, 'i'), read: (m) => ({ year: +m[2]!, month: month(m[1]!) }) },
  { pattern: /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/, read: (m) => ({ year: +m[1]!, month: +m[2]!, day: +m[3]! }) },
  { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, read: (m) => ({ year: +m[3]!, month: +m[2]!, day: +m[1]! }) },
];

function month(name: string): number {
  return MONTHS[name.toLowerCase().replace(/\.$/, '')] ?? 0;
}

/** The date a whole line states ("February 6, 2023", "Feb 2005", "2007-06-28"), or undefined. */
export function parseDateLine(text: string): PrintedDate | undefined {
  const bare = text.trim().replace(DATE_PREFIX, '').replace(/[.,]$/, '').trim();
  for (const form of DATE_FORMS) {
    const match = bare.match(form.pattern);
    if (!match) continue;
    const date = form.read(match);
    if (plausibleYear(date.year) && (date.month === undefined || (date.month >= 1 && date.month <= 12))) return date;
  }
  return undefined;
}

/** A year a paper of ours could carry. */
export function plausibleYear(year: number): boolean {
  return year >= 1900 && year <= new Date().getFullYear() + 1;
}

const HEADING_WORDS =
  'abstract|summary|contents|table of contents|keywords?|key ?words|index terms|introduction|overview|motivation|preface|background|acknowledge?ments?';
/** A heading on its own ("Contents", "1. Introduction", "Abstract"), not a title that starts with the word ("Introduction to the pls Package"). */
const BARE_HEADING = new RegExp(`^(?:(?:\\d+(?:\\.\\d+)*|[IVX]+)\\.?\\s+)?(?:${HEADING_WORDS})\\s*[:.]?$`, 'i');
const NUMBERED_HEADING = /^(?:\d+(?:\.\d+)*\.?|[IVX]+\.)\s+\p{Lu}/u;
/** Lines that open the abstract or the keywords, with their text on the same line ("Abstract. Quantile regression is…"). */
const OPENS_ABSTRACT = /^(?:abstract|summary|keywords?|key ?words|index terms)\b\s*[:.—–-]?\s*\p{Lu}/iu;

/** A section heading: never part of a title. */
export function isHeading(text: string): boolean {
  return BARE_HEADING.test(text) || (NUMBERED_HEADING.test(text) && text.length < 70);
}

/** Lines that end a paper's front matter: the abstract, the keywords, the contents, the first section. */
export function endsFrontMatter(text: string): boolean {
  return isHeading(text) || OPENS_ABSTRACT.test(text);
}

/** A journal's name set as a banner, or a line of volume, issue, DOI or preprint stamp: never a title. */
const BANNER =
  /^(?:the\s+)?(?:journal\s+of(?:\s+[\p{L}&-]+){1,5}|(?:[\p{L}&-]+\s+){0,3}journal|r\s+news|jss|preprint|working\s+paper|technical\s+report|discussion\s+paper|research\s+report|contributed\s+research\s+articles?|submitted\s+to\b.*)$/iu;
const ISSUE_LINE = /\b(?:vol(?:ume|\.)?|issue|no\.)\s*\d|^doi\b|^https?:|\barxiv:/i;

export function isBanner(text: string): boolean {
  return BANNER.test(text.trim()) || ISSUE_LINE.test(text) || parseDateLine(text) !== undefined;
}

/**
 * The year of a journal's volume line ("July 2008, Volume 27, Issue 3.", "The R Journal Vol.
 * 9/2, December 2017", "R News Vol. 1/2, June 2001").
 */
const VOLUME_LINES = [
  // "12 (2011) 2825-2830" (JMLR), "(2005), 92, 3, pp. 519-534" (Biometrika): volume, year, pages.
  /\b\d{1,4}\s*\(((?:19|20)\d{2})\)\s*[,:]?\s*(?:pp\.?\s*)?\d+\s*[-–]\s*\d+/,
  /\(((?:19|20)\d{2})\),\s*\d+(?:,\s*\d+)?,\s*pp\.?\s*\d+/,
  new RegExp(`\\b${MONTH}\\s+(\\d{4}),\\s*Vol(?:ume|\\.)\\s*\\d+`, 'i'),
  new RegExp(`\\bVol(?:ume|\\.)\\s*\\d+(?:\\s*[/(]\\s*\\d+\\)?)?(?:,\\s*(?:Issue|No\\.?)\\s*\\d+)?,?\\s+(?:${MONTH}\\s+)?(\\d{4})\\b`, 'i'),
];

export function volumeLineYear(text: string): number | undefined {
  for (const form of VOLUME_LINES) {
    const match = text.match(form);
    const year = match ? Number(match[match.length - 1]) : Number.NaN;
    if (plausibleYear(year)) return year;
  }
  return undefined;
}

/** "© 2019 Elsevier", "Copyright © 2009 WILEY-VCH", "© Springer-Verlag 2005", "© The Author(s) 2019"; never a range ("1999-2023"). */
const COPYRIGHT_LINES = [
  /(?:©|\(c\)|\bcopyright\b)\s*©?\s*((?:19|20)\d{2})\b(?!\s*[-–]\s*\d)/i,
  /(?:©|\(c\))\s*(?!\d)[^\d©]{1,40}?\b((?:19|20)\d{2})\b(?!\s*[-–]\s*\d)/,
];

export function copyrightLineYear(text: string): number | undefined {
  if (!/©|\(c\)|copyright/i.test(text)) return undefined;
  for (const form of COPYRIGHT_LINES) {
    const year = Number(text.match(form)?.[1]);
    if (plausibleYear(year)) return year;
  }
  return undefined;
}

/** "Published online: 20 June 2019", "Published: 2019-06-20", "Available online 5 March 2020". */
const PUBLISHED_ON = new RegExp(
  `\\b(?:published(?:\\s+online)?|available\\s+online)\\s*:?\\s*(?:on\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?\\s+)?${MONTH}\\s+(?:\\d{1,2},?\\s+)?((?:19|20)\\d{2})\\b`,
  'i',
);
const PUBLISHED_ON_ISO = /\b(?:published(?:\s+online)?|available\s+online)\s*:?\s*((?:19|20)\d{2})-\d{2}-\d{2}\b/i;

export function publishedLineYear(text: string): number | undefined {
  if (!/published|available online/i.test(text)) return undefined;
  const match = text.match(PUBLISHED_ON) ?? text.match(PUBLISHED_ON_ISO);
  const year = match ? Number(match[match.length - 1]) : Number.NaN;
  return plausibleYear(year) ? year : undefined;
}

export function isEmailOrUrl(text: string): boolean {
  return /\S@\S|^(?:https?:|www\.)|\.(?:org|com|edu|net)\b/i.test(text);
}

/** A CreationDate or ModDate ("D:20230206080630-06'00'") or an XMP date ("2022-06-14T02:56:06+02:00") as a date. */
export function parsePdfDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const match = value.match(/^(?:D:)?(\d{4})-?(\d{2})?-?(\d{2})?/);
  if (!match) return undefined;
  const year = Number(match[1]);
  if (!plausibleYear(year)) return undefined;
  return new Date(Date.UTC(year, Number(match[2] ?? 1) - 1, Number(match[3] ?? 1)));
}

/** "QUANTILE REGRESSION IN R: A VIGNETTE" -> "Quantile Regression in R: A Vignette". */
export function titleCase(text: string): string {
  let startOfPhrase = true;
  return text
    .split(/(\s+)/)
    .map((word) => {
      if (/^\s+$/.test(word)) return word;
      const lower = word.toLowerCase();
      const cased = TITLE_CASE_SMALL_WORDS.has(lower) && !startOfPhrase ? lower : word.length <= 1 ? word : word[0] + lower.slice(1);
      startOfPhrase = /[:.!?]$/.test(word);
      return cased;
    })
    .join('');
}
