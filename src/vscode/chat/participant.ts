/**
 * The `@research` chat participant. Each request is stateless: the graph's input is rebuilt from
 * `context.history` (see ./history), the graph streams progress and tokens into the response,
 * citations become references to the file at the page or lines, and the result's metadata
 * carries what the next turn needs. Known failures render as one line + a fixing button;
 * unknown ones go to `errorDetails`; cancellation is a normal, quiet outcome.
 */
import * as vscode from 'vscode';
import type { ModelChoice, SessionTurn } from '../../core/session';
import { runSummaryText } from '../../core/index';
import { isAbortError } from '../../core/llm/errors';
import { logSnippet } from '../../core/logText';
import type { Logger } from '../../core/ports';
import { requestScope } from './chatScope';
import { scopeCommand, scopeFollowups, scopeOfHistory, turnScope } from './libraryScope';
import { isScopeCommand, isScopeMetadata } from '../pure/libraryScope';
import { readConfig } from '../settings/config';
import { loadEngine } from '../engine/load';
import { historyFromContext } from './history';
import { isResearchMetadata, turnInput, type ResearchResultMetadata } from '../pure/chatHistory';
import type { IndexService } from '../indexing/indexService';
import { engineFoldersOf, papersText, type LibraryService } from '../indexing/libraryService';
import type { FolderPaths } from '../indexing/workspaceFolders';
import { describe } from '../log';
import { displayOnly } from '../pure/chatMarkdown';
import { isExtractiveModel } from '../models/extractiveModel';
import { problemWithoutModel, VENDOR, type OllamaAvailability } from '../models/ollamaModels';
import { abortSignalOf } from '../pure/cancellation';
import { markdownText, plainLabel, plainText } from '../pure/documentText';
import { AnswerStream } from './answerStream';
import type { CitationRegistry } from '../citations/registry';
import { COMMANDS } from '../pure/commandIds';
import { knownProblem, type KnownProblem } from '../pure/knownProblems';
import { renderButtons, renderProblem } from './render';
import type { SecretStore } from '../settings/secrets';
import { engineSettings, type EditorSettings } from '../pure/settings';
import { localTime } from '../indexing/statusBar';
import { createVscodeLlmClient } from '../models/vscodeLlm';

/** The parts of a ChatRequest the handler uses (tests pass the same shape). */
export interface ResearchRequest {
  prompt: string;
  command?: string | undefined;
  model?: vscode.LanguageModelChat;
  /** Attached files and folders (explicit ones restrict the search, see ./chatScope). */
  references?: readonly vscode.ChatPromptReference[];
}

export interface TurnRecord {
  prompt: string;
  command: string | undefined;
  result: vscode.ChatResult;
  turn?: SessionTurn;
  ms: number;
}

export class ResearchParticipant implements vscode.Disposable {
  private readonly completed = new vscode.EventEmitter<TurnRecord>();
  /** Fires after every handled request, whoever sent it (the chat view or a test). */
  readonly onDidCompleteTurn = this.completed.event;

  constructor(
    private readonly index: IndexService,
    private readonly secrets: SecretStore,
    private readonly log: Logger,
    private readonly citations: CitationRegistry,
    /** The model provider: what Ollama offers now, for the buttons under a "no model" answer. */
    private readonly ollama: { recheck(): Promise<OllamaAvailability> },
    /** The user's libraries outside the workspace, searched beside it. */
    private readonly libraries?: LibraryService,
  ) {}

  /** The workspace's folders and the user's libraries, as one set of paths (each library's index in the cache folder). */
  private searchedFolders(): FolderPaths {
    return this.libraries?.pathsWith(this.index.paths) ?? this.index.paths;
  }

