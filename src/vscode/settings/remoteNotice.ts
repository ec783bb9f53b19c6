/**
 * Tells the user once per destination when documents or questions leave this machine (a model
 * server or Ollama on another host, Langfuse elsewhere, an index not in a local folder). What was
 * told is remembered in the global state, so a notice never repeats across windows or restarts;
 * a new destination (another host) gets its own.
 */
import * as vscode from 'vscode';
import type { Logger } from '../../core/ports';
import type { EditorSettings as ResearchConfig } from '../pure/settings';
import { editorDestinations } from './remoteDestinations';

const TOLD = 'local-research.remoteDestinationsTold';

export class RemoteNotices {
  constructor(
    private readonly state: vscode.Memento,
    private readonly log: Logger,
  ) {}

  /** Shows a notice for each destination not told before; returns the messages shown. */
  async check(config: ResearchConfig, indexLocations: readonly string[] = []): Promise<string[]> {
    const told = new Set(this.state.get<string[]>(TOLD, []));
    const fresh = editorDestinations(config, indexLocations).filter((d) => !told.has(d.key));
    if (fresh.length === 0) return [];
    for (const d of fresh) told.add(d.key);
    await this.state.update(TOLD, [...told]);
    const messages = fresh.map((d) => `Local Research: ${d.message}.`);
    for (const message of messages) {
      this.log.info(message);
      void vscode.window.showInformationMessage(message);
    }
    return messages;
  }
}
