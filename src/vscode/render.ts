/**
 * How graph output appears in the chat: citations as clickable references to the file at the
 * page (PDF) or line range (text), and known failures as one actionable line plus a button.
 * Failures are recognised by their typed `code`, never by message text.
 */
import * as vscode from 'vscode';
import type { FolderPaths } from './workspaceFolders';
import type { Citation } from '../core/graph/api';
import { lineWord } from '../core/index/lineUnits';
import { docxPreviewUri, isDocx } from './citations/docxPreview';
import { OPEN_CITATION_COMMAND, citationCommandUri, markdownLink, trustedMarkdown } from './citations/links';
import { SOURCES_HEADING } from './history';

export const COMMANDS = {
  indexWorkspace: 'local-research.indexWorkspace',
  rebuildIndex: 'local-research.rebuildIndex',
  clearIndex: 'local-research.clearIndex',
  showStatus: 'local-research.showIndexStatus',
  verifyIndex: 'local-research.verifyIndex',
  openLog: 'local-research.openLog',
  selectModels: 'local-research.selectModels',
  setLangfuseSecret: 'local-research.setLangfuseSecretKey',
  setModelServerKey: 'local-research.setModelServerKey',
  openSettings: 'local-research.openSettings',
  pullModel: 'local-research.pullModel',
  installOllama: 'local-research.installOllama',
  openCitation: OPEN_CITATION_COMMAND,
} as const;

export const OLLAMA_DOWNLOAD_URL = 'https://ollama.com/download';

/**
 * Where a citation points: a PDF page as `#page=N` (what PDF viewers understand), text as a line
 * range; undefined when its path names no workspace folder.
 */
export function citationLocation(folders: FolderPaths, citation: Citation): vscode.Uri | vscode.Location | undefined {
  const uri = folders.uriOf(citation.file);
  if (!uri) return undefined;
  if (citation.page !== undefined) return uri.with({ fragment: `page=${citation.page}` });
  // A .docx cites paragraphs, and opening the file shows its zip bytes: point at its text preview.
  if (isDocx(citation.file)) return docxPreviewUri(uri);
  if (citation.lines) {
    const [start, end] = citation.lines;
    // To the end of the last cited line (the editor clamps the column to the line's length).
    return new vscode.Location(uri, new vscode.Range(Math.max(0, start - 1), 0, Math.max(0, end - 1), 10_000));
  }
  return uri;
}

export function citationLabel(citation: Citation): string {
  if (citation.page !== undefined) return `${citation.file}, ${citationWhere(citation)}`;
  if (citation.lines) return `${citation.file}, ${citationWhere(citation)}`;
  return citation.file;
}

export function citationWhere(citation: Citation): string {
  if (citation.page !== undefined) return citation.pageEnd !== undefined ? `pp. ${citation.page}-${citation.pageEnd}` : `p. ${citation.page}`;
  if (citation.lines) return `${lineWord(citation.file)}s ${citation.lines[0]}-${citation.lines[1]}`;
  return '';
}

/**
 * Appends the sources list: each citation as a link that opens it where it can be checked (our
 * PDF viewer at the page with the passage highlighted, a note at its lines), its quote as the
 * link's hover text, and as a reference (the chat's "Used N references" list).
 */
export function renderCitations(stream: vscode.ChatResponseStream, folders: FolderPaths, citations: Citation[], turn: string, hoverOf: (c: Citation) => string | undefined = (c) => c.snippet): void {
  if (citations.length === 0) return;
  stream.markdown(SOURCES_HEADING);
  for (const c of citations) {
    const uri = citationCommandUri(turn, c);
    const hover = hoverOf(c);
    stream.markdown(trustedMarkdown(`\n- ${markdownLink(`[${c.index}]`, uri, hover)} ${markdownLink(citationLabel(c), uri, hover)}`));
    const location = citationLocation(folders, c);
    if (location) stream.reference(location);
  }
  stream.markdown('\n');
}

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

const KNOWN_CODES = new Set(['llm-not-configured', 'llm-timeout', 'ollama-unreachable', 'server-unreachable', 'served-model-missing', 'key-refused', 'model-server-config', 'model-missing', 'context-overflow', 'index-missing', 'index-empty', 'index-corrupt', 'index-version', 'no-workspace', 'vscode-model-missing']);

/** The buttons alone: for degraded answers whose text already says what happened and what to do. */
export function renderButtons(stream: vscode.ChatResponseStream, problem: KnownProblem): void {
  for (const button of buttonsFor(problem)) stream.button(button);
}

/** One actionable line and the button that fixes it. */
export function renderProblem(stream: vscode.ChatResponseStream, problem: KnownProblem): void {
  const action = problem.action ? ` ${problem.action}.` : '';
  stream.markdown(`⚠️ ${problem.message}.${action}`.replace(/\.\./g, '.') + '\n\n');
  for (const button of buttonsFor(problem)) stream.button(button);
}

export function buttonsFor(problem: KnownProblem): vscode.Command[] {
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
      return problem.model ? [{ title: `Pull model ${problem.model}`, command: COMMANDS.pullModel, arguments: [problem.model] }] : [{ title: 'Select models', command: COMMANDS.selectModels }];
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
