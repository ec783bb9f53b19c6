/**
 * `check <folder> <file>`: each citation of a LaTeX or Markdown draft checked against the papers of
 * the folder's index (src/core/manuscript/check): one line per cited key with its line, key,
 * verdict, the cited paper's passage as a citation ("Chaussé (2010), p. 14") and, when another
 * paper says what the sentence says, that one. `--json` prints one object per cited key instead.
 * What could not be read (a brace never closed, a bib entry never closed, a missing bibliography)
 * is one `warning:` line each on stderr; the rest is still checked, and the draft itself is never
 * evidence. Exit 0 when every citation is supported, 3 when some are not, 1 when the check could
 * not run (no usable index, the draft unreadable), 2 on usage errors.
 */
import { jsonLine } from '../jsonLine';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliCommand } from '../command';
import { IndexStoreError, SearchError, type SearchOptions } from '../../core/index';
import { DRAFT_FILE_MAX_BYTES, type Verdict } from '../../core/manuscript';
import { readTextFile, UnreadableFileError } from '../../core/text/readTextFile';
import { openSession, type CheckedCitation, type CheckedPassage, type SessionSettings } from '../../core/session';
import { terminalSafe } from '../../core/text/terminalSafe';
import { folderProblemLine, foldersLinker, resolveFolders } from '../folders';
import { libraryOptions } from '../libraries';
import {
  TIMEOUT_USAGE,
  UsageError,
  dbOptions,
  jsonOptions,
  localPrecisionOptions,
  parseCommandArgs,
  parseLocalPrecision,
  resolveFolder,
  stderrLogger,
  timeoutOptions,
  withUsage,
} from '../options';
import { MODEL_SERVER_USAGE, modelServerOptions } from '../modelServerFlags';
import { settingsFromFlags, sourcesOf } from '../researchSession';
import type { LocationLinker } from '../terminalLinks';
import { sentenceProgress } from '../checkProgress';
import { WarningLines } from '../warningLines';

const usage = `check <folder> <file> [--db DIR] [--library DIR]... [--mode auto|hybrid|fts|vector] [--model-dir DIR] [--local-precision mixed|int8|fp32] ${MODEL_SERVER_USAGE} [--json] ${TIMEOUT_USAGE}`;

const options = {
  ...dbOptions,
  ...jsonOptions,
  mode: { type: 'string' },
  'model-dir': { type: 'string' },
  ...modelServerOptions,
  ...localPrecisionOptions,
  ...timeoutOptions,
  library: libraryOptions.library,
} as const;

const MODES: readonly NonNullable<SearchOptions['mode']>[] = ['auto', 'hybrid', 'fts', 'vector'];

/** Exit code when some citation is not supported (0 when all are; 1 and 2 are the CLI's own failures). */
export const FLAGGED_EXIT = 3;

export const command: CliCommand = {
  usage,
  summary:
    'Checks each citation of a LaTeX or Markdown draft against the papers of the ' +
    "folder's index. Exit 0 when every citation is supported, 3 when some are not.",
  run: (args) => withUsage(usage, () => runCheck(args)),
};

async function runCheck(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, options);
  const [folderArg, fileArg, extra] = positionals;
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  const folder = await resolveFolder(folderArg);
  if (!fileArg) throw new UsageError('missing <file> (the LaTeX or Markdown draft to check)');
  const mode = (values.mode ?? 'auto') as NonNullable<SearchOptions['mode']>;
  if (!MODES.includes(mode)) throw new UsageError(`--mode must be one of ${MODES.join(', ')}, not '${values.mode}'`);
  // The folder and its libraries (--library DIR), each from its own index; a manuscript folder without an index leaves the libraries (../libraries.ts).
  const folders = await resolveFolders(folder, [], values.db, undefined, values.library);
  const draftPath = resolve(fileArg);
  const shown = terminalSafe(fileArg);
  const text = await readDraft(draftPath, shown);
  if (text === null) return 1;
  const logger = stderrLogger();

  const settings: SessionSettings = {
    ...settingsFromFlags(values),
    embedding: {
      mode: 'auto',
      modelDir: values['model-dir'] ?? process.env.RESEARCH_MODEL_DIR ?? null,
      queryPrecision: parseLocalPrecision(values['local-precision']),
    },
  };
  // The folder's bib problems are the `papers` command's business, not this draft's: not logged here.
  const session = openSession({ settings, sources: sourcesOf(folders), logger, paperWarnings: false });
  try {
    const progress = sentenceProgress(process.stderr);
    const result = await session.checkDraft({ draft: { path: draftPath, text, openTexts: {} }, mode, onProgress: progress.update }).finally(progress.end);
    // Each problem's message starts with its line ("line 5: …").
    const warnings = new WarningLines(process.stderr);
    for (const problem of result.problems) warnings.add(`${shown}, ${problem.message}`);
    for (const note of result.notes) warnings.add(note);
    warnings.end();
    if (values.json) {
      for (const check of result.checks) process.stdout.write(jsonLine(checkJson(check)));
    } else {
      const linker = foldersLinker(folders);
      for (const check of result.checks) process.stdout.write(`${checkLine(shown, check, linker)}\n`);
      process.stdout.write(`${summary(shown, result.checks)}\n`);
    }
    return result.checks.every((c) => c.verdict === 'supported') ? 0 : FLAGGED_EXIT;
  } catch (error) {
    if (error instanceof SearchError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 1;
    }
    // No usable index (at open, or damage found mid-check).
    if (error instanceof IndexStoreError) {
      process.stderr.write(`error: ${folderProblemLine(error, folders, values.db)}\n`);
      return 1;
    }
    throw error;
  } finally {
    await session.close();
  }
}

