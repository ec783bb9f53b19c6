/**
 * What the Info dictionary and XMP say, kept only where it is plausible: many PDFs carry a word
 * processor's file name ("Microsoft Word - draft3.doc"), "untitled", the name of a LaTeX tool, or
 * leftovers of a template ("[width=5cm]logo Edzer Pebesma") instead of a title or author list.
 */
import type { Author } from '../record';
import type { PdfEvidence } from './evidence';
import { doiIn } from './identifiers';
import { parseNames } from './names';
import { parsePdfDate } from './patterns';

export interface MetadataFields {
  title?: { value: string; from: string };
  authors?: { value: Author[]; from: string };
  doi?: { value: string; from: string };
  /** When the file was made or changed (Info CreationDate, ModDate; XMP CreateDate, ModifyDate). */
  fileDates: Date[];
}

const JUNK_TITLE = [
  /^untitled\b/i,
  // What tools write when nobody gives a title.
  /^(?:r graphics output|powerpoint presentation|presentation\d*|slide \d+|document\d*|book\d*|figure \d*)$/i,
  /\bmicrosoft\b|\bword\s*-\s/i,
  /\.(?:docx?|tex|dvi|pdf|e?ps|rtf|odt|txt|indd|qxd|pages)\b/i,
  /\blatex\b|\bpdf-?tex\b|\bhyperref\b|\btexmaker\b|\\|\[width=|\{|\}/i,
  /^(?:title|document|paper|article|slides?|presentation|manuscript|draft|abstract|report|thesis)[\s_-]*\d*$/i,
];

/** A title someone typed, not a file name, tool name or template leftover. */
export function plausibleTitle(value: string | undefined): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  if (!text || JUNK_TITLE.some((pattern) => pattern.test(text))) return undefined;
  const words = text.split(' ').filter((word) => /\p{L}{2}/u.test(word));
  // One word, or a file-like token ("ms_final_v2"), is not a title.
  if (words.length < 2 || /^[\w.-]+$/.test(text)) return undefined;
  return text;
}

export function readMetadataFields(evidence: PdfEvidence): MetadataFields {
  const fields: MetadataFields = { fileDates: [] };
  const xmp = evidence.xmp ?? {};
  const infoTitle = plausibleTitle(evidence.info.Title);
  const xmpTitle = plausibleTitle(xmp['dc:title']?.[0]);
  if (infoTitle) fields.title = { value: infoTitle, from: 'Info Title' };
  else if (xmpTitle) fields.title = { value: xmpTitle, from: 'XMP dc:title' };
  const infoAuthors = namesOf(evidence.info.Author);
  const xmpAuthors = namesOf(xmp['dc:creator']?.join('; '));
  if (infoAuthors) fields.authors = { value: infoAuthors, from: 'Info Author' };
  else if (xmpAuthors) fields.authors = { value: xmpAuthors, from: 'XMP dc:creator' };
  for (const [key, from] of [
    ['prism:doi', 'XMP prism:doi'],
    ['pdfx:doi', 'XMP pdfx:doi'],
    ['dc:identifier', 'XMP dc:identifier'],
  ] as const) {
    const doi = xmp[key]?.map((value) => doiIn(value)).find((value) => value !== undefined);
    if (doi && !fields.doi) fields.doi = { value: doi, from };
  }
  const infoDoi = Object.entries(evidence.info).find(([key]) => key.toLowerCase() === 'doi')?.[1];
  if (!fields.doi && infoDoi && doiIn(infoDoi)) fields.doi = { value: doiIn(infoDoi)!, from: 'Info doi' };
  const dates = [evidence.info.CreationDate, evidence.info.ModDate, xmp['xmp:createdate']?.[0], xmp['xmp:modifydate']?.[0]];
  fields.fileDates = dates.map(parsePdfDate).filter((date): date is Date => date !== undefined);
  return fields;
}

/** An author list that is all names ("Hothorn, Hornik and Zeileis", "Tay; Simon"), else undefined. */
function namesOf(value: string | undefined): Author[] | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  const authors = parseNames(text);
  return authors && authors.length > 0 ? authors : undefined;
}
