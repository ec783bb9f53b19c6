/**
 * `ask <folder> "<question>"`: one research turn on the index. Earlier turns come from
 * `--history FILE`; `--json` prints one object (route, answer, followups, citations, metadata,
 * decisions, llm_calls) whose `metadata` goes back on the assistant turn of the next history.
 * Without Ollama the answer is extractive (best passages quoted) and the exit code is still 0.
 * Exit 1 when there is no index, 2 on usage errors, 130 when interrupted.
 */
import type { CliCommand } from '../command';
import { TIMEOUT_USAGE, dbOptions, jsonOptions, parseCommandArgs, resolveDbDir, resolveFolder, stderrLogger, UsageError, withUsage } from '../options';
import { NoIndexError, openSession, readHistory, renderTurnFooter, sessionOptions, terminalStreamer, turnJson } from '../researchSession';
import { stdoutLinker } from '../terminalLinks';

const usage = `ask <folder> "<question>" [--history FILE] [--json] [--db DIR] [--model NAME] [--ollama-host URL] [--model-dir DIR] [--local-precision mixed|int8|fp32] [--no-validate] ${TIMEOUT_USAGE}`;

const options = { ...dbOptions, ...jsonOptions, ...sessionOptions, history: { type: 'string' } } as const;

export const command: CliCommand = {
  usage,
  run: (args) => withUsage(usage, () => runAsk(args)),
};

async function runAsk(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, options);
  if (positionals.length > 2) throw new UsageError(`unexpected argument '${positionals[2]}' (quote the question)`);
  const folder = await resolveFolder(positionals[0]);
  const question = positionals[1];
  if (!question || !question.trim()) throw new UsageError('missing "<question>"');
  const history = values.history ? await readHistory(values.history) : [];
  const logger = stderrLogger();

  let session;
  try {
    session = await openSession(resolveDbDir(folder, values.db), values, logger);
  } catch (error) {
    if (!(error instanceof NoIndexError)) throw error;
    if (values.json) {
      process.stdout.write(JSON.stringify({ route: 'fallback', answer: error.message, followups: [], citations: [], metadata: null, decisions: [], llm_calls: 0, problem: { code: error.code, message: error.message } }) + '\n');
    }
    process.stderr.write(`error: ${error.message}\n`);
    return 1;
  }
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    const streamer = !values.json && process.stdout.isTTY ? terminalStreamer(process.stdout) : null;
    const result = await session.assistant.runTurn({ question, history }, { signal: controller.signal, ...(streamer ? { onEvent: streamer.onEvent } : {}) });
    if (values.json) {
      process.stdout.write(JSON.stringify(turnJson(result)) + '\n');
    } else {
      if (!streamer?.streamed()) process.stdout.write(result.answer);
      process.stdout.write('\n' + renderTurnFooter(result, stdoutLinker(folder)));
    }
    return result.cancelled ? 130 : 0;
  } finally {
    process.off('SIGINT', onSigint);
    await session.close();
  }
}
