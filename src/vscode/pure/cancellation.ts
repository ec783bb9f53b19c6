/** VS Code's cancellation as the AbortSignal core and fetch understand. */
import type { CancellationToken } from 'vscode';

/** A CancellationToken as an AbortSignal, so HTTP requests close when the user cancels. */
export function abortSignalOf(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}
