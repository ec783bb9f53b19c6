/**
 * A PDF's evidence turned into a paper's fields (title, authors, year, venue, DOI, arXiv id), each
 * with its source, confidence and where it was read. The page is what a reader sees, so its title
 * and author order win over the Info dictionary, which only confirms them (higher confidence) or
 * fills in when the page gives nothing usable: Info is written by tools and templates and is often
 * stale ("Mixture Models" for "Finite Mixture Models", authors in another order).
 */
import { comparable, titleSimilarity } from '../normalize';
import type { Author, Field, PaperFields } from '../record';
import { readFrontMatter } from './authors';
import type { PdfEvidence } from './evidence';
import { arxivIn, doiIn } from './identifiers';
import { documentLines, type PageLines } from './layout';
import { readMetadataFields, type MetadataFields } from './metadata';
import { noteVenue, publicationNotes, type Note } from './notes';
import { isBanner } from './patterns';
import { findTitle, type TitleFound } from './title';
import { findYear } from './year';

/**
 * The version of these rules. Bump it whenever a rule changes: stored records made by an older
 * version are recomputed from their stored evidence (page 1 and 2 only, no full re-extraction).
 */
export const PDF_RECORD_VERSION = 1;

/** How alike an Info title must be to the page's to count as the same title. */
const SAME_TITLE = 0.9;

export function pdfPaperFields(evidence: PdfEvidence): PaperFields {
  const pages = documentLines(evidence.pages.filter((page) => page.page <= 2));
  const first = pages.find((page) => page.page === 1);
  const meta = readMetadataFields(evidence);
  const title = first ? findTitle(first) : undefined;
  const front = first && title ? readFrontMatter(first, title) : undefined;
  const fields: PaperFields = {};
  const chosenTitle = chooseTitle(title, meta, first);
  if (chosenTitle) fields.title = chosenTitle;
  const authors = chooseAuthors(front?.authors ?? [], meta, first?.ocr === true);
  if (authors) fields.authors = authors;
  const notes = publicationNotes(pages);
  const stamp = first ? arxivStamp(first, title) : undefined;
  const year = findYear({
    pages,
    ...(title ? { titleY: title.y } : {}),
    notes,
    ...(authors?.value[0] ? { firstAuthor: authors.value[0] } : {}),
    ...(front ? { front } : {}),
    fileDates: meta.fileDates,
    ...(stamp?.year ? { arxivYear: stamp.year } : {}),
  });
  if (year) fields.year = year;
  const venue = bannerVenue(first, title) ?? venueOfNotes(notes);
  if (venue) fields.venue = venue;
  const doi = meta.doi
    ? { value: meta.doi.value, source: 'pdf-metadata' as const, confidence: 0.9, from: meta.doi.from }
    : pageDoi(
        first,
        title,
        front?.lines ?? [],
        notes.map((note) => note.sentence),
      );
  if (doi) fields.doi = doi;
  if (stamp) fields.arxiv = { value: stamp.id, source: 'page-text', confidence: 0.9, from: 'arXiv stamp, page 1' };
  return fields;
}

function chooseTitle(found: TitleFound | undefined, meta: MetadataFields, page: PageLines | undefined): Field<string> | undefined {
  const info = meta.title;
  if (!found) return info ? { value: info.value, source: 'pdf-metadata', confidence: 0.6, from: info.from } : undefined;
  const fromPage = { value: found.text, source: 'page-text' as const, from: 'page 1' };
  if (!info) return { ...fromPage, confidence: page?.ocr ? 0.7 : 0.8 };
  if (titleSimilarity(found.text, info.value) >= SAME_TITLE) return { ...fromPage, confidence: 0.95 };
  // Info holds the page's title and more (a subtitle the layout did not join): take it when the rest is printed on the page.
  const pageTitle = comparable(found.text);
  const infoTitle = comparable(info.value);
  const pageText = comparable(
    page?.lines
      .slice(0, found.lastLine + 3)
      .map((line) => line.text)
      .join(' ') ?? '',
  );
  if (infoTitle.startsWith(pageTitle) && pageText.includes(infoTitle.slice(pageTitle.length).trim())) {
    return { value: info.value, source: 'pdf-metadata', confidence: 0.85, from: `${info.from}, printed on page 1` };
  }
  return { ...fromPage, confidence: 0.75 };
}

function chooseAuthors(onPage: Author[], meta: MetadataFields, ocr: boolean): Field<Author[]> | undefined {
  const info = meta.authors;
  if (onPage.length === 0) return info ? { value: info.value, source: 'pdf-metadata', confidence: 0.6, from: info.from } : undefined;
  const fromPage = { value: onPage, source: 'page-text' as const, from: 'page 1' };
  if (!info) return { ...fromPage, confidence: ocr ? 0.7 : 0.8 };
  const families = (authors: Author[]) =>
    authors
      .map((author) => comparable(author.family))
      .sort()
      .join('|');
  if (families(onPage) === families(info.value)) return { ...fromPage, confidence: 0.95 };
  const infoFamilies = new Set(info.value.map((author) => comparable(author.family)));
  return { ...fromPage, confidence: infoFamilies.has(comparable(onPage[0]!.family)) ? 0.85 : 0.6 };
}

/** The journal named in page 1's banner, above the title ("Journal of Statistical Software"). */
function bannerVenue(page: PageLines | undefined, title: TitleFound | undefined): Field<string> | undefined {
  if (!page || !title) return undefined;
  for (const line of page.lines) {
    if (line.y >= title.y) break;
    for (const segment of line.segments) {
      if (/journal|\bnews\b|proceedings|transactions|review|letters|annals/i.test(segment.text) && isBanner(segment.text) && !/\d/.test(segment.text)) {
        return { value: segment.text, source: 'page-text', confidence: 0.85, from: 'journal header, page 1' };
      }
    }
  }
  return undefined;
}

/** The journal the first publication note that names one names ("published in the Journal of …"). */
function venueOfNotes(notes: readonly Note[]): Field<string> | undefined {
  for (const note of notes) {
    const venue = noteVenue(note);
    if (venue) return { value: venue, source: 'page-text', confidence: 0.7, from: `citation note, page ${note.page}` };
  }
  return undefined;
}

/** A DOI printed above the title, in the front matter, or in a publication note; never one of the references. */
function pageDoi(
  page: PageLines | undefined,
  title: TitleFound | undefined,
  frontLines: readonly number[],
  noteSentences: readonly string[],
): Field<string> | undefined {
  if (!page) return undefined;
  const header = title ? page.lines.filter((line) => line.y < title.y).map((line) => line.text) : [];
  const front = frontLines.map((index) => page.lines[index]!.text);
  for (const [texts, from] of [
    [header, 'journal header, page 1'],
    [front, 'page 1'],
    [noteSentences, 'publication note'],
  ] as const) {
    for (const text of texts) {
      const doi = doiIn(text);
      if (doi) return { value: doi, source: 'page-text', confidence: 0.85, from };
    }
  }
  return undefined;
}

/** arXiv's stamp up the left margin, or an arXiv line above the title. */
function arxivStamp(page: PageLines, title: TitleFound | undefined) {
  const stamp = arxivIn(page.rotated.map((run) => run.text).join(' '));
  if (stamp) return stamp;
  const header = title ? page.lines.filter((line) => line.y < title.y) : page.lines.filter((line) => line.y <= page.height * 0.12);
  for (const line of header) {
    const found = arxivIn(line.text);
    if (found) return found;
  }
  return undefined;
}
