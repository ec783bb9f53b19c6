/**
 * The rules a library's kept files are made under (papers-snapshot.json, mention-keys.json): a
 * version number each build shares. The code that makes each file, as written in src/, is hashed
 * here (test/support/rulesSource.ts) next to the version it was made for: changing that code
 * without bumping the version fails. A file kept under another version, or by a release that kept
 * a hash of the rules' code there, is made again once and then read.
 */
import { strict as assert } from 'node:assert';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openIndexStore } from '../../../src/core/index';
import { librarySource } from '../../../src/core/library';
import { MENTION_KEYS_FILE, mentionKeyFile } from '../../../src/core/library/mentionKeyFile';
import { PAPERS_SNAPSHOT_FILE, readPapersSnapshot } from '../../../src/core/library/papersSnapshot';
import { indexStateKey } from '../../../src/core/library/indexState';
import { PAPERS_SNAPSHOT_RULES_VERSION } from '../../../src/core/library/zoteroPapers';
import { MENTION_KEYS_RULES_VERSION } from '../../../src/core/papers/mentionKeyCache';
import { mentionIndex, papersNamedBy } from '../../../src/core/papers/mentions';
import type { PaperRecord } from '../../../src/core/papers/record';
import { indexLibraryFully } from '../../support/libraryRun';
import { rulesSource } from '../../support/rulesSource';
import { withTempDir } from '../../support/tempDir';
import { writeZoteroLibrary, type ZoteroFixture } from '../../support/zoteroFixture';

/**
 * Each kept file's rules: the version in src/, the version `hash` was taken at, and the
 * declarations (with everything of src/ they use) that make the file. Change the code, and the
 * test says what to do.
 */
interface KeptFileRules {
  file: string;
  constant: string;
  version: number;
  madeFor: number;
  hash: string;
  /** A file under src/ and the names declared in it that make the kept file. */
  code: Record<string, readonly string[]>;
}

const KEPT_FILES: KeptFileRules[] = [
  {
    file: PAPERS_SNAPSHOT_FILE,
    constant: 'PAPERS_SNAPSHOT_RULES_VERSION (src/core/library/zoteroPapers.ts)',
    version: PAPERS_SNAPSHOT_RULES_VERSION,
    madeFor: 1,
    hash: 'a262dc0aad14d0b4',
    code: { 'src/core/library/zoteroPapers.ts': ['zoteroLibraryInputs'], 'src/core/library/papersSnapshot.ts': ['ZoteroLibraryInputs'] },
  },
  {
    file: MENTION_KEYS_FILE,
    constant: 'MENTION_KEYS_RULES_VERSION (src/core/papers/mentionKeyCache.ts)',
    version: MENTION_KEYS_RULES_VERSION,
    madeFor: 1,
    hash: '4ca6fd0e03d3be63',
    code: { 'src/core/papers/mentions.ts': ['recordKeys', 'MentionKeys'], 'src/core/papers/mentionKeyCache.ts': ['mentionKeyId'] },
  },
];

const fixture: ZoteroFixture = {
  items: [
    {
      key: 'ITEMKRN1',
      title: 'Choosing kernels for two-sample tests',
      creators: [['Ada', 'Lovelace']],
      date: '2012',
      citationKey: 'lovelace2012kernels',
      attachments: [{ key: 'PDFKRN01', file: 'kernels.pdf', pdf: ['Choosing kernels for two-sample tests', 'We use a Gaussian kernel.'] }],
    },
  ],
};

const KERNELS = 'storage/PDFKRN01/kernels.pdf';

async function papersOf(dataDir: string, dbDir: string) {
  const store = await openIndexStore(dbDir, { readOnly: true });
  try {
    return await librarySource(dataDir, { dbDir }).papersOf!(store).current();
  } finally {
    store.close();
  }
}

const f = <T>(value: T) => ({ value, source: 'zotero' as const, confidence: 1 });
const records: PaperRecord[] = [
  { path: KERNELS, title: f('Choosing kernels for two-sample tests'), authors: f([{ family: 'Lovelace', given: 'Ada' }]), year: f(2012) },
];
const BYRON = 'What does Byron (2012) say about bandwidths?';

