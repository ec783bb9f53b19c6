/**
 * How a user writes their .bib, read from its entries (./bibScan.ts), so a generated entry looks
 * like theirs: entry type case (`@article` or `@Article`), indentation and `=` alignment, braces or
 * quotes, a trailing comma, whether titles protect case with inner braces (`{R}`), and whether
 * entries link their PDF with a `file` field.
 */
import type { BibEntryFacts } from './bibScan';

export interface BibStyle {
  typeCase: 'lower' | 'capitalized' | 'upper';
  indent: string;
  /** Field names are padded to this width before ` = ` (0: no padding). */
  alignWidth: number;
  delimiter: 'braces' | 'quotes';
  trailingComma: boolean;
  /** Some title holds an inner brace group (`{HC}`, `{R}`): the user protects case. */
  protectsCase: boolean;
  /** At least half of the entries have a `file` field. */
  linksFiles: boolean;
}

export const DEFAULT_BIB_STYLE: BibStyle = {
  typeCase: 'lower',
  indent: '  ',
  alignWidth: 0,
  delimiter: 'braces',
  trailingComma: false,
  protectsCase: false,
  linksFiles: false,
};

export function bibStyleOf(entries: readonly BibEntryFacts[]): BibStyle {
  const sample = entries.find((e) => Object.keys(e.fields).length >= 2);
  if (!sample) return DEFAULT_BIB_STYLE;
  const typeWord = /^@\s*([A-Za-z]+)/.exec(sample.source)![1]!;
  const fieldLines = sample.source
    .split('\n')
    .slice(1)
    .filter((line) => /^\s*[A-Za-z][\w:.+-]*\s*=/.test(line));
  const indent = /^\s*/.exec(fieldLines[0] ?? '  ')![0] || '  ';
  const equalsColumns = new Set(fieldLines.map((line) => line.indexOf('=')));
  const padded = fieldLines.length >= 2 && equalsColumns.size === 1 && fieldLines.some((line) => /\S\s{2,}=/.test(line));
  const quoted = fieldLines.filter((line) => /=\s*"/.test(line)).length;
  const titles = entries.map((e) => e.fields.title).filter((t): t is string => t !== undefined);
  return {
    typeCase: typeWord === typeWord.toUpperCase() ? 'upper' : typeWord[0] === typeWord[0]!.toUpperCase() ? 'capitalized' : 'lower',
    indent,
    alignWidth: padded ? [...equalsColumns][0]! - indent.length - 1 : 0,
    delimiter: quoted > fieldLines.length / 2 ? 'quotes' : 'braces',
    trailingComma: /,\s*[})]\s*$/.test(sample.source),
    protectsCase: titles.some((t) => /\{[^{}]*\}/.test(t)),
    linksFiles: entries.filter((e) => e.fields.file !== undefined).length * 2 >= entries.length && entries.length > 0,
  };
}
