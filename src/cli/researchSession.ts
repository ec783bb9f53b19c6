/**
 * What `ask` and `chat` share: their flags as core's session (core/session: the folders' indexes,
 * the model from OLLAMA_HOST or --ollama-host, or --provider; degraded extractive answers when it
 * is not there), a --history file, and a turn rendered for a terminal or as JSON.
 */
import { readFile } from 'node:fs/promises';
import type { HistoryTurn, TurnEvent, TurnInput } from '../core/graph/api';
import { isTurnMetadata } from '../core/graph/history';
import { citationLabel } from '../core/citations/citationLabel';
import { citesParagraphs } from '../core/index';
import { openSession as openCoreSession, type AskOptions, type SessionSettings, type SessionTurn, type Source } from '../core/session';
import type { Logger } from '../core/ports';
import { UsageError, limitsFromFlags, localPrecisionOptions, parseLocalPrecision, timeoutOptions } from './options';
import type { LocationLinker } from './terminalLinks';
import { unindexedLine, type CliFolder } from './folders';
import {
  announceRemote,
  embedderDestination,
  langfuseDestination,
  modelChoiceFromFlags,
  modelServerDestination,
  modelServerFromFlags,
  modelServerOptions,
} from './modelServerFlags';
import { terminalSafe } from '../core/text/terminalSafe';

export const sessionOptions = {
  model: { type: 'string' },
  'ollama-host': { type: 'string' },
  ...modelServerOptions,
  'model-dir': { type: 'string' },
  ...localPrecisionOptions,
  ...timeoutOptions,
  'no-validate': { type: 'boolean', default: false },
} as const;

export type SessionFlags = {
  model?: string;
  'ollama-host'?: string;
  provider?: string;
  'base-url'?: string;
  'model-dir'?: string;
  'local-precision'?: string;
  'no-validate'?: boolean;
} & Partial<Record<keyof typeof timeoutOptions, string>>;

/** The flags of a command that searches, as core's session settings (commands that index add theirs). */
export function settingsFromFlags(values: SessionFlags): SessionSettings {
  return {
    model: modelChoiceFromFlags(values),
    ollamaHost: values['ollama-host'] ?? null,
    limits: limitsFromFlags(values),
    chat: { ...(values.model ? { model: values.model } : {}), ...(values['no-validate'] ? { validate: false } : {}) },
    embedding: { mode: 'auto', modelDir: values['model-dir'] ?? null, queryPrecision: parseLocalPrecision(values['local-precision']) },
    index: {},
  };
}

/** The command line's folders as the session's sources (a Zotero library's papers are Zotero's records). */
export function sourcesOf(folders: readonly CliFolder[]): Source[] {
  return folders.map((f) => ({
    kind: f.library?.kind ?? 'folder',
    label: f.label,
    root: f.path,
    dbDir: f.dbDir,
    refreshSeconds: f.refreshSeconds,
    ...(f.library?.papersOf ? { papersOf: f.library.papersOf } : {}),
  }));
}

export interface Session {
  ask(input: TurnInput, options?: AskOptions): Promise<SessionTurn>;
  close(): Promise<void>;
}

/**
 * Opens the folders' indexes (a missing or damaged one throws its IndexStoreError: the command says
 * what fixes it, indexProblem.ts), says on stderr where questions go when that is off this machine
 * and which folders are not indexed yet.
 */
export async function openSession(
  folders: readonly CliFolder[],
  values: SessionFlags,
  logger: Logger,
  /** Where "waiting for the model" notices go (stderr: stdout stays the answer). */
  notices: NodeJS.WritableStream = process.stderr,
): Promise<Session> {
  const settings = settingsFromFlags(values);
  const session = openCoreSession({ settings, sources: sourcesOf(folders), logger });
  let opened;
  try {
    opened = await session.open();
  } catch (error) {
    await session.close();
    throw error;
  }
  announceRemote(
    {
      modelServers: [
        modelServerDestination(modelServerFromFlags(values), 'questions and document passages'),
        ...opened.embedders.flatMap((e) => embedderDestination(e as { kind: string; host?: string }, 'questions') ?? []),
      ],
      langfuse: langfuseDestination(session.config.langfuse),
    },
    notices,
  );
  if (opened.unindexed.length > 0)
    notices.write(
      `${unindexedLine(
        opened.unindexed.map((s) => s.label),
        folders,
      )}\n`,
    );
  return {
    ask: (input, options = {}) => session.ask(input, withNotices(options, notices, input.scopeName)),
    close: () => session.close(),
  };
}

/**
 * Prints the first "waiting for the model" notice of a turn as one line (the chat shows each as
 * progress), and, under a named scope (`--collection`, `--tag`), the line that names what is
 * searched ("Searching your Thesis collection…"), as the chat shows it.
 */
