/**
 * Citation text in a document's own style (setup/documentSetup.ts): `\citep[p.~14]{a}`,
 * `\parencite[p.~14]{a}`, `\cite[p.~14]{a}` in LaTeX, `[@a, p. 14]` in Markdown, several at once.
 * The text returned is plain text: insert it as text (`TextEditor.edit`, `WorkspaceEdit.insert`),
 * or through `snippetEscaped` for `insertSnippet`, where `\`, `$` and `}` are snippet syntax.
 */
import type { DocumentSetup } from '../setup/documentSetup';

/** One citation to insert: the user's bib key and where in the paper. */
export interface CitationRequest {
  key: string;
  /** The page as the reader numbers it (a printed label such as `14` or `xii`, else the physical page), and the last page of a range. */
  page?: string | number;
  lastPage?: string | number;
}

export type CitationStyle = Pick<DocumentSetup, 'format' | 'command'>;

/** The citations as one piece of text in the document's style (keys in the order given, each key once). */
export function citationText(style: CitationStyle, requests: readonly CitationRequest[]): string {
  const cites = unique(requests);
  if (cites.length === 0) return '';
  if (style.format === 'markdown') return `[${cites.map((c) => `@${pandocKey(c.key)}${c.page === undefined ? '' : `, ${locator(c, ' ', '-')}`}`).join('; ')}]`;
  const withPages = cites.filter((c) => c.page !== undefined);
  const latexLocator = (c: CitationRequest) => (c.page === undefined ? '' : `[${locator(c, '~', '--')}]`);
  if (withPages.length === 0 || (cites.length === 1 && withPages.length === 1)) {
    return `${style.command}${cites.length === 1 ? latexLocator(cites[0]!) : ''}{${cites.map((c) => c.key).join(',')}}`;
  }
  // Several keys, some with pages: each key needs its own postnote.
  if (style.command === '\\parencite' || style.command === '\\autocite') return `${style.command}s${cites.map((c) => `${latexLocator(c)}{${c.key}}`).join('')}`;
  if (style.command === '\\citep') return `\\citetext{${cites.map((c) => `\\citealp${latexLocator(c)}{${c.key}}`).join('; ')}}`;
  return cites.map((c) => `${style.command}${latexLocator(c)}{${c.key}}`).join(', ');
}

function unique(requests: readonly CitationRequest[]): CitationRequest[] {
  const seen = new Map<string, CitationRequest>();
  for (const r of requests) if (!seen.has(r.key)) seen.set(r.key, r);
  return [...seen.values()];
}

/** `p.~14`, `pp.~14--15` (LaTeX); `p. 14`, `pp. 14-15` (Markdown). */
function locator(c: CitationRequest, space: string, dash: string): string {
  const first = String(c.page);
  const last = c.lastPage === undefined ? first : String(c.lastPage);
  return last === first ? `p.${space}${first}` : `pp.${space}${first}${dash}${last}`;
}

/** A key Pandoc reads bare, else in braces (`@{key with:odd/chars}`). */
function pandocKey(key: string): string {
  return /^[\p{L}\p{N}_](?:[\p{L}\p{N}_]|[:.#$%&\-+?<>~/](?=[\p{L}\p{N}_]))*$/u.test(key) ? key : `{${key}}`;
}

/** Text escaped for VS Code's `insertSnippet`: `\`, `$` and `}` are its syntax. */
export function snippetEscaped(text: string): string {
  return text.replace(/[\\$}]/g, '\\$&');
}
