/**
 * Chromium's renderer processes of the benchmark's own browser, read from /proc: found by the
 * profile folder on their command lines (other browsers may run on the machine), their memory
 * from smaps_rollup. RSS counts every page the process maps, shared ones (Chromium's code) in
 * full; PSS splits shared pages between the processes that share them; USS is the process's own.
 */
import { readFileSync, readdirSync } from 'node:fs';

export interface Memory {
  rssMB: number;
  pssMB: number;
  ussMB: number;
}

/** The renderer processes of the browser whose profile folder is `profile` (the browser's own UI excluded). */
export function rendererPids(profile: string): Set<number> {
  const pids = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      // Chromium rewrites its process title: the arguments come joined by spaces, not NULs.
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split(/[\0 ]/);
    } catch {
      continue; // exited meanwhile
    }
    if (args.includes('--type=renderer') && args.includes(`--user-data-dir=${profile}`) && !args.includes('--top-chrome-webui')) pids.add(Number(entry));
  }
  return pids;
}

/** Memory of processes together (MB); a process that has exited counts nothing. */
export function memoryOf(pids: Iterable<number>): Memory {
  const kB = { Rss: 0, Pss: 0, Private_Clean: 0, Private_Dirty: 0 };
  for (const pid of pids) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    } catch {
      continue;
    }
    for (const key of Object.keys(kB) as (keyof typeof kB)[]) kB[key] += Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  }
  const mb = (k: number) => Math.round(k / 102.4) / 10;
  return { rssMB: mb(kB.Rss), pssMB: mb(kB.Pss), ussMB: mb(kB.Private_Clean + kB.Private_Dirty) };
}