  readonly handler = async (
    request: ResearchRequest,
    context: { history: ReadonlyArray<vscode.ChatRequestTurn | vscode.ChatResponseTurn> },
    stream: vscode.ChatResponseStream,
    token: vscode.CancellationToken,
  ): Promise<vscode.ChatResult> => {
    const started = performance.now();
    this.log.info(`turn: ${request.command ? `/${request.command} ` : ''}${JSON.stringify(logSnippet(request.prompt))}`);
    let turn: SessionTurn | undefined;
    let result: vscode.ChatResult;
    try {
      if (request.command === 'index') result = await this.indexCommand(stream);
      else if (request.command === 'status') result = await this.statusCommand(stream);
      else if (isScopeCommand(request.command))
        result = await scopeCommand(request.command, request.prompt, context.history, stream, engineFoldersOf(this.index.paths.all, this.libraries));
      else {
        turn = await this.answer(request, context, stream, token);
        result = !turn ? {} : turn.cancelled ? { metadata: { kind: 'local-research-cancelled' } } : { metadata: metadataOf(turn, request.command) };
      }
    } catch (error) {
      result = this.fail(error, stream, token);
    }
    const ms = performance.now() - started;
    this.log.info(
      `turn done in ${ms.toFixed(0)} ms: ${turn ? `${turn.route}, ${turn.citations.length} citations, ${turn.llmCalls} LLM calls` : result.errorDetails ? `error: ${result.errorDetails.message}` : 'no graph run'}`,
    );
    // Reasons quote the agents' output (a validator's feedback may quote the documents): a snippet each.
    if (turn) for (const d of turn.decisions) this.log.debug(`  ${d.agent}: ${d.decision} (${logSnippet(d.reason, 200)}) ${d.ms.toFixed(0)} ms`);
    this.completed.fire({ prompt: request.prompt, command: request.command, result, ...(turn ? { turn } : {}), ms });
    return result;
  };

  private async answer(
    request: ResearchRequest,
    context: { history: ReadonlyArray<vscode.ChatRequestTurn | vscode.ChatResponseTurn> },
    stream: vscode.ChatResponseStream,
    token: vscode.CancellationToken,
  ): Promise<SessionTurn | undefined> {
    const folders = this.searchedFolders();
    if (this.index.paths.all.length === 0) throw problemError({ code: 'no-workspace', message: 'Open a folder with your documents to ask about them' });
    if (!request.prompt.trim()) {
      stream.markdown('Ask a question about the documents in this workspace, e.g. `@research how do I configure X?`');
      return undefined;
    }
    const config = readConfig();
    if (this.index.busy) stream.progress('Waiting for indexing to finish…');
    const stats = await this.index.refreshStatus();
    await this.libraries?.refreshStatus();
    // A library answers even while the workspace (a manuscript folder) has no index of its own.
    const libraryIndexed = [...(this.libraries?.status.values() ?? [])].some((status) => status && status.documents > 0);
    if ((!stats || stats.documents === 0) && !libraryIndexed) {
      throw problemError({
        code: stats ? 'index-empty' : 'index-missing',
        message: stats ? 'The index has no documents yet' : 'This workspace is not indexed yet',
      });
    }
    // With a model server configured, the picker's entries (Ollama's, or "Quoted passages" when
    // Ollama has none, selected by itself) do not choose the model: the server answers.
    const viaServer = config.llm.provider === 'openai-compatible';
    if (viaServer && !config.llm.baseUrl) {
      throw problemError({
        code: 'model-server-config',
        message: 'research.llm.provider is "openai-compatible" but research.llm.baseUrl is empty',
        action: 'Set the base URL of the model server, e.g. http://gpu-box:8000/v1',
      });
    }
    const noModel = !viaServer && isExtractiveModel(request.model, VENDOR);
    const settings = engineSettings(config, await this.secrets.engineKeys());
    const model = turnModel(request, config, settings.model, noModel);
    // Which fix to offer is asked alongside the graph (and refreshes the picker if Ollama came up).
    const ollamaNow = noModel ? this.ollama.recheck() : undefined;
    const engineFolders = engineFoldersOf(this.index.paths.all, this.libraries);
    // Attached files narrow a turn further than the conversation's collection or tag (`/collection`).
    const attached = requestScope(request, folders);
    const collection = attached ? null : scopeOfHistory(context.history);
    const library = collection ? await turnScope(collection, engineFolders) : undefined;
    if (library && 'problem' in library) {
      stream.markdown(library.problem);
      return undefined;
    }
    const scope = attached ?? library?.paths;
    const input = {
      ...turnInput(request, historyFromContext(context.history, Math.ceil(config.chat.maxHistory / 2))),
      ...(scope ? { scope } : {}),
      // The progress line names the collection, not its papers' files.
      ...(!attached && library ? { scopeName: library.name } : {}),
    };
    const answer = new AnswerStream(stream, this.citations, this.log);
    const result = await loadEngine().runTurn({
      input,
      folders: engineFolders,
      settings,
      model,
      signal: abortSignalOf(token),
      logger: this.log,
      onEvent: answer.onEvent,
    });
    answer.flush();
    if (token.isCancellationRequested || result.cancelled) return result;
    await answer.finish(result, folders);
    // Folders without an index yet were searched as empty (core/session/sourceIndexes.ts): say which, once.
    if (result.unindexed?.length) stream.markdown(`\n\n${displayOnly(`Not indexed yet, so not searched: ${result.unindexed.join(', ')}.`)}`);
    if (library) stream.markdown(library.note);
    const fix = await fixFor(result, config.models.chat, ollamaNow);
    if (fix.note) stream.markdown(fix.note);
    // Buttons come last, after every Markdown part: VS Code folds a finished response down to its
    // last run of Markdown (chat.agent.collapseCompletedResponses), so Markdown written after a
    // button would become "the answer" and fold the quotes and Sources away behind a click.
    // An answer that cites papers can go into the writer's draft (the turn's citations are in the registry).
    if (result.citations.some((c) => c.paper)) {
      stream.button({ title: 'Insert citations', command: COMMANDS.insertCitations, arguments: [{ turn: answer.turnId }] });
      stream.button({ title: 'Insert answer', command: COMMANDS.insertAnswer, arguments: [{ turn: answer.turnId }] });
    }
    if (fix.problem) renderButtons(stream, fix.problem);
    return result;
  }