describe("the rules a library's kept files are made under", () => {
  for (const kept of KEPT_FILES) {
    it(`${kept.file}: the code that makes it is the code its rules version was given for`, () => {
      const now = rulesSource(kept.code);
      if (kept.version === kept.madeFor && now.hash === kept.hash) return;
      assert.fail(
        `The code that makes ${kept.file} is not the code ${kept.constant} = ${kept.version} was given for.\n` +
          `If what the file holds can differ, bump ${kept.constant}; ` +
          `then, in test/unit/library/kept-file-rules.test.ts, set madeFor to the version and this hash: hash: '${now.hash}'.\n` +
          `The code hashed: ${now.declarations.join(', ')}`,
      );
    });
  }

  it('papers-snapshot.json: kept under another version, or by a release that kept a hash there, it is made again once, then read', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const dbDir = join(dir, 'index');
      await writeZoteroLibrary(dataDir, fixture);
      await indexLibraryFully(dataDir, dbDir);
      await papersOf(dataDir, dbDir);
      const state = indexStateKey(dbDir)!;
      assert.ok(readPapersSnapshot(dbDir, state, PAPERS_SNAPSHOT_RULES_VERSION), 'kept under the current rules');
      assert.equal(readPapersSnapshot(dbDir, state, PAPERS_SNAPSHOT_RULES_VERSION + 1), null, 'another version does not read it');

      // As an older release kept it: a hash of the rules' code, and a title it would no longer make.
      const file = join(dbDir, PAPERS_SNAPSHOT_FILE);
      const current = JSON.parse(await readFile(file, 'utf8')) as { rules: unknown };
      const older = JSON.stringify({ ...current, rules: 'f'.repeat(64) }).replace('Choosing kernels for two-sample tests', 'Kept by an older release');
      await writeFile(file, older);
      assert.equal((await papersOf(dataDir, dbDir)).records.get(KERNELS)?.title?.value, 'Choosing kernels for two-sample tests');
      const remade = await readFile(file, 'utf8');
      assert.equal((JSON.parse(remade) as { rules: unknown }).rules, PAPERS_SNAPSHOT_RULES_VERSION, 'kept again under the current rules');
      await papersOf(dataDir, dbDir);
      assert.equal(await readFile(file, 'utf8'), remade, 'then read, not made again');
    });
  });

  it('mention-keys.json: keys kept under another version, or by a release that kept a hash there, are worked out again once, then read', async () => {
    await withTempDir(async (dir) => {
      const file = join(dir, MENTION_KEYS_FILE);
      mentionIndex(records, mentionKeyFile(dir));
      /** The kept keys with Lovelace's name made "byron" under `version`: a question finds Byron only if they were read. */
      const keepByron = async (version: unknown) => {
        const kept = JSON.parse(await readFile(file, 'utf8')) as { keys: Array<[string, { authors: unknown }]> };
        kept.keys[0]![1].authors = [[['byron']]];
        await writeFile(file, JSON.stringify({ version, keys: kept.keys }));
      };
      const named = (version?: number) => papersNamedBy(BYRON, mentionIndex(records, mentionKeyFile(dir, version))).length;

      await keepByron(MENTION_KEYS_RULES_VERSION);
      assert.equal(named(), 1, 'kept under the current version: read');
      assert.equal(named(MENTION_KEYS_RULES_VERSION + 1), 0, 'under another version: worked out again');
      assert.equal((JSON.parse(await readFile(file, 'utf8')) as { version: unknown }).version, MENTION_KEYS_RULES_VERSION + 1);

      await keepByron('f'.repeat(64));
      assert.equal(named(), 0, 'kept by an older release (a hash): worked out again');
      const remade = await readFile(file, 'utf8');
      assert.equal((JSON.parse(remade) as { version: unknown }).version, MENTION_KEYS_RULES_VERSION);
      named();
      assert.equal(await readFile(file, 'utf8'), remade, 'then read, not written again');
    });
  });
});
