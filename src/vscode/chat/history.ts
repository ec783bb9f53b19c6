/**
 * VS Code's chat turns as plain data for ./pure/chatHistory.ts, which rebuilds the graph's input
 * from them (and says why metadata is read behind a type guard).
 */
import * as vscode from 'vscode';
import type { HistoryTurn } from '../../core/graph/api';
import { historyFromTurns, type ChatTurn } from '../pure/chatHistory';
import { isScopeTurn } from './libraryScope';

/** Markdown parts only: that is all history keeps of a response. */
function markdownOf(turn: vscode.ChatResponseTurn): string {
  return turn.response.map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : '')).join('');
}

/** `context.history` as graph history, oldest first, the last `maxTurns` exchanges (a `/collection` exchange is not part of it). */
export function historyFromContext(history: ReadonlyArray<vscode.ChatRequestTurn | vscode.ChatResponseTurn>, maxTurns: number): HistoryTurn[] {
  const turns = history
    .filter((turn) => !isScopeTurn(turn))
    .map((turn): ChatTurn =>
      turn instanceof vscode.ChatRequestTurn
        ? { participant: turn.participant, kind: 'request', prompt: turn.prompt }
        : { participant: turn.participant, kind: 'response', markdown: markdownOf(turn), metadata: turn.result.metadata },
    );
  return historyFromTurns(turns, maxTurns);
}
