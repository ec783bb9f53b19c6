/** DOIs and arXiv ids as written in papers, bib files and URLs, in one comparable form. */

/** `10.18637/jss.v011.i10` from a DOI, a doi.org URL or `doi:` text; lower case (DOIs are case-insensitive). */
export function normalizeDoi(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const match = /\b(10\.\d{4,9}\/[^\s"<>{}]+)/i.exec(text);
  if (!match) return undefined;
  return match[1]!.replace(/[.,;)\]]+$/, '').toLowerCase();
}

/** `2101.00001` or `hep-th/9901001`, without a version suffix. */
export function normalizeArxiv(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const modern = /(?:arxiv[:/\s]*|abs\/|^)(\d{4}\.\d{4,5})(?:v\d+)?\b/i.exec(text.trim());
  if (modern) return modern[1];
  const old = /(?:arxiv[:/\s]*|abs\/|^)([a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?\b/i.exec(text.trim());
  return old ? old[1]!.toLowerCase() : undefined;
}
