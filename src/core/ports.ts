/**
 * Ports: the small interfaces core asks of its host (the VS Code extension, the CLI, the tests).
 * Core never imports `vscode`; adapters outside core implement these.
 */

/** Structured log sink. The extension backs it with a LogOutputChannel, the CLI with stderr. */
export interface Logger {
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

/** A logger that drops everything; the default where a host gives none. */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
