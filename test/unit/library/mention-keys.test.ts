/**
 * A library's mention keys kept beside its index (src/core/library/mentionKeyFile.ts): a later
 * process names the same papers from the kept keys without working them out again; an edited
 * title, keys made by other rules, or a folder that cannot be written are worked out afresh.
 */
import { strict as assert } from 'node:assert';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MENTION_KEYS_FILE, mentionKeyFile } from '../../../src/core/library/mentionKeyFile';
import { mentionIndex, papersNamedBy } from '../../../src/core/papers/mentions';
import type { Author, PaperRecord } from '../../../src/core/papers/record';
import { withTempDir } from '../../support/tempDir';

const f = <T>(value: T) => ({ value, source: 'zotero' as const, confidence: 1 });
const record = (path: string, title: string, authors: Author[], year: number): PaperRecord => ({ path, title: f(title), authors: f(authors), year: f(year) });

const records: PaperRecord[] = [
  record('storage/KRN/kernels.pdf', 'Choosing kernels for two-sample tests', [{ family: 'Lovelace', given: 'Ada' }], 2012),
  record('storage/BOOT/bootstrap.pdf', 'Bootstrap confidence intervals revisited', [{ family: 'Hopper', given: 'Grace' }], 2015),
  record('storage/RCPP/rcpp.pdf', 'Fast Linear Algebra Using the RcppEigen Package', [{ family: 'Bates', given: 'Douglas' }], 2013),
];

const QUESTIONS = [
  'What does Lovelace (2012) say about bandwidths?',
  'Which intervals does Hopper 2015 revisit?',
  'How fast is the RcppEigen paper?',
  'kernels two-sample tests',
];

const named = (index: ReturnType<typeof mentionIndex>, question: string) => papersNamedBy(question, index).map((m) => `${m.path} ${m.kind}`);

interface KeptFile {
  version: string;
  keys: Array<[string, { authors: string[][][] }]>;
}

async function kept(dir: string): Promise<KeptFile> {
  return JSON.parse(await readFile(join(dir, MENTION_KEYS_FILE), 'utf8')) as KeptFile;
}

/** The kept keys with Lovelace's family name made "byron": a question finds it by that name only if the kept keys were read. */
async function keptWithByron(dir: string, version?: string): Promise<void> {
  const file = await kept(dir);
  const lovelace = file.keys.find(([id]) => id.startsWith('Choosing kernels'))!;
  lovelace[1].authors = [[['byron']]];
  await writeFile(join(dir, MENTION_KEYS_FILE), JSON.stringify({ ...file, ...(version ? { version } : {}) }));
}

describe("a library's mention keys kept beside its index", () => {
  it('a later process names the same papers from the kept keys, read rather than worked out again', async () => {
    await withTempDir(async (dir) => {
      const fresh = mentionIndex(records);
      const first = mentionIndex(records, mentionKeyFile(dir));
      assert.equal((await kept(dir)).keys.length, records.length);
      const later = mentionIndex(records, mentionKeyFile(dir));
      assert.deepEqual(later.keys, fresh.keys);
      for (const question of QUESTIONS) {
        assert.deepEqual(named(first, question), named(fresh, question), question);
        assert.deepEqual(named(later, question), named(fresh, question), question);
      }
      await keptWithByron(dir);
      const fromFile = mentionIndex(records, mentionKeyFile(dir));
      assert.deepEqual(named(fromFile, 'What does Byron (2012) say about bandwidths?'), ['storage/KRN/kernels.pdf author-year']);
    });
  });

  it('an edited title and keys made by other rules are worked out again; the file keeps only the current records', async () => {
    await withTempDir(async (dir) => {
      mentionIndex(records, mentionKeyFile(dir));
      await keptWithByron(dir, 'older rules');
      const again = mentionIndex(records, mentionKeyFile(dir));
      assert.deepEqual(named(again, 'What does Byron (2012) say about bandwidths?'), []);
      assert.deepEqual(named(again, 'What does Lovelace (2012) say about bandwidths?'), ['storage/KRN/kernels.pdf author-year']);
      assert.notEqual((await kept(dir)).version, 'older rules', 'rewritten under the current rules');

      const edited = [
        record('storage/KRN/kernels.pdf', 'Selecting bandwidths for Gaussian kernels', [{ family: 'Lovelace', given: 'Ada' }], 2012),
        ...records.slice(1),
      ];
      const afterEdit = mentionIndex(edited, mentionKeyFile(dir));
      assert.deepEqual(named(afterEdit, 'selecting bandwidths gaussian kernels'), ['storage/KRN/kernels.pdf title']);
      assert.deepEqual(named(afterEdit, 'kernels two-sample tests'), []);
      const ids = (await kept(dir)).keys.map(([id]) => id);
      assert.equal(ids.length, records.length);
      assert.ok(ids.some((id) => id.startsWith('Selecting bandwidths')) && !ids.some((id) => id.startsWith('Choosing kernels')));
    });
  });

  it('an index folder that cannot be written costs only the time the keys would have saved', async () => {
    await withTempDir(async (dir) => {
      const index = mentionIndex(records, mentionKeyFile(join(dir, 'not-there')));
      assert.deepEqual(named(index, QUESTIONS[0]!), named(mentionIndex(records), QUESTIONS[0]!));
    });
  });
});
