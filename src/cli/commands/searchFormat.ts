/** Small formatting helpers shared by the `search` and `eval` commands. */
import { citesParagraphs, lineWord, type Provenance } from '../../core/index';
import { terminalSafe } from '../../core/text/terminalSafe';
import { UsageError } from '../options';
import type { LocationLinker } from '../terminalLinks';

/**
 * "bash/bashref.pdf p. 95", "… pp. 94-95", "notes.md lines 10-24", 'report.docx, section "Budget",
 * paragraphs 3-5', as a link where the terminal has them. A DOCX link opens the file itself (no
 * line: the terminal would jump into the zip's bytes).
 */
export function formatLocation(p: Provenance & { heading?: string | null }, linker: LocationLinker): string {
  const line = citesParagraphs(p.path) ? null : p.lineStart;
  return linker.link(locationLabel(p), { path: p.path, page: p.pageStart, line });
}

/** True when `formatLocation` already names the hit's section (DOCX), so it is not repeated. */
export function labelHasSection(p: Provenance): boolean {
  return citesParagraphs(p.path) && p.pageStart === null;
}

function locationLabel(p: Provenance & { heading?: string | null }): string {
  if (p.pageStart !== null) {
    const end = p.pageEnd ?? p.pageStart;
    return end === p.pageStart ? `${p.path} p. ${p.pageStart}` : `${p.path} pp. ${p.pageStart}-${end}`;
  }
  if (p.lineStart !== null) {
    const end = p.lineEnd ?? p.lineStart;
    const word = lineWord(p.path);
    const range = end === p.lineStart ? `${word} ${p.lineStart}` : `${word}s ${p.lineStart}-${end}`;
    if (!citesParagraphs(p.path)) return `${p.path} ${range}`;
    // The section is how a reader finds a place in Word, which numbers no paragraphs.
    return p.heading ? `${p.path}, section "${terminalSafe(p.heading)}", ${range}` : `${p.path}, ${range}`;
  }
  return p.path;
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
