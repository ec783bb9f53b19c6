/**
 * A sixth, small suite: a folder holding a zip-bomb DOCX, an 18 MB HTML nest and a PDF whose page
 * tree claims 10^9 pages (./folder.ts), indexed by the real extension in the real extension host.
 * The files are read on extraction threads: the host's own event loop stays free (a timer fires
 * on time, a command answers during the run), the note beside them is indexed, and Show Index
 * Status names the three files. Same counting reporter; honours LRA_GREP like the main suite.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../../src/vscode/pure/commandIds';
import { getApi, waitFor } from '../suite/helpers';
import { suiteMocha } from '../mocha';

/** The probe's period: how late it fires is how long the host could not run anything. */
const TICK_MS = 50;

export async function run(): Promise<void> {
  const mocha = suiteMocha(process.env.LRA_REPO_ROOT!);
  mocha.suite.emit('pre-require', globalThis, 'oneBadFile', mocha);
  describe('one bad file in the editor', function () {
    this.timeout(120_000);

    it('indexes the note beside a DOCX bomb, an HTML nest and a page-tree fan-out; the host answers during the run; the status names the three', async () => {
      const api = await getApi();
      let worstLagMs = 0;
      let last = performance.now();
      const probe = setInterval(() => {
        const now = performance.now();
        worstLagMs = Math.max(worstLagMs, now - last - TICK_MS);
        last = now;
      }, TICK_MS);
      try {
        const job = vscode.commands.executeCommand(COMMANDS.indexWorkspace) as Thenable<{ error?: unknown; cancelled?: boolean }>;
        await waitFor(() => api.index.busy, 'the run to start');
        // While the nest is parsed (seconds, on a thread): a command of this extension answers.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const asked = performance.now();
        const during = await vscode.commands.executeCommand<string>(COMMANDS.showStatus);
        const answeredMs = performance.now() - asked;
        const stillBusy = api.index.busy;
        const result = await job;
        assert.equal(result.error, undefined, String(result.error));
        assert.ok(stillBusy, 'the run ended before the command was asked: the probe proved nothing');
        assert.equal(typeof during, 'string');
        assert.ok(answeredMs < 2_000, `Show Index Status took ${Math.round(answeredMs)} ms during the run`);
        assert.ok(worstLagMs < 1_000, `the extension host was blocked for ${Math.round(worstLagMs)} ms`);
      } finally {
        clearInterval(probe);
      }

      const summary = api.index.lastSummary!;
      assert.deepEqual(
        summary.failed.map((f) => [f.path, f.code]),
        [['bomb.docx', 'over-limit']],
      );
      assert.deepEqual(
        summary.warned.map((w) => w.path),
        ['fanout.pdf', 'nest.html'],
      );
      assert.equal(api.index.lastStats?.documents, 3);
      const status = await vscode.commands.executeCommand<string>(COMMANDS.showStatus);
      assert.match(status, /Not indexed: bomb\.docx\. Indexed with warnings: fanout\.pdf, nest\.html\. The log says why\./);
    });
  });
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} one-bad-file test(s) failed`);
}
