/**
 * One answer as it reaches the chat: the graph's progress lines until the answer streams, its
 * tokens with `[n]` markers as citation links, a visible note when validation replaces an answer
 * already shown, and at the end the Sources list. The citation registry keeps each turn's passages
 * for the links (./citations/registry).
 */
import * as vscode from 'vscode';
import type { Citation, TurnEvent, TurnResult } from '../../core/graph/api';
import type { Logger } from '../../core/ports';
import { CitationMarkerStream } from '../citations/links';
import type { CitationRegistry } from '../citations/registry';
import { citationCommandUri, citationHover } from '../pure/citationLinks';
import { markdownText } from '../pure/documentText';
import { renderCitations } from './render';
import type { FolderPaths } from '../indexing/workspaceFolders';

export class AnswerStream {
  /** Citation links in the answer carry this turn's id; the registry holds their passages. */
  readonly turnId: string;
  private streamedTokens = 0;
  private sources: Citation[] = [];
  private readonly answerText: CitationMarkerStream;

  constructor(
    private readonly stream: vscode.ChatResponseStream,
    private readonly citations: CitationRegistry,
    private readonly log: Logger,
  ) {
    this.turnId = citations.newTurn();
    this.answerText = new CitationMarkerStream(
      (markdown) => stream.markdown(markdown),
      (n) => {
        const c = this.sources.find((s) => s.index === n);
        return c ? { uri: citationCommandUri(this.turnId, c), title: citationHover(c, c.snippet) } : undefined;
      },
    );
  }

  readonly onEvent = (event: TurnEvent): void => {
    switch (event.type) {
      case 'progress':
        // VS Code 1.139 folds markdown that is followed by more progress into the collapsed
        // "Completed N steps" group: once the answer streams, later steps go to the log only.
        // A progress line is Markdown to VS Code, and it may name a paper ("Searching in …"): text only.
        if (this.streamedTokens === 0) this.stream.progress(markdownText(event.message));
        else this.log.debug(`step: ${event.agent}: ${event.message}`);
        break;
      case 'waiting':
        // Before the answer streams: the model is loading or reading a long prompt.
        if (this.streamedTokens === 0) this.stream.progress(markdownText(event.message));
        break;
      case 'sources':
        this.sources = event.citations;
        void this.citations.sources(this.turnId, this.sources);
        break;
      case 'token':
        this.streamedTokens++;
        this.answerText.push(event.text);
        break;
      case 'reset':
        this.answerText.flush();
        // Markdown already shown cannot be taken back; say that a corrected answer follows.
        if (this.streamedTokens > 0) this.stream.markdown('\n\n---\n*Checking the answer against the sources; corrected version:*\n\n');
        this.streamedTokens = 0;
        break;
      case 'citation':
        break; // Rendered once at the end, numbered as in the final answer.
    }
  };

  /** Writes what is held back; a cancelled turn ends here. */
  flush(): void {
    this.answerText.flush();
  }

  /** The answer if nothing streamed (an extractive one), then the Sources list. */
  async finish(result: TurnResult, folders: FolderPaths): Promise<void> {
    if (this.streamedTokens === 0) {
      this.answerText.push(result.answer);
      this.answerText.flush();
    }
    await this.citations.finish(this.turnId, result.citations, result.answer);
    // Hovering a source shows the sentence the answer rests on, else the passage's opening.
    const emphasis = this.citations.get(this.turnId)?.emphasis ?? {};
    renderCitations(this.stream, folders, result.citations, this.turnId, (c) => emphasis[c.index] ?? c.snippet);
  }
}
