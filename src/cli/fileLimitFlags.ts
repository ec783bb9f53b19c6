/**
 * `index`'s flags for what one file may cost (core/index/pipeline/fileLimits.ts: `--max-unzipped-mb`,
 * `--max-chars`, `--max-pages`, `--file-timeout`, `--max-worker-mb`) and the folders symbolic
 * links may lead into (`--follow-links-into DIR`, repeatable).
 */
import { FILE_LIMITS, type FileLimitName, type FileLimits } from '../core/index';
import { UsageError } from './options';

const NAMES = Object.keys(FILE_LIMITS) as FileLimitName[];

type LimitFlag = '--max-unzipped-mb' | '--max-chars' | '--max-pages' | '--file-timeout' | '--max-worker-mb';

export const fileLimitOptions = {
  ...(Object.fromEntries(NAMES.map((name) => [FILE_LIMITS[name].flag.slice(2), { type: 'string' }])) as Record<
    LimitFlag extends `--${infer Flag}` ? Flag : never,
    { type: 'string' }
  >),
  'follow-links-into': { type: 'string', multiple: true },
} as const;

export const FILE_LIMIT_USAGE =
  '[--max-unzipped-mb MB] [--max-chars N] [--max-pages N] [--file-timeout SECONDS] [--max-worker-mb MB] [--follow-links-into DIR]...';

/** The limits given on the command line (the rest keep core's defaults), in core's units. */
export function fileLimitsFromFlags(values: Partial<Record<string, unknown>>): Partial<FileLimits> {
  const limits: Partial<FileLimits> = {};
  for (const name of NAMES) {
    const spec = FILE_LIMITS[name];
    const raw = values[spec.flag.slice(2)];
    if (typeof raw !== 'string') continue;
    const n = Number(raw);
    const whole = spec.flagUnit === 'N';
    if (!Number.isFinite(n) || n <= 0 || (whole && !Number.isInteger(n))) {
      const what = { MB: 'a size in MB', N: 'a whole number', SECONDS: 'a number of seconds' }[spec.flagUnit];
      throw new UsageError(`${spec.flag} must be ${what} greater than 0, not '${raw}'`);
    }
    limits[name] = name === 'maxUnzippedBytes' ? Math.round(n * 1024 * 1024) : name === 'fileTimeoutMs' ? Math.round(n * 1000) : n;
  }
  return limits;
}
