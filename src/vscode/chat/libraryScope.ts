/**
 * A conversation scoped to a Zotero collection or tag, the way VS Code's chat lets a user say it:
 * `@research /collection Thesis / Chapter 2` (by name or path, subcollections included) or
 * `/tag to-read`; `/collection` alone lists the collections as follow-up buttons that pick one;
 * `/collection all` searches everything again. The scope is remembered for the conversation (in
 * the command's result metadata, ../pure/libraryScope.ts), each answer under it searches only
 * those papers' documents (the PDFs, the user's highlights and notes on them) and says so under
 * its Sources. The documents come from the libraries' records (engine `libraryScope`).
 */
import * as vscode from 'vscode';
import { librarySearchName } from '../../core/graph/scope';
import type { EngineFolder } from '../engine/contract';
import { loadEngine } from '../engine/load';
import { COMMANDS } from '../pure/commandIds';
import { displayOnly } from '../pure/chatMarkdown';
import { markdownText, plainLabel, plainText } from '../pure/documentText';
import {
  conversationScope,
  isScopeMetadata,
  itemsText,
  parseScopeCommand,
  scopeText,
  type LibraryScope,
  type ScopeCommand,
  type ScopeMetadata,
} from '../pure/libraryScope';

type History = ReadonlyArray<vscode.ChatRequestTurn | vscode.ChatResponseTurn>;

/** At most this many choices as buttons (the rest are listed). */
const MAX_CHOICE_BUTTONS = 12;

/** The scope the conversation's last `/collection` or `/tag` set; null: everything. */
export function scopeOfHistory(history: History): LibraryScope | null {
  return conversationScope(
    history
      .filter((turn): turn is vscode.ChatResponseTurn => turn instanceof vscode.ChatResponseTurn)
      .map((turn) => ({
        participant: turn.participant,
        metadata: turn.result.metadata,
      })),
  );
}

/** Scope commands and their answers are not part of the conversation the model reads. */
export function isScopeTurn(turn: vscode.ChatRequestTurn | vscode.ChatResponseTurn): boolean {
  if (turn.command === 'collection' || turn.command === 'tag') return true;
  return turn instanceof vscode.ChatResponseTurn && isScopeMetadata(turn.result.metadata);
}

/** `/collection …` or `/tag …`: lists the choices, sets the conversation's scope or clears it. */
export async function scopeCommand(
  command: ScopeCommand,
  prompt: string,
  history: History,
  stream: vscode.ChatResponseStream,
  folders: ReadonlyArray<EngineFolder>,
): Promise<vscode.ChatResult> {
  const current = scopeOfHistory(history);
  const asked = parseScopeCommand(command, prompt);
  const result = (scope: LibraryScope | null, choices: ScopeMetadata['choices'] = []): vscode.ChatResult => ({
    metadata: { kind: 'local-research-scope', scope, choices } satisfies ScopeMetadata,
  });
  if (asked.kind === 'clear') {
    stream.markdown('This conversation searches everything again: the workspace and your libraries.');
    return result(null);
  }
  const wanted = asked.kind === 'set' ? { ...current, ...asked.scope } : null;
  const found = await loadEngine().libraryScope(folders, wanted);
  const names = command === 'collection' ? found.collections : found.tags;
  const choices = names.slice(0, MAX_CHOICE_BUTTONS).map((name) => ({ command, name }));
  if (wanted && found.paths.length > 0) {
    stream.markdown(
      `From now on this conversation searches only ${markdownText(scopeText(wanted))} of your Zotero library` +
        `${wanted.collection !== undefined ? ' (subcollections included)' : ''}: ${itemsText(found.items)}. ` +
        `\`/${command} all\` searches everything again.`,
    );
    return result(wanted);
  }
  if (wanted)
    stream.markdown(`⚠️ Nothing to search in ${markdownText(scopeText(wanted))}: ${markdownText(found.problems.join('; ') || 'no paper of it is indexed')}.`);
  else if (current) stream.markdown(`This conversation searches only ${markdownText(scopeText(current))}.`);
  if (names.length > 0) {
    const kind = command === 'collection' ? 'collections' : 'tags';
    stream.markdown(
      `\n\nThe ${kind} of your Zotero library${wanted ? '' : ` (choose one to search only its papers${command === 'collection' ? ', subcollections included' : ''})`}:\n`,
    );
    for (const name of names) stream.markdown(`\n- ${markdownText(name)}`);
  } else if (!wanted) {
    stream.markdown(
      `\n\n${displayOnly(`No ${command === 'collection' ? 'collection' : 'tag'} to choose: ${found.problems.join('; ') || `the library has none`}.`)}`,
    );
  }
  if (found.collections.length === 0 && found.tags.length === 0 && found.problems.some((p) => p.includes('research.library.folders')))
    stream.button({ title: 'Add Library', command: COMMANDS.addLibrary });
  // Unchanged: a failed or listing command leaves the conversation's scope as it was.
  return result(current, choices);
}

/** The documents a scoped turn searches, or why it cannot search (said in the chat, no turn run). */
export async function turnScope(
  scope: LibraryScope,
  folders: ReadonlyArray<EngineFolder>,
): Promise<{ paths: string[]; name: string; note: string } | { problem: string }> {
  const found = await loadEngine().libraryScope(folders, scope);
  const what = scopeText(scope);
  if (found.paths.length === 0)
    return {
      problem: `⚠️ This conversation searches only ${markdownText(what)}, and nothing of it can be searched: ${markdownText(found.problems.join('; ') || 'no paper of it is indexed')}. \`/collection all\` searches everything.`,
    };
  return {
    paths: found.paths,
    name: librarySearchName(scope),
    note: `\n\n${displayOnly(`Searched only ${what} of your Zotero library (${itemsText(found.items)}); \`/collection all\` searches everything.`)}`,
  };
}

/** A scope command's choices as follow-up buttons: one click asks `/collection <path>`. */
export function scopeFollowups(metadata: ScopeMetadata): vscode.ChatFollowup[] {
  return metadata.choices.map(({ command, name }) => ({ prompt: plainText(name), label: plainLabel(`/${command} ${name}`), command }));
}
