/**
 * Text to BibTeX's LaTeX and back, for what bib fields hold: accented letters as `{\"u}`,
 * `{\'e}`, `{\c{c}}` (every BibTeX and biber reads them, and BibTeX sorts and case-changes them
 * right inside braces), letters with no accent form as `{\ss}`, `{\o}`, TeX's special characters
 * escaped, dashes and quotes in TeX's spelling. Other characters stay as UTF-8.
 */

/** Combining marks (after NFD) to the accent commands that typeset them. */
const ACCENTS: Record<string, string> = {
  '\u0300': '`',
  '\u0301': "'",
  '\u0302': '^',
  '\u0303': '~',
  '\u0308': '"',
  '\u030a': 'r',
  '\u0327': 'c',
  '\u030c': 'v',
  '\u0304': '=',
  '\u0307': '.',
  '\u0306': 'u',
  '\u030b': 'H',
  '\u0328': 'k',
  '\u0323': 'd',
};
const LETTERS: Record<string, string> = {
  ß: '\\ss',
  æ: '\\ae',
  Æ: '\\AE',
  ø: '\\o',
  Ø: '\\O',
  ł: '\\l',
  Ł: '\\L',
  œ: '\\oe',
  Œ: '\\OE',
  ı: '\\i',
  đ: '\\dj',
  Đ: '\\DJ',
};
const SPECIALS: Record<string, string> = {
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '\\': '\\textbackslash{}',
  '–': '--',
  '—': '---',
  '“': '``',
  '”': "''",
  '‘': '`',
  '’': "'",
};

export function toLatex(text: string): string {
  let out = '';
  for (const cluster of text.normalize('NFD').match(/\P{M}\p{M}*|\p{M}+/gu) ?? []) {
    const base = cluster[0]!;
    const marks = [...cluster.slice(1)];
    if (marks.length === 0) {
      out += LETTERS[base] ? `{${LETTERS[base]}}` : (SPECIALS[base] ?? base);
      continue;
    }
    if (marks.some((mark) => !ACCENTS[mark])) {
      out += cluster.normalize('NFC');
      continue;
    }
    // Accents stack from the inside out: ǘ is \'{\"u}; an i or j under an accent loses its dot.
    let letter = base === 'i' ? '\\i' : base === 'j' ? '\\j' : base;
    for (const mark of marks) {
      const command = ACCENTS[mark]!;
      letter = /[A-Za-z]/.test(command) ? `\\${command}{${letter}}` : `\\${command}${letter.length > 1 ? `{${letter}}` : letter}`;
    }
    out += `{${letter}}`;
  }
  return out;
}

const COMMAND_ACCENT = /\\([`'^~"=.])\s*\{?\\?([A-Za-z])\}?|\\([rcvuHkd])\s*(?:\{\\?([A-Za-z])\}|\s+([A-Za-z]))/g;
const NAMED_LETTERS: Record<string, string> = Object.fromEntries(Object.entries(LETTERS).map(([letter, command]) => [command.slice(1), letter]));
const MARK_OF: Record<string, string> = Object.fromEntries(Object.entries(ACCENTS).map(([mark, command]) => [command, mark]));

/** A field's LaTeX as plain text, for comparing and for keys: accents applied, commands, braces and ties dropped. */
export function fromLatex(latex: string): string {
  return latex
    .replace(COMMAND_ACCENT, (_, symbol: string, l1: string, letterCommand: string, l2: string, l3: string) =>
      `${l1 ?? l2 ?? l3}${MARK_OF[symbol ?? letterCommand]}`.normalize('NFC'),
    )
    .replace(/\\(ss|ae|AE|o|O|l|L|oe|OE|i|j|dj|DJ)(?![A-Za-z])/g, (_, name: string) => NAMED_LETTERS[name] ?? name)
    .replace(/\\[&%$#_{}]/g, (m) => m.slice(1))
    .replace(/\\[A-Za-z]+\s*/g, '')
    .replace(/---?/g, '-')
    .replace(/[{}]/g, '')
    .replace(/~/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