  private async indexCommand(stream: vscode.ChatResponseStream): Promise<vscode.ChatResult> {
    stream.progress(this.index.busy ? 'Indexing is already running; queued…' : 'Indexing workspace documents…');
    const job = await this.index.enqueue('index', { trigger: 'chat' });
    if (job.error) throw job.error;
    const s = job.summary!;
    stream.markdown(`${runSummaryText(s, this.index.lastStats)} (${s.seconds.toFixed(1)} s; embeddings: ${s.embeddingChoice})\n`);
    // File names and reasons (parser messages) come from the documents: text only.
    for (const f of s.failed) stream.markdown(`\n- ${markdownText(`${f.path}: ${f.reason}`)}`);
    for (const n of s.notices) stream.markdown(`\n\n${markdownText(n)}`);
    return { metadata: { kind: 'local-research-command', command: 'index' } };
  }

  private async statusCommand(stream: vscode.ChatResponseStream): Promise<vscode.ChatResult> {
    const stats = await this.index.refreshStatus();
    await this.libraries?.refreshStatus();
    if (!stats) {
      // The libraries first: the problem's button comes after every Markdown part.
      if (this.libraryStatus(stream)) stream.markdown('\n\n');
      renderProblem(stream, { code: 'index-missing', message: 'This workspace is not indexed yet' });
    } else {
      stream.markdown(
        `**${stats.documents}** documents, **${stats.chunks}** chunks. Embeddings: ${stats.embeddingModel ?? 'none (full-text search only)'}. ` +
          `Last indexed: ${localTime(stats.lastIndexedAt)}.`,
      );
      this.libraryStatus(stream);
      // Actions, not a button that would repeat this text in a toast.
      stream.button({ title: 'Re-index now', command: COMMANDS.indexWorkspace });
      stream.button({ title: 'Select models', command: COMMANDS.selectModels });
    }
    return { metadata: { kind: 'local-research-command', command: 'status' } };
  }

  /** One line per library: "Library Zotero (~/Zotero): 812 papers, 790 with a PDF; last indexed …". */
  private libraryStatus(stream: vscode.ChatResponseStream): boolean {
    const libraries = this.libraries?.libraries ?? [];
    for (const library of libraries) {
      const status = this.libraries?.status.get(library.root);
      const state = status ? `${papersText(status)}; last indexed ${localTime(status.lastIndexedAt)}` : 'not indexed yet';
      stream.markdown(`\n\n${displayOnly(`Library ${library.label} (${library.root}): ${state}.`)}`);
    }
    return libraries.length > 0;
  }

