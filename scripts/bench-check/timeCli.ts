/**
 * The user's `check` command timed as a fresh process (module loading included) under
 * /usr/bin/time: wall seconds, CPU seconds (user + system), peak RSS, exit code and the CLI's last
 * line (the verdict counts). Several builds are run in turn, round after round, so a busy machine
 * weighs on each alike.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export interface TimedCheck {
  wall: number;
  cpu: number;
  rssMb: number;
  code: number | string;
  summary: string;
}

async function timedCheck(cli: string, root: string, draft: string, db: string): Promise<TimedCheck> {
  const args = ['-f', 'TIMED %e %U %S %M', process.execPath, cli, 'check', root, draft, '--db', db];
  const run = await promisify(execFile)('/usr/bin/time', args, { maxBuffer: 1 << 28 }).catch(
    (error: { code: number | string; stdout: string; stderr: string }) => error,
  );
  const [, wall, user, sys, kb] = /TIMED (\S+) (\S+) (\S+) (\S+)\s*$/.exec(run.stderr ?? '') ?? [];
  if (wall === undefined) throw new Error(`${cli} check printed no time: ${run.stderr}`);
  return {
    wall: Number(wall),
    cpu: Number(user) + Number(sys),
    rssMb: Math.round(Number(kb) / 1024),
    code: 'code' in run ? run.code : 0,
    summary: (run.stdout ?? '').trimEnd().split('\n').pop() ?? '',
  };
}

/**
 * Each build's `check ROOT DRAFT --db <copy of db>`, `runs` rounds, the builds alternated within a
 * round; the index is copied once to a temp folder (a check may update the index it is given).
 * Calls `report` after each run.
 */
export async function timeClis(
  clis: readonly string[],
  options: { root: string; draft: string; db: string; runs: number },
  report: (cli: string, round: number, timed: TimedCheck) => void,
): Promise<Map<string, TimedCheck[]>> {
  const folder = mkdtempSync(join(tmpdir(), 'lra-bench-check-'));
  const results = new Map(clis.map((cli) => [cli, [] as TimedCheck[]]));
  try {
    const db = join(folder, 'index');
    cpSync(resolve(options.db), db, { recursive: true });
    for (let round = 1; round <= options.runs; round++) {
      for (const cli of clis) {
        const timed = await timedCheck(resolve(cli), resolve(options.root), resolve(options.draft), db);
        results.get(cli)!.push(timed);
        report(cli, round, timed);
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return results;
}
