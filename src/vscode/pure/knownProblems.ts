/**
 * Known failures as the chat shows them: one line and the button that fixes it. Failures are
 * recognised by their typed `code`, never by message text. No `vscode` import at run time (the
 * button shape is VS Code's `Command`, a type only), so the unit tier tests this.
 */
import type { Command } from 'vscode';
import { COMMANDS } from './commandIds';

export const OLLAMA_DOWNLOAD_URL = 'https://ollama.com/download';

export interface KnownProblem {
  code: string;
  message: string;
  action?: string;
  /** For model-missing: the model to pull. */
  model?: string;
}

/** Reads a typed failure (ours or core's) into a KnownProblem; undefined for unknown errors. */
export function knownProblem(error: unknown): KnownProblem | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !KNOWN_CODES.has(code)) return undefined;
  const action = (error as { action?: unknown }).action;
  const model = (error as { model?: unknown }).model;
  // Core's index errors speak CLI (`index --rebuild`); in the editor the button does that.
  const editorWording = EDITOR_MESSAGES[code];
  if (editorWording) return { code, message: editorWording };
  return { code, message: error.message, ...(typeof action === 'string' ? { action } : {}), ...(typeof model === 'string' ? { model } : {}) };
}

const EDITOR_MESSAGES: Record<string, string> = {
  'index-corrupt': 'The research index of this workspace is damaged and cannot be read',
  'index-version': 'The research index was built by another version of this extension',
};

const KNOWN_CODES = new Set([
  'llm-not-configured',
  'llm-timeout',
  'ollama-unreachable',
  'server-unreachable',
  'served-model-missing',
  'key-refused',
  'model-server-config',
  'model-missing',
  'context-overflow',
  'index-missing',
  'index-empty',
  'index-corrupt',
  'index-version',
  'no-workspace',
  'vscode-model-missing',
]);

/** The problem's line as the chat shows it, before its buttons. */
export function problemLine(problem: KnownProblem): string {
  const action = problem.action ? ` ${problem.action}.` : '';
  return `⚠️ ${problem.message}.${action}`.replace(/\.\./g, '.') + '\n\n';
}

export function buttonsFor(problem: KnownProblem): Command[] {
  switch (problem.code) {
    case 'ollama-unreachable':
    case 'llm-not-configured':
      return [
        { title: 'How to install Ollama', command: COMMANDS.installOllama },
        { title: 'Open settings', command: COMMANDS.openSettings, arguments: ['research.ollama.host'] },
      ];
    case 'server-unreachable':
    case 'model-server-config':
      return [{ title: 'Open settings', command: COMMANDS.openSettings, arguments: ['research.llm.baseUrl'] }];
    case 'key-refused':
      return [{ title: 'Set Model Server API Key', command: COMMANDS.setModelServerKey }];
    case 'served-model-missing':
      return [{ title: 'Open settings', command: COMMANDS.openSettings, arguments: ['research.models'] }];
    case 'model-missing':
      return problem.model
        ? [{ title: `Pull model ${problem.model}`, command: COMMANDS.pullModel, arguments: [problem.model] }]
        : [{ title: 'Select models', command: COMMANDS.selectModels }];
    case 'index-missing':
    case 'index-empty':
      return [{ title: 'Index the workspace now', command: COMMANDS.indexWorkspace }];
    case 'index-corrupt':
    case 'index-version':
      return [{ title: 'Rebuild the index', command: COMMANDS.rebuildIndex }];
    case 'context-overflow':
    case 'vscode-model-missing':
      return [{ title: 'Open settings', command: COMMANDS.openSettings }];
    case 'llm-timeout':
      return [{ title: 'Open settings', command: COMMANDS.openSettings, arguments: ['research.timeouts'] }];
    default:
      return [];
  }
}
