/** Small formatting helpers shared by the `search` and `eval` commands. */
import { citationLabel, type PaperRef } from '../../core/citations/citationLabel';
import { citesParagraphs, type Provenance } from '../../core/index';
import { UsageError } from '../options';
import type { LocationLinker } from '../terminalLinks';

/**
 * The citation label (core/citations/citationLabel.ts: "Chaussé (2010), p. 14", "notes.md, lines
 * 10-24", 'report.docx, section "Budget", paragraphs 3-5') as a link to the file where the
 * terminal has them. A DOCX link opens the file itself (no line: the terminal would jump into the
 * zip's bytes).
 */
export function formatLocation(p: Provenance & { heading?: string | null; paper?: PaperRef; ownWords?: boolean }, linker: LocationLinker): string {
  const line = citesParagraphs(p.path) ? null : p.lineStart;
  return linker.link(locationLabel(p), { path: p.path, page: p.pageStart, line });
}

/** True when `formatLocation` already names the hit's section (DOCX), so it is not repeated. */
export function labelHasSection(p: Provenance): boolean {
  return citesParagraphs(p.path) && p.pageStart === null;
}

function locationLabel(p: Provenance & { heading?: string | null; paper?: PaperRef; ownWords?: boolean }): string {
  return citationLabel({
    file: p.path,
    ...(p.pageStart !== null ? { page: p.pageStart } : {}),
    ...(p.pageStart !== null && p.pageEnd !== null && p.pageEnd > p.pageStart ? { pageEnd: p.pageEnd } : {}),
    ...(p.lineStart !== null ? { lines: [p.lineStart, p.lineEnd ?? p.lineStart] as [number, number] } : {}),
    ...(p.paper ? { paper: p.paper } : {}),
    ...(p.ownWords ? { ownWords: true } : {}),
    section: p.heading ?? null,
  });
}

/** The text on one line, cut at `max` characters. */
export function snippet(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

export function parsePositiveInt(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a whole number >= 1, not '${value}'`);
  return n;
}
