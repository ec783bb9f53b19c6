/**
 * A damaged index in the editor: how it is told (the file that no longer matches, and that a
 * rebuild from the documents fixes it, in one click) and the "Verify Index" command that hashes
 * every index file. Core's errors speak CLI (`index --rebuild`); here the button does that.
 * Errors are recognised by their `code`: they come from the engine bundle, whose classes are
 * not this bundle's.
 */
import * as vscode from 'vscode';
import type { Logger } from '../../core/ports';
import { describeMismatch } from '../../core/index';
import { loadEngine } from '../engine/load';
import type { IndexedFolder } from './workspaceFolders';
import { COMMANDS } from '../pure/commandIds';

const REBUILD = 'Rebuild Index';
const INDEX_NOW = 'Index Now';

/** The index cannot be used as it is and a rebuild fixes it (damaged, or made by another version). */
export function needsRebuild(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'index-corrupt' || code === 'index-version';
}

/** One sentence for a damaged index, with what is wrong when core said (`detail`). */
export function damagedIndexText(error: unknown): string {
  const detail = (error as { detail?: unknown }).detail;
  if ((error as { code?: unknown }).code === 'index-version')
    return 'The index was made by another version of this extension: rebuild it from your documents (they are not touched).';
  return `The index is damaged${typeof detail === 'string' ? ` (${detail})` : ''}: rebuild it from your documents (they are not touched).`;
}

/** Offers the fix: Rebuild for a damaged index, Index Now otherwise. */
export function showWithFix(show: (text: string, ...items: string[]) => Thenable<string | undefined>, text: string, damaged: boolean): void {
  void show(`Local Research: ${text}`, damaged ? REBUILD : INDEX_NOW, 'Open Log').then((pick) => {
    if (pick === REBUILD) void vscode.commands.executeCommand(COMMANDS.rebuildIndex);
    if (pick === INDEX_NOW) void vscode.commands.executeCommand(COMMANDS.indexWorkspace);
    if (pick === 'Open Log') void vscode.commands.executeCommand(COMMANDS.openLog);
  });
}

/**
 * "Verify Index": hashes every index file against its checksums (every folder's index in a
 * multi-root workspace, the first problem found named with its folder); returns the sentence shown.
 */
/** What the command needs of the index service (indexService.ts, which imports this file). */
export interface VerifiedIndexes {
  readonly folders: readonly IndexedFolder[];
  /** Shows the index as damaged until a rebuild. */
  markDamaged(): void;
}

export async function verifyIndexCommand(index: VerifiedIndexes, log: Logger): Promise<string> {
  if (index.folders.length === 0) return 'Open a folder to index its documents.';
  let text: string | undefined;
  let damaged = false;
  let offerFix = true;
  let checked = 0;
  let bytes = 0;
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Verifying the research index' }, async () => {
    for (const { label, dbDir } of index.folders) {
      const where = index.folders.length > 1 ? `${label}: ` : '';
      try {
        const { report } = await loadEngine().verifyIndex(dbDir);
        const first = report?.mismatches[0];
        if (!report) {
          text = `${where}This index was made before checksums were recorded: index the workspace once to record them (nothing is re-read or re-embedded).`;
        } else if (first) {
          damaged = true;
          const more = report.mismatches.length > 1 ? ` and ${report.mismatches.length - 1} more file(s)` : '';
          text = `${where}${damagedIndexText({ code: 'index-corrupt', detail: `${describeMismatch(first)}${more}` })}`;
        } else {
          checked += report.checked;
          bytes += report.bytes;
          continue;
        }
      } catch (error) {
        if ((error as { code?: unknown }).code === 'index-missing') text = `${where}No index yet for this ${where ? 'folder' : 'workspace'}.`;
        else if (needsRebuild(error)) {
          damaged = true;
          text = `${where}${damagedIndexText(error)}`;
        } else throw error;
      }
      return;
    }
  });
  if (text === undefined) {
    offerFix = false;
    text = `Index verified: ${checked} files (${(bytes / 1e6).toFixed(1)} MB) match their checksums.`;
  }
  log.info(`verify: ${text}`);
  if (damaged) index.markDamaged();
  if (!offerFix) void vscode.window.showInformationMessage(`Local Research: ${text}`);
  else showWithFix(damaged ? vscode.window.showErrorMessage : vscode.window.showInformationMessage, text, damaged);
  return text;
}