function withNotices(options: AskOptions, out: NodeJS.WritableStream, scopeName: string | undefined): AskOptions {
  // Once the answer streams, a notice would land inside it (a slow validation is not worth one).
  let said = false;
  return {
    ...options,
    onEvent(event) {
      if (event.type === 'token') said = true;
      // The gate's line that names the scope (core/graph/nodes/gate.ts), not its "Checking the index…".
      if (scopeName && event.type === 'progress' && event.message.includes(scopeName)) out.write(`${terminalSafe(event.message)}\n`);
      if (event.type === 'waiting' && !said) {
        said = true;
        out.write(`${event.message}\n`);
      }
      options.onEvent?.(event);
    },
  };
}

/** `--history FILE`: a JSON array of `{ role: "user"|"assistant", content, metadata? }`. */
export async function readHistory(file: string): Promise<HistoryTurn[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--history ${file}: not readable JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  if (!Array.isArray(parsed)) throw new UsageError(`--history ${file}: expected a JSON array of turns`);
  return parsed.map((turn: unknown, i) => {
    const t = turn as { role?: unknown; content?: unknown; metadata?: unknown };
    if ((t?.role !== 'user' && t?.role !== 'assistant') || typeof t.content !== 'string') {
      throw new UsageError(`--history ${file}: turn ${i + 1} needs role "user" or "assistant" and a string content`);
    }
    return { role: t.role, content: t.content, ...(t.role === 'assistant' && isTurnMetadata(t.metadata) ? { metadata: t.metadata } : {}) };
  });
}

/** The `--json` shape of a turn. */
export function turnJson(result: SessionTurn) {
  return {
    route: result.route,
    answer: result.answer,
    followups: result.followups,
    citations: result.citations.map((c) => ({
      file: c.file,
      ...(c.page !== undefined ? { page: c.page } : {}),
      ...(c.pageEnd !== undefined ? { page_end: c.pageEnd } : {}),
      ...(c.lines ? { lines: c.lines } : {}),
      index: c.index,
      label: citationLabel(c),
      ...(c.paper
        ? {
            paper: {
              authors: c.paper.authors,
              year: c.paper.year,
              ...(c.paper.title ? { title: c.paper.title } : {}),
              ...(c.paper.citekey ? { citekey: c.paper.citekey } : {}),
            },
          }
        : {}),
    })),
    metadata: result.metadata,
    decisions: result.decisions,
    llm_calls: result.llmCalls,
    ...(result.problem ? { problem: result.problem } : {}),
    ...(result.cancelled ? { cancelled: true } : {}),
    ...(result.notInDocuments ? { not_in_documents: true } : {}),
    ...(result.scope ? { scope: { searched: result.scope.searched, not_indexed: result.scope.notIndexed } } : {}),
    ...(result.unindexed ? { unindexed_folders: result.unindexed } : {}),
  };
}

/**
 * Streams tokens to a terminal; `reset` (a validation retry) starts the answer over on a new line.
 * Tokens are model output, often quoting documents: each is made terminalSafe before it is written.
 */
export function terminalStreamer(out: NodeJS.WriteStream): { onEvent(event: TurnEvent): void; streamed(): boolean } {
  let any = false;
  return {
    onEvent(event) {
      if (event.type === 'token') {
        out.write(terminalSafe(event.text));
        any = true;
      } else if (event.type === 'reset' && any) {
        out.write('\n\n[checking found a problem: rewriting the answer]\n\n');
      }
    },
    streamed: () => any,
  };
}

/** The answer as printed when it was not streamed (extractive answers quote documents verbatim). */
export function printableAnswer(result: SessionTurn): string {
  return terminalSafe(result.answer);
}

/**
 * Sources (each a link the terminal can open, see terminalLinks.ts), suggestions and any note.
 * Suggestions and notes come from the model or the documents, so they are made terminalSafe.
 */
export function renderTurnFooter(result: SessionTurn, linker: LocationLinker): string {
  const lines: string[] = [];
  if (result.citations.length) {
    lines.push('', 'Sources:');
    for (const c of result.citations) {
      const line = citesParagraphs(c.file) ? undefined : c.lines?.[0];
      // The citation key, when the paper has one (a bib entry's, Zotero's): what the user types in a draft.
      const key = c.paper?.citekey ? ` [${terminalSafe(c.paper.citekey)}]` : '';
      lines.push(`  [${c.index}] ${linker.link(citationLabel(c), { path: c.file, page: c.page, line })}${key}`);
    }
  }
  if (result.followups.length) {
    lines.push('', 'Suggestions:');
    result.followups.forEach((f, i) => lines.push(`  ${i + 1}. ${terminalSafe(`${f.label}: ${f.prompt}`)}`));
  }
  // The degraded answer already ends with the fix; say it once.
  if (result.problem && !(result.problem.action && result.answer.includes(result.problem.action)))
    lines.push('', `note: ${terminalSafe(`${result.problem.message}${result.problem.action ? ` (${result.problem.action})` : ''}`)}`);
  return lines.join('\n') + '\n';
}
