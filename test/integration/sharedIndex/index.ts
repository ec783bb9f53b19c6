/**
 * A fourth, small suite: a workspace whose `research.index.location` is a team's shared index on
 * object storage (set up by ./store.ts: s3rver, indexed by the CLI). @research answers from it,
 * the status bar says whose index it is and how fresh, and nothing the editor does writes to it:
 * a document saved in the workspace starts no run, the index command refuses, the bucket's objects
 * stay as they were. Same counting reporter; honours LRA_GREP like the main suite.
 */
import * as assert from 'node:assert/strict';
import { readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ResearchApi } from '../../../src/vscode/api';
import { RecordingStream, cancellation } from '../suite/chatStream';
import { waitFor } from '../suite/helpers';
import { suiteMocha } from '../mocha';
import { SHARED } from './store';

/** Every stored object with its size and modification time: a fingerprint of the bucket. */
async function bucketFingerprint(): Promise<string[]> {
  const dir = process.env.LRA_S3_DATA!;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  return Promise.all(files.map(async (f) => `${f} ${(await stat(f)).size} ${(await stat(f)).mtimeMs}`));
}

export async function run(): Promise<void> {
  const mocha = suiteMocha(process.env.LRA_REPO_ROOT!);
  mocha.suite.emit('pre-require', globalThis, 'sharedIndex', mocha);
  describe(`shared index on object storage (research.index.location = ${SHARED.uri})`, () => {
    const api = () => vscode.extensions.getExtension<ResearchApi>('local-research.local-research-assistant')!.activate();

    it('the status bar says the index is shared, how many documents, and how fresh (else it read "not indexed")', async () => {
      const research = await api();
      const text = await waitFor(() => (/shared/.test(research.statusBarText()) ? research.statusBarText() : undefined), 'the shared index status');
      assert.match(text, /^\$\(cloud\) Research: shared, 2 docs, indexed (just now|\d+ min ago)$/);
      assert.deepEqual(
        research.index.folders.map((f) => [f.dbDir, f.shared]),
        [[SHARED.uri, true]],
      );
    });

    it("@research answers from the shared index, citing the file in this machine's copy", async () => {
      const research = await api();
      const stream = new RecordingStream();
      await research.participant.handler({ prompt: 'Which port does the gateway listen on?' }, { history: [] }, stream.asStream(), cancellation().token);
      assert.match(stream.text, /8080/);
      const folder = vscode.workspace.workspaceFolders![0]!.uri;
      const refs = stream.references.map((r) => (r instanceof vscode.Location ? r.uri : r).fsPath);
      assert.ok(refs.includes(vscode.Uri.joinPath(folder, ...SHARED.present.split('/')).fsPath), JSON.stringify(refs));
    });

    it('a document saved in the workspace starts no index run and the bucket stays as it was; the index command refuses with one line', async () => {
      const research = await api();
      // Start-up done (its watchers would be configured by now): the status bar shows the index.
      await waitFor(() => /shared/.test(research.statusBarText()), 'start-up to finish');
      const before = await bucketFingerprint();
      let started = 0;
      const sub = research.index.onDidStartJob(() => started++);
      const folder = vscode.workspace.workspaceFolders![0]!;
      // The control: a watcher of the test's own sees the file, so the extension's would have too.
      const seen = new Promise<void>((resolve) => {
        const control = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '**/*.md'));
        control.onDidCreate(() => {
          control.dispose();
          resolve();
        });
      });
      try {
        await writeFile(join(folder.uri.fsPath, 'notes', 'new-note.md'), '# New\n\nA note written on this machine.\n');
        await seen;
        // Past the extension's debounce (300 ms in this pass), with room to spare on a loaded machine.
        await new Promise((r) => setTimeout(r, 1_500));
        assert.equal(started, 0, 'the watcher started an index run on a shared index');
        const job = (await vscode.commands.executeCommand('local-research.indexWorkspace')) as { error?: { code?: string; message?: string } };
        assert.equal(job.error?.code, 'shared-index-read-only');
        assert.match(job.error?.message ?? '', new RegExp(`reads the shared index at ${SHARED.uri}: it is written by its own indexing run`));
      } finally {
        sub.dispose();
      }
      assert.deepEqual(await bucketFingerprint(), before);
    });
  });
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} shared-index test(s) failed`);
}
