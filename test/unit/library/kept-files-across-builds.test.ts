/**
 * A library used from two builds of the same release (the CLI's bundle, dist/cli.js, and the
 * code as the editor's tests run it, through tsx): the files one keeps beside the index
 * (papers-snapshot.json, mention-keys.json) are read by the other, not made and written again.
 * The rules they are kept under are a version both share (zoteroPapers.ts, mentionKeyCache.ts);
 * a hash of the functions' printed text differed between the builds.
 */
import { strict as assert } from 'node:assert';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { openIndexStore } from '../../../src/core/index';
import { librarySource } from '../../../src/core/library';
import { MENTION_KEYS_FILE } from '../../../src/core/library/mentionKeyFile';
import { PAPERS_SNAPSHOT_FILE } from '../../../src/core/library/papersSnapshot';
import { buildOnce, runCli } from '../../support/cli';
import { deadHost } from '../../support/deadHost';
import { withTempDir } from '../../support/tempDir';
import { writeZoteroLibrary, type ZoteroFixture } from '../../support/zoteroFixture';

const fixture: ZoteroFixture = {
  items: [
    {
      key: 'ITEMKRN1',
      title: 'Choosing kernels for two-sample tests',
      creators: [['Ada', 'Lovelace']],
      date: '2012',
      citationKey: 'lovelace2012kernels',
      attachments: [
        { key: 'PDFKRN01', file: 'kernels.pdf', pdf: ['Choosing kernels for two-sample tests', 'We use a Gaussian kernel with a median bandwidth.'] },
      ],
    },
    {
      key: 'ITEMBOOT',
      title: 'Bootstrap confidence intervals revisited',
      creators: [['Grace', 'Hopper']],
      date: '2015',
      attachments: [{ key: 'PDFBOOT1', file: 'bootstrap.pdf', pdf: ['Bootstrap confidence intervals revisited', 'Percentile intervals undercover.'] }],
    },
  ],
};

const QUESTION = 'What does Lovelace (2012) say about the bandwidth?';
const KEPT = [PAPERS_SNAPSHOT_FILE, MENTION_KEYS_FILE];

/** The question as the editor's code asks it of the library: its papers, and those it names. */
async function askInProcess(dataDir: string, dbDir: string): Promise<string[]> {
  const store = await openIndexStore(dbDir, { readOnly: true });
  try {
    const library = await librarySource(dataDir, { dbDir }).papersOf!(store).current();
    return library.namedBy(QUESTION).map((m) => m.path);
  } finally {
    store.close();
  }
}

/** Each kept file's bytes and modification time. */
async function keptFiles(dbDir: string): Promise<Array<{ file: string; text: string; mtimeMs: number }>> {
  return Promise.all(KEPT.map(async (file) => ({ file, text: await readFile(join(dbDir, file), 'utf8'), mtimeMs: (await stat(join(dbDir, file))).mtimeMs })));
}

describe("a library's kept files across builds (the CLI's bundle and tsx)", function () {
  this.timeout(180_000);
  before(() => buildOnce());

  it('files kept by the CLI are read by the in-process code, and files it kept are read by the CLI, neither making them again', async () => {
    await withTempDir(async (dir) => {
      const dataDir = join(dir, 'Zotero');
      const cache = join(dir, 'cache');
      await writeZoteroLibrary(dataDir, fixture);
      const env = { XDG_CACHE_HOME: cache, OLLAMA_HOST: await deadHost() };
      const indexed = await runCli(['index', dataDir, '--embed', 'none', '--ocr', 'off'], { env });
      assert.equal(indexed.code, 0, indexed.stderr);
      const libraries = join(cache, 'local-research-assistant', 'libraries');
      const dbDir = join(libraries, (await readdir(libraries))[0]!);
      const askCli = async () => {
        const asked = await runCli(['ask', dataDir, QUESTION], { env });
        assert.equal(asked.code, 0, asked.stderr);
        assert.match(asked.stdout, /Lovelace \(2012\)/);
      };

      await askCli();
      const byCli = await keptFiles(dbDir);
      assert.deepEqual(await askInProcess(dataDir, dbDir), ['storage/PDFKRN01/kernels.pdf']);
      assert.deepEqual(await keptFiles(dbDir), byCli, 'the files the CLI kept are read, not written again');

      for (const file of KEPT) await rm(join(dbDir, file));
      await askInProcess(dataDir, dbDir);
      const inProcess = await keptFiles(dbDir);
      await askCli();
      assert.deepEqual(await keptFiles(dbDir), inProcess, 'the files the in-process code kept are read by the CLI, not written again');
    });
  });
});
