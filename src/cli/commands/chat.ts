/**
 * `chat <folder>`: an interactive multi-turn session on the same code path as `ask`; history and
 * our metadata are carried between turns exactly as the VS Code chat participant carries them.
 * Type a suggestion's number to send it; Ctrl+C stops the answer being written, /exit (or Ctrl+D)
 * leaves, /new starts a new conversation.
 */
import { createInterface } from 'node:readline/promises';
import type { HistoryTurn, Followup } from '../../core/graph/api';
import type { CliCommand } from '../command';
import { MODEL_SERVER_USAGE } from '../modelServerFlags';
import { TIMEOUT_USAGE, dbOptions, parseCommandArgs, stderrLogger, UsageError, withUsage } from '../options';
import { openSession, printableAnswer, renderTurnFooter, sessionOptions, terminalStreamer } from '../researchSession';
import { isIndexProblem } from '../indexProblem';
import { outputClosed, outputClosedSignal } from '../output';
import { folderOptions, folderProblemLine, foldersLinker, resolveFolders } from '../folders';
import { LIBRARY_USAGE, scopeNameOfFlags, scopeOfFlags } from '../libraries';

const usage = `chat <folder> [--folder DIR]... ${LIBRARY_USAGE} [--root DIR] [--refresh SECONDS] [--db DIR] [--model NAME] [--ollama-host URL] ${MODEL_SERVER_USAGE} [--model-dir DIR] [--local-precision mixed|int8|fp32] [--no-validate] ${TIMEOUT_USAGE}`;

export const command: CliCommand = {
  usage,
  summary:
    "A conversation with the folder's documents: type a question, or a suggestion's " +
    'number to send it; /new starts a new conversation, /exit or Ctrl+D leaves.',
  run: (args) => withUsage(usage, () => runChat(args)),
};

async function runChat(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { ...dbOptions, ...sessionOptions, ...folderOptions });
  if (positionals.length > (values.root === undefined ? 1 : 0)) throw new UsageError(`unexpected argument '${positionals.at(-1)}'`);
  const folders = await resolveFolders(values.root ?? positionals[0], values.folder, values.db, values.refresh, values.library);
  const scope = await scopeOfFlags(folders, values);
  const scopeName = scopeNameOfFlags(values);
  const indexFailed = (error: unknown): number => {
    if (!isIndexProblem(error)) throw error;
    process.stderr.write(`error: ${folderProblemLine(error, folders, values.db)}\n`);
    return 1;
  };
  let session;
  try {
    session = await openSession(folders, values, stderrLogger());
  } catch (error) {
    return indexFailed(error);
  }
  const linker = foldersLinker(folders);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: Boolean(process.stdin.isTTY) });
  let history: HistoryTurn[] = [];
  let followups: Followup[] = [];
  let running: AbortController | null = null;
  rl.on('SIGINT', () => {
    if (running) running.abort();
    else rl.close();
  });
  // Nobody reads the answers any more (see output.ts): stop the one being written and leave.
  const onOutputClosed = () => {
    running?.abort();
    rl.close();
  };
  outputClosedSignal.addEventListener('abort', onOutputClosed, { once: true });
  process.stdout.write('Ask about your documents. /new starts over, /exit leaves.\n');
  // The line iterator buffers lines typed (or piped) while an answer is being written.
  const lines = rl[Symbol.asyncIterator]();
  try {
    for (;;) {
      process.stdout.write('\nyou> ');
      const next = await lines.next();
      if (next.done || outputClosed()) break; // input closed (Ctrl+D, end of piped input), or output
      const line = String(next.value).trim();
      if (!line) continue;
      if (line === '/exit' || line === '/quit') break;
      if (line === '/new') {
        history = [];
        followups = [];
        process.stdout.write('(new conversation)\n');
        continue;
      }
      const picked = /^\d+$/.test(line) ? followups[Number(line) - 1] : undefined;
      const question = picked ? picked.prompt : line;
      if (picked) process.stdout.write(`you> ${question}\n`);
      process.stdout.write('\n');
      running = new AbortController();
      const streamer = terminalStreamer(process.stdout);
      let result;
      try {
        result = await session.ask(
          { question, history, ...(scope ? { scope } : {}), ...(scopeName ? { scopeName } : {}) },
          { signal: running.signal, onEvent: streamer.onEvent },
        );
      } catch (error) {
        // The index broke mid-session: every later question would fail the same way.
        return indexFailed(error);
      }
      running = null;
      if (!streamer.streamed()) process.stdout.write(printableAnswer(result));
      process.stdout.write('\n' + (result.cancelled ? '(stopped)\n' : renderTurnFooter(result, linker)));
      followups = result.followups;
      history = [...history, { role: 'user', content: question }, { role: 'assistant', content: result.answer, metadata: result.metadata }];
    }
  } finally {
    outputClosedSignal.removeEventListener('abort', onOutputClosed);
    rl.close();
    await session.close();
  }
  return 0;
}
