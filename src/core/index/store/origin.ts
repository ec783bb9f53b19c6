/**
 * Where an index run ran (./indexStore.ts, IndexMeta.origin): the folder, the host and this machine's
 * id. An index carries it from the last run that checked every document's content against the
 * index. A run anywhere else hashes every document before trusting size and time, so an index
 * copied or moved here, or left inside the folder by someone else (the default `.research-index`
 * sits in the folder it indexes, so a shared or downloaded folder can carry one), cannot pass off
 * its text as that of the files it names just by matching their sizes and times.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { IndexOrigin } from './indexStore';

let machine: string | undefined;

/** A hash of the machine's id (systemd's /etc/machine-id, or D-Bus's); the host name where there is none. */
export function machineId(): string {
  machine ??= createHash('sha256')
    .update(firstReadable(['/etc/machine-id', '/var/lib/dbus/machine-id']) ?? `host:${hostname()}`)
    .digest('hex')
    .slice(0, 16);
  return machine;
}

function firstReadable(paths: string[]): string | null {
  for (const path of paths) {
    try {
      const text = readFileSync(path, 'utf8').trim();
      if (text) return text;
    } catch {
      // not there: the next one
    }
  }
  return null;
}

export function currentOrigin(root: string): IndexOrigin {
  return { root, host: hostname(), machine: machineId() };
}

/** True when the recorded origin is this run's: sizes and times may then stand for contents. */
export function sameOrigin(recorded: IndexOrigin | undefined, here: IndexOrigin): boolean {
  return recorded !== undefined && recorded.root === here.root && recorded.host === here.host && recorded.machine === here.machine;
}

/** The recorded origin in words, for the notice that every document is being checked. */
export function describeOrigin(recorded: IndexOrigin | undefined, here: IndexOrigin): string {
  if (!recorded) return 'it does not record where it was made';
  if (recorded.machine !== here.machine || recorded.host !== here.host) return `it was made on another machine (${recorded.host})`;
  return `it was made for another folder (${recorded.root})`;
}
