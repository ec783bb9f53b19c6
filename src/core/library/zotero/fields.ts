/** Zotero's field values as the rest of the product reads them: dates, DOIs, citation keys in Extra. */

/**
 * The year and the typed date of Zotero's multipart form (`strToMultipart` in Zotero's
 * `xpcom/date.js`): `2010-03-00 March 2010`, `0000-00-00 Spring`, or a plain string from an import.
 */
export function multipartDate(value: string | null | undefined): { year: number | null; date: string | null } {
  if (!value) return { year: null, date: null };
  const multipart = /^(\d{4})-(\d{2})-(\d{2})(?: (.*))?$/s.exec(value);
  if (multipart) {
    const year = Number(multipart[1]);
    return { year: year > 0 ? year : null, date: (multipart[4] ?? '').trim() || (year > 0 ? multipart[1]! : null) };
  }
  const year = /\b(1[5-9]\d\d|20\d\d)\b/.exec(value);
  return { year: year ? Number(year[1]) : null, date: value.trim() || null };
}

/** A DOI as bare `10.x/…` (Zotero keeps what the user or translator typed, sometimes a URL). */
export function bareDoi(value: string | null | undefined): string | null {
  const match = value ? /\b(10\.\d{4,9}\/\S+)/.exec(value) : null;
  return match ? match[1]!.replace(/[.,;]+$/, '') : null;
}

/** The `Citation Key: …` line Better BibTeX (and Zotero's import) keep in Extra before Zotero had the field. */
export function extraCitationKey(extra: string | null | undefined): string | null {
  const match = extra ? /^\s*Citation Key\s*:\s*(\S+)\s*$/im.exec(extra) : null;
  return match ? match[1]! : null;
}
