/**
 * A ChatResponseStream that records what the participant streams, and helpers to build chat
 * history the way VS Code hands it over (request and response turns addressed to @research).
 */
import * as vscode from 'vscode';
import { unlinkCitations } from '../../../src/vscode/pure/citationLinks';

/** Document text in our Markdown is written as numeric character references (src/vscode/pure/documentText.ts). */
function decodeReferences(markdown: string): string {
  return markdown.replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)));
}

export type Recorded =
  | { kind: 'markdown'; value: string }
  | { kind: 'progress'; value: string }
  | { kind: 'anchor'; target: vscode.Uri | vscode.Location; title?: string }
  | { kind: 'reference'; target: vscode.Uri | vscode.Location }
  | { kind: 'button'; command: vscode.Command };

export class RecordingStream {
  readonly parts: Recorded[] = [];
  onMarkdown?: (value: string) => void;

  markdown(value: string | vscode.MarkdownString): void {
    const text = typeof value === 'string' ? value : value.value;
    this.parts.push({ kind: 'markdown', value: text });
    this.onMarkdown?.(text);
  }
  progress(value: string): void {
    this.parts.push({ kind: 'progress', value });
  }
  anchor(target: vscode.Uri | vscode.Location, title?: string): void {
    this.parts.push({ kind: 'anchor', target, ...(title ? { title } : {}) });
  }
  reference(target: vscode.Uri | vscode.Location): void {
    this.parts.push({ kind: 'reference', target });
  }
  button(command: vscode.Command): void {
    this.parts.push({ kind: 'button', command });
  }
  filetree(): void {}
  push(): void {}

  get text(): string {
    return this.parts.flatMap((p) => (p.kind === 'markdown' ? [p.value] : [])).join('');
  }
  /** The Markdown with its character references read as the characters they stand for (`&#91;` as `[`): links still links. */
  get markup(): string {
    return decodeReferences(this.text);
  }
  /** The text as the chat shows it: citation links read as their `[n]` labels, character references decoded. */
  get seen(): string {
    return decodeReferences(unlinkCitations(this.text));
  }
  get progressMessages(): string[] {
    return this.parts.flatMap((p) => (p.kind === 'progress' ? [decodeReferences(p.value)] : []));
  }
  get buttons(): vscode.Command[] {
    return this.parts.flatMap((p) => (p.kind === 'button' ? [p.command] : []));
  }
  get references(): Array<vscode.Uri | vscode.Location> {
    return this.parts.flatMap((p) => (p.kind === 'reference' ? [p.target] : []));
  }
  asStream(): vscode.ChatResponseStream {
    return this as unknown as vscode.ChatResponseStream;
  }
}

const PARTICIPANT = 'local-research.research';

/** The two history entries VS Code keeps for one exchange (constructors are internal, but real). */
export function exchange(prompt: string, answerMarkdown: string, result: vscode.ChatResult): Array<vscode.ChatRequestTurn | vscode.ChatResponseTurn> {
  const RequestTurn = vscode.ChatRequestTurn as unknown as new (...args: unknown[]) => vscode.ChatRequestTurn;
  const ResponseTurn = vscode.ChatResponseTurn as unknown as new (...args: unknown[]) => vscode.ChatResponseTurn;
  return [
    new RequestTurn(prompt, undefined, [], PARTICIPANT, []),
    new ResponseTurn([new vscode.ChatResponseMarkdownPart(answerMarkdown)], result, PARTICIPANT),
  ];
}

export function cancellation(): vscode.CancellationTokenSource {
  return new vscode.CancellationTokenSource();
}
