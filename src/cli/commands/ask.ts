/**
 * `ask <folder> "<question>"`: one research turn on the index (on several folders' indexes with
 * `--folder DIR`, see ../folders). Earlier turns come from
 * `--history FILE`; `--json` prints one object (route, answer, followups, citations, metadata,
 * decisions, llm_calls) whose `metadata` goes back on the assistant turn of the next history.
 * Without Ollama the answer is extractive (best passages quoted) and the exit code is still 0.
 * Exit 1 when there is no index or it is damaged (found at open or mid-turn; `--json` then prints
 * the problem as its object), 2 on usage errors, 130 when interrupted.
 */
import { jsonLine } from '../jsonLine';
import type { CliCommand } from '../command';
import { MODEL_SERVER_USAGE } from '../modelServerFlags';
import { TIMEOUT_USAGE, dbOptions, jsonOptions, parseCommandArgs, stderrLogger, UsageError, withUsage } from '../options';
import { openSession, printableAnswer, readHistory, renderTurnFooter, sessionOptions, terminalStreamer, turnJson } from '../researchSession';
import { isIndexProblem } from '../indexProblem';
import { outputClosed, outputClosedSignal } from '../output';
import {
  existsInFolders,
  folderAndText,
  folderOptions,
  noteMissingLocally,
  folderProblemLine,
  foldersLinker,
  indexPathOf,
  resolveFolders,
  type CliFolder,
} from '../folders';
import { LIBRARY_USAGE, scopeNameOfFlags, scopeOfFlags } from '../libraries';

const usage = `ask <folder> "<question>" [--folder DIR]... ${LIBRARY_USAGE} [--root DIR] [--refresh SECONDS] [--path FILE|FOLDER]... [--history FILE] [--json] [--db DIR] [--model NAME] [--ollama-host URL] ${MODEL_SERVER_USAGE} [--model-dir DIR] [--local-precision mixed|int8|fp32] [--no-validate] ${TIMEOUT_USAGE}`;

const options = {
  ...dbOptions,
  ...jsonOptions,
  ...sessionOptions,
  ...folderOptions,
  history: { type: 'string' },
  path: { type: 'string', multiple: true },
} as const;

export const command: CliCommand = {
  usage,
  summary:
    "Asks one question of the folder's documents and prints a cited answer. Without a model " +
    'server the answer quotes the best passages; --history FILE carries earlier turns.',
  run: (args) => withUsage(usage, () => runAsk(args)),
};

async function runAsk(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, options);
  const { folder, text: question } = folderAndText(positionals, values.root, 'question');
  const folders = await resolveFolders(folder, values.folder, values.db, values.refresh, values.library);
  if (!question || !question.trim()) throw new UsageError('missing "<question>"');
  const history = values.history ? await readHistory(values.history) : [];
  const scoped = await scopeOfFlags(folders, values);
  const typed = values.path?.map((p) => scopeEntry(p, folders));
  const scope = scoped || typed ? [...(typed ?? []), ...(scoped ?? [])] : undefined;
  // The progress line names the collection or tag, unless typed paths narrow the turn too.
  const scopeName = typed ? undefined : scopeNameOfFlags(values);
  const logger = stderrLogger();

  /** A missing or damaged index: never an answer ("the documents don't contain…" would be false). */
  const indexFailed = (error: unknown): number => {
    if (!isIndexProblem(error)) throw error;
    const line = folderProblemLine(error, folders, values.db);
    if (values.json) {
      process.stdout.write(
        jsonLine({
          route: 'fallback',
          answer: line,
          followups: [],
          citations: [],
          metadata: null,
          decisions: [],
          llm_calls: 0,
          problem: { code: error.code, message: line },
        }),
      );
    }
    process.stderr.write(`error: ${line}\n`);
    return 1;
  };
  let session;
  try {
    session = await openSession(folders, values, logger);
  } catch (error) {
    return indexFailed(error);
  }
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    const streamer = !values.json && process.stdout.isTTY ? terminalStreamer(process.stdout) : null;
    // A closed output pipe stops the turn too: its answer would go nowhere (see output.ts).
    const signal = AbortSignal.any([controller.signal, outputClosedSignal]);
    const result = await session.ask(
      { question, history, ...(scope ? { scope } : {}), ...(scopeName ? { scopeName } : {}) },
      { signal, ...(streamer ? { onEvent: streamer.onEvent } : {}) },
    );
    if (values.json) {
      process.stdout.write(jsonLine(turnJson(result)));
    } else {
      if (!streamer?.streamed()) process.stdout.write(printableAnswer(result));
      process.stdout.write('\n' + renderTurnFooter(result, foldersLinker(folders)));
    }
    noteMissingLocally(
      result.citations.map((c) => c.file),
      folders,
    );
    return result.cancelled && !outputClosed() ? 130 : 0;
  } catch (error) {
    return indexFailed(error);
  } finally {
    process.off('SIGINT', onSigint);
    await session.close();
  }
}

/**
 * A `--path` as the index names documents (relative to the folder, '/', behind the folder's label
 * when there are several), whether typed that way or as a path from the current directory. One
 * that exists in neither form is passed on as typed: the answer then names it as not indexed.
 */
function scopeEntry(path: string, folders: readonly CliFolder[]): string {
  const { typed, fromCwd } = indexPathOf(path, folders);
  return existsInFolders(typed, folders) || fromCwd === null ? typed : fromCwd;
}
