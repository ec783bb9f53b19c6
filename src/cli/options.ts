/**
 * Option parsing shared by the CLI commands (index, status, search, eval, ask, chat): the same
 * flags mean the same thing everywhere, and the index folder / embedder are resolved in one place.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { dirname, resolve } from 'node:path';
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Logger } from '../core/ports';
import {
  DEFAULT_INDEX_DIR_NAME,
  LOCAL_PRECISIONS,
  UnsupportedLocationError,
  isObjectStoreUri,
  parseObjectLocation,
  type EmbedMode,
  type EmbedderSelection,
  type LocalPrecision,
} from '../core/index';
import { terminalSafe } from '../core/text/terminalSafe';
import { LIMIT_NAMES, LIMITS, REPLY_LIMITS, secondsToMs, type LimitName, type NetworkLimits, type ReplyLimitName } from '../core/llm/timeouts';

/** Wrong command-line usage: the command prints the message and its usage line, exit code 2. */
export class UsageError extends Error {
  readonly code = 'usage';
  /** False when the message says all there is to fix, so the usage line would only be noise. */
  readonly showUsage: boolean;
  constructor(message: string, options?: { cause?: unknown; showUsage?: boolean }) {
    super(message, options);
    this.name = 'UsageError';
    this.showUsage = options?.showUsage ?? true;
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** `--db DIR`: where the index lives (default `<folder>/.research-index`). */
export const dbOptions = { db: { type: 'string' } } as const satisfies Options;
/** `--json`: one JSON object on stdout instead of human text. */
export const jsonOptions = { json: { type: 'boolean', default: false } } as const satisfies Options;
/** `--local-precision mixed|int8|fp32`: the local model's weights (default mixed, see DEFAULT_LOCAL_PRECISION). */
export const localPrecisionOptions = { 'local-precision': { type: 'string' } } as const satisfies Options;
/** The CLI's network limits (core/llm/timeouts): `--connect-timeout SECONDS`, `--first-token-timeout SECONDS`, ... */
const CLI_LIMITS = LIMIT_NAMES.filter((name) => LIMITS[name].flag !== null);
const REPLY_LIMIT_NAMES = Object.keys(REPLY_LIMITS) as ReplyLimitName[];
/** With them, the reply-size limits (`--embed-max-reply-mb MB`, `--max-answer-chars N`): they travel together. */
export const timeoutOptions = Object.fromEntries(
  [...CLI_LIMITS.map((name) => LIMITS[name].flag!), ...REPLY_LIMIT_NAMES.map((name) => REPLY_LIMITS[name].flag)].map((flag) => [
    flag.slice(2),
    { type: 'string' },
  ]),
) as Record<
  | 'connect-timeout'
  | 'first-token-timeout'
  | 'between-tokens-timeout'
  | 'structured-timeout'
  | 'embed-timeout'
  | 'metadata-timeout'
  | 'embed-max-reply-mb'
  | 'max-answer-chars',
  { type: 'string' }
>;
/** How the usage lines name them. */
export const TIMEOUT_USAGE =
  '[--connect-timeout|--first-token-timeout|--between-tokens-timeout|--structured-timeout|--embed-timeout|--metadata-timeout SECONDS] [--embed-max-reply-mb MB] [--max-answer-chars N]';

/**
 * Limits (ms) from the timeout flags; the RESEARCH_*_TIMEOUT variables and the defaults fill the
 * rest inside core. A value that is not a positive number of seconds is a UsageError.
 */
export function limitsFromFlags(values: Partial<Record<keyof typeof timeoutOptions, string | undefined>>): Partial<NetworkLimits> {
  const limits: Partial<NetworkLimits> = {};
  for (const name of CLI_LIMITS) {
    const flag = LIMITS[name].flag!;
    const raw = values[flag.slice(2) as keyof typeof timeoutOptions];
    if (raw === undefined) continue;
    const ms = secondsToMs(raw);
    if (ms === null) throw new UsageError(`${flag} must be a positive number of seconds, not '${raw}'`);
    limits[name as LimitName] = ms;
  }
  // The reply-size limits are read by core from their variables (RESEARCH_EMBED_MAX_REPLY_MB,
  // RESEARCH_MAX_ANSWER_CHARS) wherever a client is made: the flag sets the variable for this run.
  for (const name of REPLY_LIMIT_NAMES) {
    const spec = REPLY_LIMITS[name];
    const raw = values[spec.flag.slice(2) as keyof typeof timeoutOptions];
    if (raw === undefined) continue;
    if (!(Number(raw) > 0) || !Number.isFinite(Number(raw))) throw new UsageError(`${spec.flag} must be a positive number, not '${raw}'`);
    process.env[spec.env] = raw;
  }
  return limits;
}

/** Embedder selection: `--embed auto|ollama|local|none`, `--model-dir DIR` and `--local-precision` (local), `--embed-model NAME` (Ollama), and the network limits. */
export const embedOptions = {
  embed: { type: 'string' },
  'model-dir': { type: 'string' },
  'embed-model': { type: 'string' },
  ...localPrecisionOptions,
  ...timeoutOptions,
} as const satisfies Options;

/** node:util parseArgs with strict checking; unknown flags become a UsageError. */
export function parseCommandArgs<O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

export { DEFAULT_INDEX_DIR_NAME };

/**
 * The index folder, or an object-store URI as given to `--db` (`s3://bucket/prefix`). A file in
 * the folder's place (or on its path), or a URI this program cannot use, is a UsageError, not a
 * raw EEXIST/ENOTDIR (or a folder named `s3:`) later.
 */
export function resolveDbDir(folder: string, db?: string): string {
  if (db && isObjectStoreUri(db)) {
    try {
      return parseObjectLocation(db).uri;
    } catch (error) {
      if (error instanceof UnsupportedLocationError) throw new UsageError(error.message, { cause: error, showUsage: false });
      throw error;
    }
  }
  const dir = db ? resolve(db) : resolve(folder, DEFAULT_INDEX_DIR_NAME);
  const file = fileOnPath(dir);
  if (file) {
    const where = file === dir ? dir : `${file} (on the way to ${dir})`;
    throw new UsageError(`${where} is a file, not an index folder: ${db ? 'give --db a folder' : 'move the file away or give --db DIR'}`, { showUsage: false });
  }
  return dir;
}

/** The nearest existing entry at or above `path`, if it is a file (stat below a file fails with ENOTDIR). */
function fileOnPath(path: string): string | null {
  for (;;) {
    let info;
    try {
      info = statSync(path, { throwIfNoEntry: false });
    } catch {
      info = undefined; // ENOTDIR, EACCES: look further up
    }
    if (info) return info.isFile() ? path : null;
    if (dirname(path) === path) return null;
    path = dirname(path);
  }
}

/** The `<folder>` positional, resolved and checked to be a directory. */
export async function resolveFolder(positional: string | undefined): Promise<string> {
  if (!positional) throw new UsageError('missing <folder>');
  const folder = resolve(positional);
  const info = await stat(folder).catch(() => null);
  if (!info) throw new UsageError(`folder not found: ${folder}`);
  if (!info.isDirectory()) throw new UsageError(`not a folder: ${folder}`);
  return folder;
}

const EMBED_MODES: readonly EmbedMode[] = ['auto', 'ollama', 'local', 'none'];

/**
 * Embedder selection from flags and environment. `OLLAMA_HOST` is honoured by the Ollama
 * embedder itself; `RESEARCH_MODEL_DIR` names a local model folder when `--model-dir` is absent.
 */
export function embedSelectionFromFlags(
  values: { embed?: string; 'model-dir'?: string; 'embed-model'?: string; 'local-precision'?: string } & Partial<Record<keyof typeof timeoutOptions, string>>,
): EmbedderSelection {
  const mode = (values.embed ?? 'auto') as EmbedMode;
  if (!EMBED_MODES.includes(mode)) throw new UsageError(`--embed must be one of ${EMBED_MODES.join(', ')}, not '${values.embed}'`);
  const modelDir = values['model-dir'] ?? process.env.RESEARCH_MODEL_DIR;
  return {
    mode,
    modelDir: modelDir ? resolve(modelDir) : null,
    ollamaModel: values['embed-model'],
    localPrecision: parseLocalPrecision(values['local-precision']),
    limits: limitsFromFlags(values),
  };
}

/** `--local-precision`: null when absent (the default applies), a UsageError when not one of LOCAL_PRECISIONS. */
export function parseLocalPrecision(value: string | undefined): LocalPrecision | null {
  if (value === undefined) return null;
  if (!LOCAL_PRECISIONS.includes(value as LocalPrecision))
    throw new UsageError(`--local-precision must be one of ${LOCAL_PRECISIONS.join(', ')}, not '${value}'`);
  return value as LocalPrecision;
}

/** Logger for CLI commands: warnings and errors to stderr; debug only with RESEARCH_DEBUG=1. */
export function stderrLogger(): Logger {
  const debug = process.env.RESEARCH_DEBUG === '1';
  const write = (level: string, message: string, details: unknown[]) => {
    const extra = details.length ? ' ' + details.map((d) => (d instanceof Error ? d.message : JSON.stringify(d))).join(' ') : '';
    process.stderr.write(`${level}: ${terminalSafe(message + extra)}\n`); // may quote a file or a server's answer
  };
  return {
    debug: (m, ...d) => (debug ? write('debug', m, d) : undefined),
    info: (m, ...d) => (debug ? write('info', m, d) : undefined),
    warn: (m, ...d) => write('warning', m, d),
    error: (m, ...d) => write('error', m, d),
  };
}

/**
 * Runs a command body, turning a UsageError into the usage text and exit code 2. Other errors
 * propagate to main.ts, which prints them and exits 1.
 */
export async function withUsage(usage: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(error.showUsage ? `${error.message}\nusage: ${usage}\n` : `error: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
