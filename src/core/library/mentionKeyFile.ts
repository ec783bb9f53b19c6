/**
 * A library's mention keys kept beside its index (`mention-keys.json` in the index folder): each
 * record's title and names as core/papers/mentions.ts matches questions against them, worked out
 * once instead of in every process that asks a question (5,046 records cost a CLI search about a
 * second on a loaded machine). Keyed by what they are made from (the title and the family names,
 * `mentionKeyId`) and by the code that makes them (`mentionKeysVersion`), so an edited title or a
 * changed rule is worked out again. Written only when something was missing or is gone, whole (a
 * temporary file renamed), in the index folder, never in the library. A file that cannot be read
 * or written costs only the time it would have saved.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../fs/atomicWrite';
import type { MentionKeyCache, MentionKeys } from '../papers/mentions';
import { mentionKeyId, mentionKeysVersion } from '../papers/mentionKeyCache';

export const MENTION_KEYS_FILE = 'mention-keys.json';

interface KeysFile {
  version: string;
  keys: Array<[id: string, keys: MentionKeys]>;
}

export function mentionKeyFile(dbDir: string): MentionKeyCache {
  const file = join(dbDir, MENTION_KEYS_FILE);
  return {
    keysOf(records, compute) {
      const held = readKeys(file);
      const ids = records.map(mentionKeyId);
      let missing = 0;
      const keys = records.map((record, i) => {
        const found = held.get(ids[i]!);
        if (found) return found;
        missing++;
        return compute(record);
      });
      const current = new Map(ids.map((id, i) => [id, keys[i]!]));
      if (missing > 0 || held.size !== current.size) writeKeys(file, current);
      return keys;
    },
  };
}

function readKeys(file: string): Map<string, MentionKeys> {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<KeysFile>;
    if (parsed.version === mentionKeysVersion() && Array.isArray(parsed.keys)) return new Map(parsed.keys);
  } catch {
    // None yet, or unreadable: worked out again.
  }
  return new Map();
}

function writeKeys(file: string, keys: Map<string, MentionKeys>): void {
  try {
    writeFileAtomicSync(file, JSON.stringify({ version: mentionKeysVersion(), keys: [...keys] } satisfies KeysFile), { durable: false });
  } catch {
    // A read-only index folder: the next process works them out again.
  }
}
