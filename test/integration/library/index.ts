/**
 * A pass in a thesis folder whose `references.bib` (as Better BibTeX writes it) points into the
 * Zotero data directory in the home folder (./folder.ts), in the real extension host: the notice
 * that names the library, the button's command adding it, the library indexed in the background
 * into the user's cache folder (never inside Zotero's folder, which is left byte for byte as it
 * was), the status bar and /status showing it, and an @research question answered from the
 * library's paper, cited by author-year and page with its citation key. Same counting reporter;
 * honours LRA_GREP like the main suite.
 */
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { ResearchApi } from '../../../src/vscode/api';
import { libraryIndexDir } from '../../../src/core/library/cacheDir';
import { startFakeOllama, type FakeOllama } from '../../support/fakeOllama';
import { RecordingStream, cancellation } from '../suite/chatStream';
import { suiteMocha } from '../mocha';
import { LIBRARY } from './facts';
import { libraryModel } from './model';
import { linkedFileTests } from './linked';
import { collectionScopeTests } from './scope';
import { userHighlightTests } from './userHighlight';

/** Every file under `dir` with its size, time and hash: Zotero's folder must be left exactly as it was. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const info = statSync(path);
        files[path] = `${info.size} ${info.mtimeMs} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
      }
    }
  };
  walk(dir);
  return files;
}

function until<T>(event: vscode.Event<T>, what: string, ms = 240_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listener.dispose();
      reject(new Error(`${what}: not within ${ms / 1000} s`));
    }, ms);
    const listener = event((value) => {
      clearTimeout(timer);
      listener.dispose();
      resolve(value);
    });
  });
}

async function waitFor<T>(check: () => T | undefined | false, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function run(): Promise<void> {
  const mocha = suiteMocha(process.env.LRA_REPO_ROOT!);
  mocha.suite.emit('pre-require', globalThis, 'library', mocha);
  const zotero = process.env.LRA_ZOTERO!;
  const cache = process.env.XDG_CACHE_HOME!;
  describe('a thesis folder whose references.bib points into ~/Zotero', function () {
    this.timeout(300_000);
    let fake: FakeOllama | undefined;
    let zoteroBefore: Record<string, string> = {};
    const api = () => vscode.extensions.getExtension<ResearchApi>('local-research.local-research-assistant')!.activate();
    before(async () => {
      zoteroBefore = snapshot(zotero);
      fake = await startFakeOllama({ chat: libraryModel });
      await vscode.workspace.getConfiguration('research').update('ollama.host', fake.url, vscode.ConfigurationTarget.Global);
    });
    after(async () => {
      await vscode.workspace.getConfiguration('research').update('ollama.host', undefined, vscode.ConfigurationTarget.Global);
      await fake?.close();
    });

    it('says once, at startup, that references.bib points at PDFs in the Zotero library ~/Zotero, with an Add Library button; nothing outside the folder is read before that', async () => {
      const research = await api();
      const shown = await waitFor(() => research.libraryOffers.shown[0], 'the notice');
      assert.equal(
        shown.text,
        'references.bib points at 2 PDFs in your Zotero library, ~/Zotero. @research reads nothing outside the workspace until you add it as a library (indexed once, for every workspace; read only).',
      );
      assert.deepEqual(shown.items, ['Add Library', 'Not Now']);
      assert.equal(research.libraryOffers.shown.length, 1, 'one notice, not the first-use offer as well');
      assert.deepEqual(research.libraries.libraries, [], 'no library before the user adds one');
      assert.doesNotMatch(research.statusBarText(), /library/);
    });

    it("the first-use offer, in a later window of this workspace (its bib's notice said already) with no library set: Zotero's data directory ~/Zotero, once per user", async () => {
      const research = await api();
      const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
      const before = research.libraryOffers.shown.length;
      // Not awaited: the offer waits for the user's choice.
      void research.libraryOffers.check(folders);
      const offer = await waitFor(() => research.libraryOffers.shown[before], 'the first-use offer');
      assert.equal(
        offer.text,
        "Zotero's library is at ~/Zotero. Add it so @research answers from your papers, highlights and notes too? Zotero's files are only read; the index goes in your cache folder and serves every workspace.",
      );
      assert.deepEqual(offer.items, ['Add Library', 'Not Now']);
      // A third window: offered already, so nothing is shown.
      await research.libraryOffers.check(folders);
      assert.equal(research.libraryOffers.shown.length, before + 1, 'offered twice');
      assert.deepEqual(research.libraries.libraries, [], 'no library before the user adds one');
    });

    it('the notice\'s button adds ~/Zotero to research.library.folders and indexes it in the background into the cache folder, waiting ("in another window") while another window holds the library\'s index rather than indexing it twice; then the status bar reads "library: 3 papers" and Zotero\'s folder is unchanged', async () => {
      const research = await api();
      // Another window's run: the writer lock of the library's index, held by a live process.
      const dbDir = libraryIndexDir(zotero);
      const lock = `${dbDir}.lock`;
      await mkdir(dirname(lock), { recursive: true });
      await writeFile(lock, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), token: 'another-window' }));
      const waited = until(research.libraries.onDidFinish, 'the run that found the lock');
      // What the notice's Add Library button runs.
      await vscode.commands.executeCommand('local-research.addLibrary', zotero);
      assert.deepEqual(vscode.workspace.getConfiguration('research').get('library.folders'), ['~/Zotero']);
      await waitFor(
        () => /library: Zotero: in another window/.test(research.statusBarText()),
        `"in another window" in the status bar (${research.statusBarText()})`,
      );
      await rm(lock);
      const [other] = await waited;
      assert.equal(other?.otherWindow, true, JSON.stringify(other));
      assert.equal(other?.run, undefined, 'this window did not index it as well');

      const [run] = await research.libraries.index();
      assert.equal(run?.error, undefined, String(run?.error));
      assert.equal(run?.run?.kind, 'zotero');
      const library = research.libraries.libraries[0]!;
      assert.equal(library.dbDir, dbDir);
      assert.ok(dbDir.startsWith(join(cache, 'local-research-assistant', 'libraries')), dbDir);
      await waitFor(() => /library: 3 papers/.test(research.statusBarText()), `"library: 3 papers" in the status bar (${research.statusBarText()})`);
      assert.deepEqual(snapshot(zotero), zoteroBefore, "nothing in Zotero's folder was written, created or touched");
    });

    it('@research answers an author-year question from the library: Sources cite "Lovelace (2012), p. 2" with the Zotero citation key, and the reference opens the PDF in Zotero\'s storage', async () => {
      const research = await api();
      const stream = new RecordingStream();
      const result = await research.participant.handler({ prompt: LIBRARY.question }, { history: [] }, stream.asStream(), cancellation().token);
      const seen = stream.seen;
      assert.match(seen, /Matern kernel with smoothness 3\/2 gave the lowest error \[1\]/, seen);
      // The Sources line: the paper by author-year and page (a link that opens it), then its citation key.
      assert.match(seen, /^- \[1\] \[Lovelace \(2012\), p\. 2\]\(command:[^\n]*\) · lovelace2012kernels · /m, seen);
      const citations =
        (result.metadata as { turn?: { citations: Array<{ file: string; page?: number; paper?: { citekey?: string } }> } }).turn?.citations ?? [];
      assert.equal(citations[0]?.paper?.citekey, LIBRARY.kernelPaper.citekey, JSON.stringify(citations));
      assert.equal(citations[0]?.page, 2);
      const referenced = stream.references.map((r) => (r instanceof vscode.Location ? r.uri : (r as vscode.Uri)).fsPath);
      assert.ok(
        referenced.some((path) => path.startsWith(join(zotero, 'storage', LIBRARY.kernelPaper.pdf))),
        `a reference to the PDF in Zotero's storage: ${referenced.join(', ')}`,
      );
    });

    describe('PDFs Zotero links rather than stores', () => linkedFileTests(api, () => JSON.parse(process.env.LRA_ZOTERO_LINKED!)));
    describe('a conversation scoped to a Zotero collection', () => collectionScopeTests(api));
    describe("the user's own highlight in the viewer", () => userHighlightTests(api, () => zotero));

    it('/status shows the library beside the workspace: its papers and when it was indexed', async () => {
      const research = await api();
      const stream = new RecordingStream();
      await research.participant.handler({ prompt: '', command: 'status' }, { history: [] }, stream.asStream(), cancellation().token);
      assert.match(stream.text, /Library Zotero \([^)]*Zotero\): 3 papers; last indexed /, stream.text);
    });
  });
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} library test(s) failed`);
}
