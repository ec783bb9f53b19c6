/** The webview's side of the channel to the extension (src/core/citations/viewerProtocol.ts). */
import type { FromViewer, ViewState } from '../../src/core/citations/viewerProtocol';

interface VsCodeApi {
  postMessage(message: FromViewer): void;
  getState(): ViewState | undefined;
  setState(state: ViewState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export const host: VsCodeApi = acquireVsCodeApi();

// Script errors in the webview go to the extension's log ("Local Research: Open Log").
window.addEventListener('error', (e) => host.postMessage({ type: 'log', message: `${e.message} (${e.filename}:${e.lineno})` }));
window.addEventListener('unhandledrejection', (e) => host.postMessage({ type: 'log', message: `unhandled: ${(e.reason as Error)?.stack ?? e.reason}` }));
