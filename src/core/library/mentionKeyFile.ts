/**
 * A library's mention keys kept beside its index (`mention-keys.json` in the index folder): each
 * record's title and names as core/papers/mentions.ts matches questions against them, worked out
 * once instead of in every process that asks a question (5,046 records cost a CLI search about a
 * second on a loaded machine). Keyed by what they are made from (the title and the family names,
 * `mentionKeyId`) and by the rules that make them (`MENTION_KEYS_RULES_VERSION`), so an edited title
 * or changed rules are worked out again (a file kept by an older release, which held a hash of the
 * rules' code there, too). Written only when something was missing or is gone, whole (a
 * temporary file renamed), in the index folder, never in the library. A file that cannot be read
 * or written costs only the time it would have saved.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../fs/atomicWrite';
import type { MentionKeyCache, MentionKeys } from '../papers/mentions';
import { MENTION_KEYS_RULES_VERSION, mentionKeyId } from '../papers/mentionKeyCache';

export const MENTION_KEYS_FILE = 'mention-keys.json';

interface KeysFile {
  version: number;
  keys: Array<[id: string, keys: MentionKeys]>;
}

/** `version`: the rules the keys are made under (another only in tests). */
export function mentionKeyFile(dbDir: string, version = MENTION_KEYS_RULES_VERSION): MentionKeyCache {
  const file = join(dbDir, MENTION_KEYS_FILE);
  return {
    keysOf(records, compute) {
      const held = readKeys(file, version);
      const ids = records.map(mentionKeyId);
      let missing = 0;
      const keys = records.map((record, i) => {
        const found = held.get(ids[i]!);
        if (found) return found;
        missing++;
        return compute(record);
      });
      const current = new Map(ids.map((id, i) => [id, keys[i]!]));
      if (missing > 0 || held.size !== current.size) writeKeys(file, version, current);
      return keys;
    },
  };
}

function readKeys(file: string, version: number): Map<string, MentionKeys> {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<KeysFile>;
    if (parsed.version === version && Array.isArray(parsed.keys)) return new Map(parsed.keys);
  } catch {
    // None yet, or unreadable: worked out again.
  }
  return new Map();
}

function writeKeys(file: string, version: number, keys: Map<string, MentionKeys>): void {
  try {
    writeFileAtomicSync(file, JSON.stringify({ version, keys: [...keys] } satisfies KeysFile), { durable: false });
  } catch {
    // A read-only index folder: the next process works them out again.
  }
}
