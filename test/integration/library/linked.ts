/**
 * A paper whose PDFs Zotero links rather than stores (linkMode 2), in the real extension host:
 * one by its absolute path on a drive outside the home folder, one stored as
 * `attachments:hopper/supplement.pdf` under the base directory Zotero's preferences name
 * (prefs.js, ./folder.ts). Each is indexed with the library, cited by the paper's author-year,
 * page and citation key, and its citation opens the linked file where it is, at the cited page.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ResearchApi } from '../../../src/vscode/api';
import type { CitationLinkArgs } from '../../../src/vscode/pure/citationLinks';
import { RecordingStream, cancellation } from '../suite/chatStream';
import { LIBRARY } from './facts';

async function waitFor<T>(check: () => T | undefined, what: () => string, ms = 45_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function linkedFileTests(api: () => Thenable<ResearchApi>, linked: () => { absolute: string; relative: string }): void {
  const { linkedPaper } = LIBRARY;
  const cases = [
    {
      what: 'by its absolute path',
      question: linkedPaper.absoluteQuestion,
      answer: /It cut it from 40 to 9 minutes \[\d+\]/,
      page: linkedPaper.absolute.page,
      file: () => linked().absolute,
    },
    {
      what: "as attachments:hopper/supplement.pdf under the base directory of Zotero's prefs",
      question: linkedPaper.relativeQuestion,
      answer: /It lists 212 gauges \[\d+\]/,
      page: linkedPaper.relative.page,
      file: () => linked().relative,
    },
  ];
  for (const { what, question, answer, page, file } of cases) {
    it(`a PDF Zotero links ${what}: indexed, cited "Hopper (2019), p. ${page} · ${linkedPaper.citekey}", and opened where it is at page ${page}`, async () => {
      const research = await api();
      const stream = new RecordingStream();
      const result = await research.participant.handler({ prompt: question }, { history: [] }, stream.asStream(), cancellation().token);
      const seen = stream.seen;
      assert.match(seen, answer, seen);
      assert.match(seen, new RegExp(`^- \\[\\d+\\] \\[Hopper \\(2019\\), p\\. ${page}\\]\\(command:[^\\n]*\\) · ${linkedPaper.citekey} · `, 'm'), seen);
      const citations = (result.metadata as { turn?: { citations: Array<{ page?: number; paper?: { citekey?: string } }> } }).turn?.citations ?? [];
      assert.equal(citations[0]?.paper?.citekey, linkedPaper.citekey, JSON.stringify(citations));
      assert.equal(citations[0]?.page, page);
      // The Sources line's link, as a click runs it.
      const args = [...stream.text.matchAll(/\(command:local-research\.openCitation\?([^\s)]+)/g)].map(
        (m) => (JSON.parse(decodeURIComponent(m[1]!)) as CitationLinkArgs[])[0]!,
      );
      assert.ok(args[0], `no citation link: ${stream.text}`);
      await vscode.commands.executeCommand('local-research.openCitation', args[0]);
      const pdf = vscode.Uri.file(file());
      const report = await waitFor(
        () => {
          const r = research.citations.viewer.reportOf(pdf);
          return r?.painted && r.target?.page === page && r.page === page ? r : undefined;
        },
        () => `the viewer at page ${page} of ${pdf.fsPath} (its last report: ${JSON.stringify(research.citations.viewer.reportOf(pdf))})`,
      );
      assert.equal(report.error, undefined, JSON.stringify(report.error));
      assert.equal(report.target?.highlight, 'located', JSON.stringify(report.target));
    });
  }
}
