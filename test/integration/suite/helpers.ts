/** Shared helpers of the integration suite (runs inside the real extension host). */
import * as vscode from 'vscode';
import type { ResearchApi } from '../../../src/vscode/api';
import type { ViewerReport } from '../../../src/core/citations/viewerProtocol';
import type { CitationLinkArgs } from '../../../src/vscode/pure/citationLinks';

export const EXTENSION_ID = 'local-research.local-research-assistant';

export async function getApi(): Promise<ResearchApi> {
  const ext = vscode.extensions.getExtension<ResearchApi>(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  return ext.activate();
}

export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the integration suite needs an open folder');
  return folder.uri;
}

/** Polls until `check` returns a truthy value (UI state settles asynchronously). */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens a citation through the command the chat's links run, and waits for the viewer's report to satisfy `done`. */
export async function openCitationInViewer(args: CitationLinkArgs, done: (r: ViewerReport) => boolean, timeoutMs = 45_000): Promise<ViewerReport> {
  const api = await getApi();
  await vscode.commands.executeCommand('local-research.openCitation', args);
  const uri = vscode.Uri.joinPath(workspaceRoot(), ...args.file.split('/'));
  return waitFor(
    () => {
      const report = api.citations.viewer.reportOf(uri);
      return report && done(report) ? report : undefined;
    },
    `the viewer's report for ${args.file}`,
    timeoutMs,
  );
}
