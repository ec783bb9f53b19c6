/**
 * The value of one top-level key of a YAML mapping as a list of strings: `key: a.bib`,
 * `key: "a b.bib"`, `key: [a.bib, b.bib]`, or a block list (`key:` then `  - a.bib` lines).
 * Enough for `bibliography:` in front matter and `_quarto.yml`; not a YAML parser (anchors, nested
 * maps and multi-line strings are not read).
 */
export function yamlList(yaml: string, key: string): string[] | null {
  const lines = yaml.split(/\r?\n/);
  const head = new RegExp(`^${key}\\s*:(.*)$`);
  for (let i = 0; i < lines.length; i++) {
    const m = head.exec(lines[i]!);
    if (!m) continue;
    const inline = stripComment(m[1]!).trim();
    if (inline.startsWith('['))
      return inline
        .replace(/^\[|\]$/g, '')
        .split(',')
        .map(unquote)
        .filter(Boolean);
    if (inline !== '') return [unquote(inline)].filter(Boolean);
    const items: string[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const item = /^\s+-\s+(.*)$/.exec(lines[j]!);
      if (item) items.push(unquote(stripComment(item[1]!)));
      else if (/^\s*(#.*)?$/.test(lines[j]!)) continue;
      else break;
    }
    return items.filter(Boolean);
  }
  return null;
}

function stripComment(value: string): string {
  return value.replace(/(^|\s)#.*$/, '');
}

function unquote(value: string): string {
  const v = value.trim();
  return /^(["']).*\1$/.test(v) ? v.slice(1, -1) : v;
}

/** The YAML front matter of a Markdown file (between the first line's `---` and the next `---` or `...`), or null. */
export function frontMatterOf(text: string): string | null {
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  return m ? m[1]! : null;
}
