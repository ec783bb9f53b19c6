/**
 * What an indexing run tells the user and the log: who asked decides how loud it is (IndexTrigger).
 * ./indexService.ts runs the jobs.
 */
import * as vscode from 'vscode';
import { plural, runSummaryText, type FileFailure, type IndexStats } from '../../core/index';
import type { Logger } from '../../core/ports';
import type { EngineIndexSummary } from '../engine/contract';
import { damagedIndexText, needsRebuild } from './indexHealth';
import { messageOf, showProblem } from '../problemToast';
import { COMMANDS } from '../pure/commandIds';
import { messageText } from '../pure/documentText';
import { SharedIndexReadOnlyError } from './sharedIndex';

export type IndexJobKind = 'index' | 'rebuild' | 'clear';

/**
 * Who asked, which decides how a run reports. `command`: a progress notification and a summary
 * toast. `chat`: nothing outside the chat, which shows the result. `background` (start-up, file
 * watcher, settings, trust): the status bar only, unless something needs the user (the run
 * failed, or a document newly could not be indexed).
 */
export type IndexTrigger = 'command' | 'chat' | 'background';

export interface IndexJobResult {
  kind: IndexJobKind;
  /** The user (or a later request) cancelled the run; what was written stays consistent. */
  cancelled?: boolean;
  summary?: EngineIndexSummary;
  error?: unknown;
}

/** The messages after a run: see IndexTrigger. Not awaited: a message waits for the user, the job must not. */
export function reportRun(result: IndexJobResult, trigger: IndexTrigger, fresh: FileFailure[], stats: IndexStats | null): void {
  if (result.error instanceof SharedIndexReadOnlyError) {
    if (trigger !== 'chat') void vscode.window.showInformationMessage(`Local Research: ${result.error.message}`);
    return;
  }
  if (result.error) {
    // A damaged index says so in the editor's words, with the Rebuild button (not core's CLI advice).
    const text = needsRebuild(result.error) ? damagedIndexText(result.error) : `indexing failed: ${messageOf(result.error)}`;
    if (trigger !== 'chat') void showProblem(messageText(`Local Research: ${text}`), result.error);
    return;
  }
  const summary = result.summary;
  if (!summary) return;
  const logButton = summary.failed.length || summary.warned.length ? ['Open Log'] : [];
  let message: Thenable<string | undefined> | undefined;
  if (trigger === 'command') {
    const text = messageText(`Local Research: ${runSummaryText(summary, stats)}`);
    message = summary.failed.length ? vscode.window.showWarningMessage(text, ...logButton) : vscode.window.showInformationMessage(text, ...logButton);
  } else if (trigger === 'background' && fresh.length > 0) {
    const first = fresh[0]!;
    const more = fresh.length > 1 ? ` (and ${fresh.length - 1} more)` : '';
    message = vscode.window.showWarningMessage(
      messageText(`Local Research: ${plural(fresh.length, 'document')} could not be indexed: ${first.path}: ${first.reason}${more}.`),
      'Open Log',
    );
  }
  void message?.then((pick) => pick === 'Open Log' && vscode.commands.executeCommand(COMMANDS.openLog));
}

/** The run in the log: the counts, then every file that failed or warned, then the notices. */
export function logRun(log: Logger, summary: EngineIndexSummary): void {
  log.info(
    `index ${summary.cancelled ? 'cancelled' : 'done'}: ${summary.indexed} indexed, ${summary.skipped} unchanged, ${summary.removed} removed, ` +
      `${summary.failed.length} failed, ${summary.chunks} chunks, ${summary.seconds.toFixed(1)} s, embeddings: ${summary.embeddingChoice}`,
  );
  for (const f of summary.failed) log.warn(`not indexed: ${f.path}: ${f.reason} [${f.code}]`);
  for (const w of summary.warned) log.warn(`indexed with warnings: ${w.path}: ${w.warnings.join('; ')}`);
  for (const n of summary.notices) log.info(n);
}

/** How many files a status line names before it counts the rest. */
const NAMED = 3;

/**
 * The files of the last run a person should know about, for Show Index Status: "Not indexed:
 * bomb.docx. Indexed with warnings: deep.html, fanout.pdf (the log says why)." Empty when none.
 */
export function attentionText(summary: Pick<EngineIndexSummary, 'failed' | 'warned'> | undefined): string {
  if (!summary) return '';
  const names = (paths: string[]) => (paths.length > NAMED ? `${paths.slice(0, NAMED).join(', ')} and ${paths.length - NAMED} more` : paths.join(', '));
  const parts = [
    summary.failed.length > 0 ? `Not indexed: ${names(summary.failed.map((f) => f.path))}.` : '',
    summary.warned.length > 0 ? `Indexed with warnings: ${names(summary.warned.map((w) => w.path))}.` : '',
  ].filter(Boolean);
  return parts.length > 0 ? ` ${parts.join(' ')} The log says why.` : '';
}
