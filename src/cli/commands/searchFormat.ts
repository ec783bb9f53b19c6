/** Small formatting helpers shared by the `search` and `eval` commands. */
import type { Provenance } from '../../core/index/types';
import { UsageError } from '../options';
import type { LocationLinker } from '../terminalLinks';

/** "bash/bashref.pdf p. 95", "… pp. 94-95", "notes.md lines 10-24", as a link where the terminal has them. */
export function formatLocation(p: Provenance, linker: LocationLinker): string {
  return linker.link(locationLabel(p), { path: p.path, page: p.pageStart, line: p.lineStart });
}

function locationLabel(p: Provenance): string {
  if (p.pageStart !== null) {
    const end = p.pageEnd ?? p.pageStart;
    return end === p.pageStart ? `${p.path} p. ${p.pageStart}` : `${p.path} pp. ${p.pageStart}-${end}`;
  }
  if (p.lineStart !== null) {
    const end = p.lineEnd ?? p.lineStart;
    return end === p.lineStart ? `${p.path} line ${p.lineStart}` : `${p.path} lines ${p.lineStart}-${end}`;
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
