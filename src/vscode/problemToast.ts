/** Failures outside the chat: an error toast whose buttons fix a known problem (by its typed code), plus the log. */
import * as vscode from 'vscode';
import { COMMANDS } from './pure/commandIds';
import { buttonsFor, knownProblem } from './pure/knownProblems';

export async function showProblem(text: string, error: unknown): Promise<void> {
  const problem = knownProblem(error);
  const fixes = problem ? buttonsFor(problem) : [];
  const pick = await vscode.window.showErrorMessage(text, ...fixes.map((f) => f.title), 'Open Log');
  const fix = fixes.find((f) => f.title === pick);
  if (fix) await vscode.commands.executeCommand(fix.command, ...(fix.arguments ?? []));
  else if (pick === 'Open Log') await vscode.commands.executeCommand(COMMANDS.openLog);
}

/** The error's own sentence for a person; names, codes and causes go to the log. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
