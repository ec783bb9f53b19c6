/**
 * Records' mention keys (mentions.ts's `MentionKeys`: a title and names as questions are matched
 * against them) kept between processes by a host (a library's index folder:
 * core/library/mentionKeyFile.ts), so a 5,000-record library is not worked out again for every
 * CLI question. Kept keys are found by what they are made from (`mentionKeyId`) under the rules
 * that made them (`MENTION_KEYS_RULES_VERSION`).
 */
import type { PaperRecord } from './record';

/** What a record's keys are made from (mentions.ts's recordKeys reads these and nothing else): two records with the same id have the same keys. */
export function mentionKeyId(record: PaperRecord): string {
  return `${record.title?.value ?? ''}\u0000${(record.authors?.value ?? []).map((author) => author.family).join('\u0001')}`;
}

/**
 * The rules kept keys are made under: keys made under other rules are worked out again. Bump it
 * when a record's keys can differ (mentions.ts's `recordKeys`, the helpers and word lists it uses,
 * `mentionKeyId`); test/unit/library/kept-file-rules.test.ts holds a hash of that code as written
 * in src/ and fails until it is bumped. A number, not a hash of the functions' text: the CLI's
 * bundle, the editor's (minified when packaged) and tsx print that text differently, and each
 * would work out again the keys the other kept.
 */
export const MENTION_KEYS_RULES_VERSION = 1;