/** The draft's text, or null after saying why it cannot be read (a FIFO or a device at once, not after a stall). */
async function readDraft(path: string, shown: string): Promise<string | null> {
  const info = await stat(path).catch(() => null);
  const problem = !info ? 'no such file' : info.isDirectory() ? 'a folder, not a draft' : null;
  if (problem) {
    process.stderr.write(`error: ${shown}: ${problem}: give the path of a .tex, .md, .qmd or .Rmd draft\n`);
    return null;
  }
  try {
    return (await readTextFile(path, DRAFT_FILE_MAX_BYTES)).text;
  } catch (error) {
    const why = error instanceof UnreadableFileError ? error.detail : ((error as NodeJS.ErrnoException).code ?? String(error));
    process.stderr.write(`error: ${shown} cannot be read (${terminalSafe(why)})\n`);
    return null;
  }
}

/** The object `--json` prints per cited key. */
export function checkJson(check: CheckedCitation) {
  return {
    line: check.line,
    key: check.key,
    verdict: check.verdict,
    evidence: check.evidence ? { path: check.evidence.path, page: check.evidence.page, text: check.evidence.text } : null,
    suggested: check.suggested ? { key: check.suggested.key, path: check.suggested.path, page: check.suggested.page } : null,
    attribution: check.attribution
      ? { path: check.attribution.path, page: check.attribution.page, works: check.attribution.works, text: check.attribution.text }
      : null,
  };
}

const VERDICT_TEXT: Record<Verdict, string> = {
  supported: 'supported',
  'other-page': 'on another page than the one cited',
  'not-found': 'not found in the cited paper',
  contradicted: 'contradicted by the cited paper',
  'not-in-library': 'not in your library',
};

/** `paper.tex:12 chausse2010 supported: Chaussé (2010), p. 14`, then what another paper says and why, for a flagged one. */
function checkLine(draft: string, check: CheckedCitation, linker: LocationLinker): string {
  const cite = (p: CheckedPassage) => linker.link(p.label, { path: p.path, page: p.page });
  const head = `${draft}:${check.line} ${terminalSafe(check.key)} ${VERDICT_TEXT[check.verdict]}`;
  // Whom a library paper credits for the sentence (core/manuscript/check/attribution.ts).
  const credited = check.attribution
    ? `; ${linker.link(terminalSafe(check.attribution.text), { path: check.attribution.path, page: check.attribution.page })}`
    : '';
  if (check.verdict === 'supported') return `${head}: ${check.evidence ? cite(check.evidence) : ''}${credited}`;
  const parts = [head];
  if (check.evidence) parts.push(`closest passage ${cite(check.evidence)}`);
  if (check.suggested) parts.push(`${cite(check.suggested)} says this${check.suggested.key ? ` (${terminalSafe(check.suggested.key)})` : ''}`);
  parts.push(terminalSafe(check.reason));
  return parts.join('; ') + credited;
}

function summary(draft: string, checks: readonly CheckedCitation[]): string {
  if (checks.length === 0) return `${draft}: no citations found (\\cite{…} and its family in LaTeX, [@key] in Markdown)`;
  const count = (v: Verdict) => checks.filter((c) => c.verdict === v).length;
  const parts = (['supported', 'not-found', 'contradicted', 'not-in-library'] as const)
    .filter((v) => count(v) > 0)
    .map((v) => `${count(v)} ${VERDICT_TEXT[v]}`);
  return `${draft}: ${checks.length} cited key${checks.length === 1 ? '' : 's'}: ${parts.join(', ')}`;
}
