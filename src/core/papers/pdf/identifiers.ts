/**
 * Identifiers a paper prints about itself: a DOI in its header, front matter or publication note
 * (never one from its references), an arXiv identifier from the stamp arXiv prints up the margin.
 * A template's placeholder DOI ("10.18637/jss.v000.i00", all zeros) identifies nothing.
 */
import { plausibleYear } from './patterns';

const DOI = /\b(10\.\d{4,9}\/[^\s"'<>]+)/i;

/** The DOI in a text ("doi: 10.18637/jss.v067.i01", "https://doi.org/10.1000/xyz."), lower-cased; placeholders refused. */
export function doiIn(text: string): string | undefined {
  const match = text.match(DOI);
  if (!match) return undefined;
  const doi = match[1]!.replace(/[.,;:)\]}]+$/, '').toLowerCase();
  const suffix = doi.slice(doi.indexOf('/') + 1);
  // A template's placeholder: every digit after the prefix a zero.
  if (/\d/.test(suffix) && !/[1-9]/.test(suffix)) return undefined;
  return doi;
}

export interface ArxivStamp {
  id: string;
  year?: number;
}

const NEW_STYLE = /\barXiv:\s*(\d{4}\.\d{4,5})(?:v\d+)?/i;
const OLD_STYLE = /\barXiv:\s*([a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?/i;

/** "arXiv:2101.00001v2 [stat.ME] 5 Jan 2021": the identifier without its version, and the stamp's year. */
export function arxivIn(text: string): ArxivStamp | undefined {
  const match = text.match(NEW_STYLE) ?? text.match(OLD_STYLE);
  if (!match) return undefined;
  const dated = text.slice(match.index! + match[0].length).match(/^\s*\[[^\]]*\]\s*\d{1,2}\s+[A-Za-z]{3}\w*\s+(\d{4})/);
  const year = dated ? Number(dated[1]) : undefined;
  return { id: match[1]!, ...(year !== undefined && plausibleYear(year) ? { year } : {}) };
}
