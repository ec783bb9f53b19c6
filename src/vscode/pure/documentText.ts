/**
 * The one rule for strings a document supplies (a title, an author, a venue, a bib key, a file
 * name, a passage, an annotation) wherever the editor shows them: they are text. In trusted
 * Markdown (the chat's Sources list, hovers) they never form a link, an image, a command link, raw
 * HTML or a theme icon; in labels (quick picks, follow-up buttons, code actions, panel titles)
 * no `$(icon)`; in notifications no link; anywhere, no line break that starts a line of its own, no control character and
 * no bidi override that reorders what the reader sees.
 *
 * In Markdown every ASCII punctuation character becomes a numeric character reference (`[` →
 * `&#91;`). CommonMark never reads a character reference as syntax, so no parser can turn it back
 * into a bracket, a `(`, a `!` or a `:` of `https://` (marked 4 to 16 undo a backslash escape
 * inside a link's text, which is how a title's `[x](https://…)` became a link of its own inside
 * the citation link). The reader sees the same characters: the reference is decoded for display.
 * Letters, digits and spaces stay as they are.
 */

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: each run reads as one space. */
const BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** Bidi embeddings, overrides and isolates, and the marks: they reorder or hide text ("Trojan Source"). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Every ASCII punctuation character: the only characters Markdown syntax is made of (with spaces and digits at a line's start). */
const PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** One line of plain text: control characters and line breaks as a space, bidi controls removed. */
export function plainText(text: string): string {
  return text.replace(BIDI, '').replace(BREAKING, ' ');
}

/**
 * A label the editor renders with theme icons (quick pick items, buttons, follow-ups, code
 * actions, titles): plain text whose `$(` can no longer open an icon (a zero-width space between
 * the two, invisible to the reader).
 */
export function plainLabel(text: string): string {
  return plainText(text).replace(/\$\(/g, '$\u200b(');
}

/**
 * A notification's message (showInformationMessage and the like): a label in which `[text](target)`
 * no longer forms the link that notifications render (and run, for a `command:` target), its `](`
 * broken by a zero-width space.
 */
export function messageText(text: string): string {
  return plainLabel(text).replace(/\]\(/g, ']\u200b(');
}

/**
 * Text for Markdown, trusted or not, also inside a link's text or title: it displays as written
 * and forms nothing. Its `$(` is broken as in a label too: VS Code renders theme icons in the HTML
 * that marked returns, after a marked that decodes character references has turned `&#36;&#40;`
 * back into `$(`.
 */
export function markdownText(text: string): string {
  return plainLabel(text).replace(PUNCTUATION, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * A Markdown link whose label and hover title are document text (markdownText) and whose target is
 * ours: `[label](target "title")`. The target must be a URI we built (a command URI with its
 * arguments percent-encoded, so it holds no space, `(` or `)`).
 */
export function markdownLink(label: string, target: string, title?: string): string {
  if (/[\s()<>]/.test(target)) throw new Error(`a Markdown link target must be percent-encoded: ${target.slice(0, 80)}`);
  return `[${markdownText(label)}](${target}${title ? ` "${markdownText(title)}"` : ''})`;
}
