/**
 * Which documents a chat request restricts retrieval to (core's `TurnInput.scope`): the files and
 * folders the user attached (`#file`, drag and drop, the paperclip), or the active document when
 * the question says "this document". VS Code also attaches the active editor on its own
 * (`vscode.implicit.*` ids) and prompt instruction files (`vscode.prompt.*`); those are context
 * the user did not choose, so they never narrow the search. Paths are the index's: relative to the
 * workspace folder, behind its label in a multi-root workspace (FolderPaths.indexPathOf).
 */
import * as vscode from 'vscode';
import { PDF_VIEW_TYPE } from '../../core/citations/viewerProtocol';
import type { FolderPaths } from '../indexing/workspaceFolders';

const AUTOMATIC_PREFIXES = ['vscode.implicit', 'vscode.prompt.'];

/** "this document", "this PDF", "this file" … */
const THIS_DOCUMENT = /\bthis (?:document|file|pdf|paper|note|manual)\b/i;

export function isExplicitReference(reference: Pick<vscode.ChatPromptReference, 'id'>): boolean {
  return !AUTOMATIC_PREFIXES.some((prefix) => reference.id.startsWith(prefix));
}

function uriOf(value: unknown): vscode.Uri | undefined {
  if (value instanceof vscode.Uri) return value;
  if (value instanceof vscode.Location) return value.uri;
  return undefined;
}

/** The document in front of the user: our PDF viewer's tab, else the active text editor. */
export function activeDocumentUri(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (input instanceof vscode.TabInputCustom && input.viewType === PDF_VIEW_TYPE) return input.uri;
  if (input instanceof vscode.TabInputText) return input.uri;
  return vscode.window.activeTextEditor?.document.uri;
}

/** The scope entries for this request; undefined: search the whole index. */
export function requestScope(
  request: { prompt: string; references?: readonly vscode.ChatPromptReference[] | undefined },
  folders: FolderPaths,
): string[] | undefined {
  const attached = (request.references ?? []).filter(isExplicitReference).flatMap((r) => {
    const uri = uriOf(r.value);
    return uri ? [uri] : [];
  });
  if (attached.length > 0) return [...new Set(attached.map((uri) => folders.indexPathOf(uri)))];
  if (!THIS_DOCUMENT.test(request.prompt)) return undefined;
  const active = activeDocumentUri();
  return active ? [folders.indexPathOf(active)] : undefined;
}
