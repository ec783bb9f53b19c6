/** How a cited work is named in lists and messages: "Zeileis (2004)", "Newey and West (1987)", "Hothorn et al. (2006)". */
import type { ReferenceEntry } from './types';

/** Its first authors' family names and its year; null when the entry's authors were not read. */
export function citedName(entry: Pick<ReferenceEntry, 'authors' | 'etAl' | 'year'>): string | null {
  const first = entry.authors[0]?.family;
  if (!first) return null;
  const who = `${first}${entry.authors.length === 2 ? ` and ${entry.authors[1]!.family}` : entry.authors.length > 2 || entry.etAl ? ' et al.' : ''}`;
  return entry.year ? `${who} (${entry.year})` : who;
}
