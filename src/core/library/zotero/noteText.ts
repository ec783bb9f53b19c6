/**
 * A Zotero note (the note editor's HTML) as plain text: one paragraph per block (p, headings,
 * list items, table rows, blockquotes), entities decoded, markup dropped. Zotero wraps a note in
 * `<div data-schema-version>`; an annotation quoted into a note is a `<span class="highlight">`
 * whose words stay as written.
 */
import { Parser } from 'htmlparser2';

const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'tr', 'blockquote', 'pre', 'br', 'hr', 'table', 'ul', 'ol']);
const SKIPPED = new Set(['script', 'style']);

export function noteText(html: string): string {
  const lines: string[] = [];
  let current = '';
  let skipping = 0;
  const breakLine = () => {
    const line = current.replace(/\s+/g, ' ').trim();
    if (line) lines.push(line);
    current = '';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping++;
        else if (BLOCKS.has(name)) breakLine();
        else if (name === 'td' || name === 'th') current += ' ';
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCKS.has(name)) breakLine();
      },
      ontext(data) {
        if (skipping === 0) current += data;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  breakLine();
  return lines.join('\n');
}
