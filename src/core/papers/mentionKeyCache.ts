/**
 * Records' mention keys (mentions.ts's `MentionKeys`: a title and names as questions are matched
 * against them) kept between processes by a host (a library's index folder:
 * core/library/mentionKeyFile.ts), so a 5,000-record library is not worked out again for every
 * CLI question. Kept keys are found by what they are made from (`mentionKeyId`) under the rules
 * that made them (`mentionKeysVersion`).
 */
import { createHash } from 'node:crypto';
import { mentionKeyRules } from './mentions';
import { comparable, repairAccents, repairLigatures, withoutAccents } from './normalize';
import type { PaperRecord } from './record';
import { TITLE_COMMON_WORDS } from '../text/stopWords';

/** What a record's keys are made from (mentions.ts's recordKeys reads these and nothing else): two records with the same id have the same keys. */
export function mentionKeyId(record: PaperRecord): string {
  return `${record.title?.value ?? ''}\u0000${(record.authors?.value ?? []).map((author) => author.family).join('\u0001')}`;
}

let version: string | undefined;

/** Changes whenever the code or the word lists that make a record's keys do. */
export function mentionKeysVersion(): string {
  const rules = () => [mentionKeyId, ...mentionKeyRules(), comparable, withoutAccents, repairAccents, repairLigatures, ...TITLE_COMMON_WORDS];
  version ??= createHash('sha256').update(rules().map(String).join('\n')).digest('hex');
  return version;
}
