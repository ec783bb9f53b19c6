/**
 * The user's own highlight in the viewer, in the real extension host: an answer citing the user's
 * Zotero annotation ("Lovelace (2012), p. 2 (your note)") opens the PDF in Zotero's storage, at the
 * annotated page, with the highlight's rectangle marked where Zotero keeps it, in its colour, as
 * the webview's page shows it (read from its elements).
 */
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ViewerReport } from '../../../src/core/citations/viewerProtocol';
import type { ResearchApi } from '../../../src/vscode/api';
import type { CitationLinkArgs } from '../../../src/vscode/pure/citationLinks';
import { RecordingStream, cancellation } from '../suite/chatStream';
import { LIBRARY } from './facts';

/** The fixture's PDFs are A4 (test/support/pdfs.ts), in points. */
const PAGE = { width: 595, height: 842 };
/** Where test/support/zoteroFixture.ts puts a PDF's first annotation: [x1, y1, x2, y2] in points from the bottom left. */
const RECT = [72, 600, 300, 612] as const;

async function waitFor<T>(check: () => T | undefined, what: () => string, ms = 45_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function userHighlightTests(api: () => Thenable<ResearchApi>, zotero: () => string): void {
  it("a citation of the user's Zotero highlight opens the PDF in Zotero's storage at page 2 with that highlight's rectangle marked, in its colour", async () => {
    const research = await api();
    const stream = new RecordingStream();
    await research.participant.handler({ prompt: LIBRARY.bothQuestion }, { history: [] }, stream.asStream(), cancellation().token);
    const links = [...stream.text.matchAll(/\(command:local-research\.openCitation\?([^\s)]+)/g)].map(
      (m) => (JSON.parse(decodeURIComponent(m[1]!)) as CitationLinkArgs[])[0]!,
    );
    const note = links.find((args) => args.file.includes('your-notes/'));
    assert.ok(note, `no citation of the user's note: ${stream.seen}`);
    assert.match(stream.seen, /Lovelace \(2012\), p\. 2 \(your note\)/);

    await vscode.commands.executeCommand('local-research.openCitation', note);
    const pdf = vscode.Uri.file(join(zotero(), 'storage', LIBRARY.kernelPaper.pdf, 'Lovelace - 2012 - Kernels for Rainfall Prediction.pdf'));
    const report: ViewerReport = await waitFor(
      () => {
        const r = research.citations.viewer.reportOf(pdf);
        return r?.target?.userHighlights?.length ? r : undefined;
      },
      () => `the viewer's report of the user's highlight on ${pdf.fsPath} (the last: ${JSON.stringify(research.citations.viewer.reportOf(pdf))})`,
    );
    assert.equal(report.error, undefined, JSON.stringify(report.error));
    assert.equal(report.target?.highlight, 'located');
    assert.deepEqual(report.target?.highlightedPages, [2]);
    const [drawn, ...more] = report.target!.userHighlights!;
    assert.equal(more.length, 0, JSON.stringify(report.target!.userHighlights));
    assert.equal(drawn!.page, 2);
    const expected = [
      (RECT[0] / PAGE.width) * 100,
      ((PAGE.height - RECT[3]) / PAGE.height) * 100,
      ((RECT[2] - RECT[0]) / PAGE.width) * 100,
      ((RECT[3] - RECT[1]) / PAGE.height) * 100,
    ];
    drawn!.box.forEach((value, i) =>
      assert.ok(Math.abs(value - expected[i]!) < 0.2, `box ${JSON.stringify(drawn!.box)}, expected ${JSON.stringify(expected)}`),
    );
    // Zotero's yellow (#ffd400), as the page's element has it.
    assert.equal(drawn!.color, 'rgb(255, 212, 0)');
  });
}
