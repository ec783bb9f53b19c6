/** Shared helpers of the integration suite (runs inside the real extension host). */
import * as vscode from 'vscode';
import type { ResearchApi } from '../../../src/vscode/api';

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
