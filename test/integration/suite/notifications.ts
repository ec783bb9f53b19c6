/**
 * Records the messages and progress notifications the extension shows, by wrapping (and passing
 * through to) the extension's own `vscode.window` functions: the test suite runs inside the
 * extension under development, so it shares that API object with the extension's code.
 */
import * as vscode from 'vscode';

export interface Shown {
  kind: 'info' | 'warning' | 'error';
  text: string;
  items: string[];
}

export interface NotificationRecorder {
  messages: Shown[];
  progress: Array<{ location: unknown; title: string | undefined }>;
  quickPicks: number;
  /** Progress shown as a notification toast (not the status bar). */
  readonly toastProgress: Array<{ location: unknown; title: string | undefined }>;
  restore(): void;
}

export function recordNotifications(): NotificationRecorder {
  const window = vscode.window as unknown as Record<string, (...args: any[]) => any>;
  const originals = new Map<string, (...args: any[]) => any>();
  const recorder: NotificationRecorder = {
    messages: [],
    progress: [],
    quickPicks: 0,
    get toastProgress() {
      return this.progress.filter((p) => p.location === vscode.ProgressLocation.Notification);
    },
    restore() {
      for (const [name, fn] of originals) window[name] = fn;
    },
  };
  const wrap = (name: string, record: (args: any[]) => void) => {
    const original = window[name]!;
    originals.set(name, original);
    window[name] = (...args: any[]) => {
      record(args);
      return original.apply(vscode.window, args);
    };
    if (window[name] === original) throw new Error(`vscode.window.${name} cannot be wrapped here`);
  };
  const message = (kind: Shown['kind']) => (args: any[]) =>
    recorder.messages.push({ kind, text: String(args[0]), items: args.slice(1).filter((a) => typeof a === 'string') });
  wrap('showInformationMessage', message('info'));
  wrap('showWarningMessage', message('warning'));
  wrap('showErrorMessage', message('error'));
  wrap('withProgress', ([options]) => recorder.progress.push({ location: options.location, title: options.title }));
  wrap('createQuickPick', () => recorder.quickPicks++);
  return recorder;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