  private fail(error: unknown, stream: vscode.ChatResponseStream, token: vscode.CancellationToken): vscode.ChatResult {
    if (isAbortError(error) || token.isCancellationRequested) {
      this.log.info('turn cancelled');
      return { metadata: { kind: 'local-research-cancelled' } };
    }
    const problem = knownProblem(error);
    if (problem) {
      this.log.warn(`turn failed: ${problem.code}`, error);
      renderProblem(stream, problem);
      return { metadata: { kind: 'local-research-problem', code: problem.code } };
    }
    this.log.error('turn failed', error);
    return { errorDetails: { message: `Something went wrong: ${describe(error)}. See "Local Research: Open Log" for details.` } };
  }

  dispose(): void {
    this.completed.dispose();
  }
}

/** Suggested answers of a clarifying question become follow-up buttons addressed to @research. */
export const followupProvider: vscode.ChatFollowupProvider = {
  provideFollowups(result: vscode.ChatResult): vscode.ChatFollowup[] {
    if (isScopeMetadata(result.metadata)) return scopeFollowups(result.metadata);
    if (!isResearchMetadata(result.metadata)) return [];
    // Built from paper titles and file names: a button label without icons, a prompt (shown as the
    // user's message once clicked) that forms no link or image.
    return result.metadata.followups.map((f) => ({ prompt: displayOnly(plainText(f.prompt)), label: plainLabel(f.label) }));
  },
};

/**
 * Who answers this turn: no model for the chat's "Quoted passages" entry (whatever llm.provider
 * says: no model, no wait on Ollama), the chat's selected model with llm.provider `vscode`, else
 * the settings' model (Ollama, which the graph degrades without, or the model server).
 */
function turnModel(request: ResearchRequest, config: EditorSettings, configured: ModelChoice, noModel: boolean): ModelChoice {
  if (noModel) return { kind: 'none' };
  if (config.llm.provider !== 'vscode') return configured;
  if (!request.model)
    throw problemError({
      code: 'vscode-model-missing',
      message: 'No chat model is selected; pick one in the chat view or set research.llm.provider to "ollama"',
    });
  return { kind: 'given', llm: createVscodeLlmClient(request.model, config.timeouts) };
}

/**
 * Under a degraded answer: a note when Ollama came up meanwhile, else the problem whose buttons fix
 * what the answer explains (the answer's text already says what happened and what to do).
 */
async function fixFor(
  result: SessionTurn,
  chatModel: string,
  ollamaNow: Promise<OllamaAvailability> | undefined,
): Promise<{ note?: string; problem?: KnownProblem }> {
  if (result.problem?.code === 'llm-not-configured' && ollamaNow) {
    const problem = problemWithoutModel(await ollamaNow, chatModel);
    return problem ? { problem } : { note: '\n\nOllama has a chat model now: pick it in the model picker for full answers.' };
  }
  if (!result.problem) return {};
  // The graph's problem names no model, so a missing model is taken to be the configured chat model.
  return {
    problem: {
      code: result.problem.code,
      message: result.problem.message,
      ...(result.problem.code === 'model-missing' ? { model: chatModel } : {}),
    },
  };
}

function metadataOf(turn: SessionTurn, command: string | undefined): ResearchResultMetadata {
  return { kind: 'local-research-turn', turn: turn.metadata, followups: turn.followups, ...(command ? { command } : {}) };
}

/** A known failure raised by the editor layer itself, typed like core's. */
export class ResearchProblem extends Error {
  readonly code: string;
  readonly action: string | undefined;
  constructor(problem: KnownProblem, options?: { cause?: unknown }) {
    super(problem.message, options);
    this.name = 'ResearchProblem';
    this.code = problem.code;
    this.action = problem.action;
  }
}

function problemError(problem: KnownProblem): ResearchProblem {
  return new ResearchProblem(problem);
}
