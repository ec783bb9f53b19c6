/**
 * The extension's log: one LogOutputChannel ("Local Research Assistant"), exposed to core as its
 * `Logger` port. Every chat turn and indexing run is recorded here, errors with their cause chain.
 */
import * as vscode from 'vscode';
import { logSnippet } from '../core/logText';
import type { Logger } from '../core/ports';

export const LOG_NAME = 'Local Research Assistant';

export function createLog(): { channel: vscode.LogOutputChannel; logger: Logger } {
  const channel = vscode.window.createOutputChannel(LOG_NAME, { log: true });
  // Details (errors with their causes) may quote a server's reply or a model's output: capped.
  const fmt = (details: unknown[]) => details.map((d) => logSnippet(describe(d), 600));
  const logger: Logger = {
    debug: (m, ...d) => channel.debug(m, ...fmt(d)),
    info: (m, ...d) => channel.info(m, ...fmt(d)),
    warn: (m, ...d) => channel.warn(m, ...fmt(d)),
    error: (m, ...d) => channel.error(m, ...fmt(d)),
  };
  return { channel, logger };
}

/** Errors with their `code` and `cause` chain; anything else as JSON. */
export function describe(value: unknown): string {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    const head = `${value.name}${code ? ` [${String(code)}]` : ''}: ${value.message}`;
    return value.cause !== undefined ? `${head} (cause: ${describe(value.cause)})` : head;
  }
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
