/**
 * Citations in the chat as command links that open our viewer (PDF) or the note (text) at the
 * cited place with the passage highlighted: the `[n]` markers in the answer as they stream, and
 * the Sources list. A link's title is the quoted passage, so hovering shows it. The links'
 * text itself is made in ../pure/citationLinks.ts.
 */
import * as vscode from 'vscode';
import { citationMarkers, markerNumbers, OPEN_MARKER_AT_END } from '../../core/citations/citationMarkers';
import { ChatMarkdownGuard } from '../pure/chatMarkdown';
import { markdownLink } from '../pure/documentText';
import { INSERT_CITATION_COMMAND, OPEN_CITATION_COMMAND } from '../pure/commandIds';

/** Markdown the chat may run our citation commands from (open, insert into the draft), and nothing else; no raw HTML. */
export function trustedMarkdown(value: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(value);
  md.isTrusted = { enabledCommands: [OPEN_CITATION_COMMAND, INSERT_CITATION_COMMAND] };
  md.supportHtml = false;
  return md;
}

/**
 * Rewrites `[n]` markers in streamed answer text into citation links, holding back a marker
 * split across tokens until it is complete. Numbers without a known passage stay plain text.
 * The text itself (the model's, or quoted documents) is made display-only first (../pure/chatMarkdown):
 * the citation links added here are the only links in it.
 */
export class CitationMarkerStream {
  private held = '';
  private readonly guard = new ChatMarkdownGuard();

  constructor(
    private readonly write: (markdown: vscode.MarkdownString) => void,
    private readonly linkFor: (n: number) => { uri: string; title?: string } | undefined,
  ) {}

  push(text: string): void {
    this.held += this.guard.push(text);
    const open = OPEN_MARKER_AT_END.exec(this.held);
    const cut = open && this.held.length - open.index <= 24 ? open.index : this.held.length;
    this.emit(this.held.slice(0, cut));
    this.held = this.held.slice(cut);
  }

  flush(): void {
    this.emit(this.held);
    this.held = '';
  }

  private emit(text: string): void {
    if (!text) return;
    const linked = text.replace(citationMarkers(), (_whole, numbers: string) =>
      markerNumbers(numbers)
        .map((n) => {
          const link = this.linkFor(n);
          return link ? markdownLink(`[${n}]`, link.uri, link.title) : `[${n}]`;
        })
        .join(''),
    );
    this.write(trustedMarkdown(linked));
  }
}
