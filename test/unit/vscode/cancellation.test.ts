import assert from 'node:assert/strict';
import type { CancellationToken } from 'vscode';
import { abortSignalOf } from '../../../src/vscode/pure/cancellation';

/** The part of VS Code's CancellationTokenSource the signal relies on. */
function tokenSource() {
  const listeners: Array<() => void> = [];
  const token = {
    isCancellationRequested: false,
    onCancellationRequested: (listener: () => void) => {
      listeners.push(listener);
      return { dispose: () => undefined };
    },
  };
  return {
    token: token as unknown as CancellationToken,
    cancel() {
      token.isCancellationRequested = true;
      listeners.forEach((l) => l());
    },
  };
}

describe('chat: Stop reaches the HTTP requests', () => {
  it('aborts the signal when the user cancels', () => {
    const source = tokenSource();
    const signal = abortSignalOf(source.token);
    assert.equal(signal.aborted, false);
    source.cancel();
    assert.equal(signal.aborted, true);
  });

  it('a request made after Stop starts aborted', () => {
    const source = tokenSource();
    source.cancel();
    assert.equal(abortSignalOf(source.token).aborted, true);
  });
});
