/**
 * The PDFs a bib entry's `file` field points at. Reference managers write it three ways:
 * - JabRef: `description:path:type` records separated by `;`, with `\:` and `\;` escaping the
 *   separators inside a path (`:econometrics/sandwich.pdf:PDF`, `Full text:C\:\\papers\\a.pdf:PDF`);
 * - Better BibTeX (Zotero): bare absolute paths separated by `;`;
 * - Mendeley: `:C$\backslash$:/Users/x/a.pdf:pdf`, LaTeX-escaped.
 * Paths may hold spaces. Returned with `/` separators, as written otherwise (the matcher resolves
 * relative ones).
 */

/** Splits on an unescaped `sep`, keeping every escape as written (the next split may need them). */
function splitKeepingEscapes(text: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[++i];
    } else if (c === sep) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

/** `\:` -> `:`, `\;` -> `;`, `\\` -> `\`; other backslashes are path separators and stay. */
const unescape = (text: string) => text.replace(/\\([:;\\])/g, '$1');

const isBarePath = (record: string) => /^(\/|~\/|[A-Za-z]:[\\/])/.test(record);

function pathOfRecord(record: string): string | null {
  if (isBarePath(record)) return unescape(record);
  const fields = splitKeepingEscapes(record, ':');
  if (fields.length < 2) return unescape(record);
  // `description:path:type`; an unescaped drive letter splits the path in two (`:C:\a.pdf:PDF`).
  const middle = fields.length >= 3 ? fields.slice(1, -1) : fields.slice(1);
  const path = unescape(middle.join(':')).trim();
  return path || null;
}

export function filesOfField(value: string | undefined): string[] {
  if (!value) return [];
  const text = value.replace(/\$\\backslash\$/g, '\\').trim();
  return splitKeepingEscapes(text, ';')
    .map((record) => record.trim())
    .filter(Boolean)
    .map(pathOfRecord)
    .filter((path): path is string => path !== null && /\S/.test(path))
    .map((path) => path.replace(/\\/g, '/'));
}
