/**
 * How long each network wait may last. One table names every limit once: its default, the
 * phase it bounds (shown when it expires), the CLI flag and environment variable, and the VS Code
 * setting that raise it. Hosts build their flags and settings from it, so an expired limit can
 * always say which knob to turn.
 *
 * Defaults are generous where a healthy server is silent for long: a model being loaded, or a
 * long prompt read on a CPU, sends no first token for a long time; a structured (non-streamed)
 * reply arrives only when the whole answer is generated.
 */

export type LimitName = 'connectMs' | 'firstTokenMs' | 'betweenTokensMs' | 'structuredMs' | 'embedMs' | 'metadataMs' | 'pullIdleMs';

export type NetworkLimits = Record<LimitName, number>;

export interface LimitSpec {
  defaultMs: number;
  /** What was being waited for, completing "sent nothing …". */
  phase: string;
  /** CLI flag (value in seconds); null when no CLI command makes that call. */
  flag: string | null;
  /** Environment variable (seconds), read by the CLI and by core when nothing else is given. */
  env: string;
  /** VS Code setting under `research.` (seconds). */
  setting: string;
}

export const LIMITS: Record<LimitName, LimitSpec> = {
  connectMs: { defaultMs: 10_000, phase: 'while connecting', flag: '--connect-timeout', env: 'RESEARCH_CONNECT_TIMEOUT', setting: 'timeouts.connectSeconds' },
  firstTokenMs: {
    defaultMs: 180_000,
    phase: 'before the first token (loading the model, reading the prompt)',
    flag: '--first-token-timeout',
    env: 'RESEARCH_FIRST_TOKEN_TIMEOUT',
    setting: 'timeouts.firstTokenSeconds',
  },
  betweenTokensMs: {
    defaultMs: 60_000,
    phase: 'between two tokens of the answer',
    flag: '--between-tokens-timeout',
    env: 'RESEARCH_BETWEEN_TOKENS_TIMEOUT',
    setting: 'timeouts.betweenTokensSeconds',
  },
  structuredMs: {
    defaultMs: 300_000,
    phase: 'for a structured (JSON) reply',
    flag: '--structured-timeout',
    env: 'RESEARCH_STRUCTURED_TIMEOUT',
    setting: 'timeouts.structuredSeconds',
  },
  embedMs: { defaultMs: 60_000, phase: 'for embeddings', flag: '--embed-timeout', env: 'RESEARCH_EMBED_TIMEOUT', setting: 'timeouts.embedSeconds' },
  metadataMs: {
    defaultMs: 10_000,
    phase: 'for the model list or model details',
    flag: '--metadata-timeout',
    env: 'RESEARCH_METADATA_TIMEOUT',
    setting: 'timeouts.metadataSeconds',
  },
  pullIdleMs: {
    defaultMs: 600_000,
    phase: 'between two progress lines of a model download',
    flag: null,
    env: 'RESEARCH_PULL_IDLE_TIMEOUT',
    setting: 'timeouts.pullIdleSeconds',
  },
};

export const LIMIT_NAMES = Object.keys(LIMITS) as LimitName[];

/**
 * The limits to use: explicit values (already in ms) first, then the environment (seconds), then
 * the defaults. A value that is not a positive number is ignored.
 */
export function resolveLimits(explicit: Partial<NetworkLimits> = {}, env: NodeJS.ProcessEnv = process.env): NetworkLimits {
  const out = {} as NetworkLimits;
  for (const name of LIMIT_NAMES) {
    const given = explicit[name];
    const fromEnv = secondsToMs(env[LIMITS[name].env]);
    out[name] = given !== undefined && given > 0 && Number.isFinite(given) ? given : (fromEnv ?? LIMITS[name].defaultMs);
  }
  return out;
}

/** '2.5' → 2500; null for anything that is not a positive number of seconds. */
export function secondsToMs(value: string | number | undefined | null): number | null {
  if (value === undefined || value === null || value === '') return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
}

/** How to raise a limit, in both hosts' words. */
export function raiseHint(name: LimitName): string {
  const spec = LIMITS[name];
  const cli = spec.flag ? `${spec.flag} SECONDS or ${spec.env}` : spec.env;
  return `raise the limit (CLI: ${cli}; VS Code: research.${spec.setting})`;
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/**
 * How much one reply may hold, beside how long it may take: a server that sends without end (a
 * model repeating itself, a proxy serving a wrong file) is cut off at the limit, before the rest is
 * read or parsed. `embedReplyBytes`: one embeddings reply (32 texts of 4,096 dimensions are about
 * 3 MB of JSON); `answerChars`: one streamed answer (a long answer is a few thousand).
 */
export type ReplyLimitName = 'embedReplyBytes' | 'answerChars';

export type ReplyLimits = Record<ReplyLimitName, number>;

export interface ReplyLimitSpec {
  default: number;
  /** What was too large, completing "<server> sent …". */
  what: string;
  flag: string;
  /** The flag's and the variable's unit. */
  unit: string;
  env: string;
  /** The value in the flag's unit → the limit. */
  parse: (value: number) => number;
  format: (limit: number) => string;
}

const MIB = 1024 * 1024;

export const REPLY_LIMITS: Record<ReplyLimitName, ReplyLimitSpec> = {
  embedReplyBytes: {
    default: 32 * MIB,
    what: 'an embeddings reply',
    flag: '--embed-max-reply-mb',
    unit: 'MB',
    env: 'RESEARCH_EMBED_MAX_REPLY_MB',
    parse: (mb) => Math.round(mb * MIB),
    format: (bytes) => `${+(bytes / MIB).toFixed(1)} MB`,
  },
  answerChars: {
    default: 200_000,
    what: 'an answer',
    flag: '--max-answer-chars',
    unit: 'N',
    env: 'RESEARCH_MAX_ANSWER_CHARS',
    parse: (chars) => Math.round(chars),
    format: (chars) => `${chars.toLocaleString('en-US')} characters`,
  },
};

/** Explicit values (already converted) first, then the environment (in the flag's unit), then the defaults. */
export function resolveReplyLimits(explicit: Partial<ReplyLimits> = {}, env: NodeJS.ProcessEnv = process.env): ReplyLimits {
  const out = {} as ReplyLimits;
  for (const name of Object.keys(REPLY_LIMITS) as ReplyLimitName[]) {
    const spec = REPLY_LIMITS[name];
    const given = explicit[name];
    const fromEnv = Number(env[spec.env]);
    out[name] =
      given !== undefined && given > 0 && Number.isFinite(given)
        ? given
        : env[spec.env] && Number.isFinite(fromEnv) && fromEnv > 0
          ? spec.parse(fromEnv)
          : spec.default;
  }
  return out;
}
