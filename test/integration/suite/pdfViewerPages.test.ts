import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ViewerReport } from '../../../src/core/citations/viewerProtocol';
import { LONG_FILE as file, filler } from '../viewerFixtures';
import { getApi, openCitationInViewer, workspaceRoot } from './helpers';

describe('PDF viewer: paging through a longer PDF (real webview)', function () {
  this.timeout(90_000);
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  async function openAt(page: number, done: (r: ViewerReport) => boolean = () => true, text?: string): Promise<ViewerReport> {
    const registry = (await getApi()).citations.registry;
    const turn = registry.newTurn();
    await registry.sources(turn, [{ index: 1, file, page, ...(text ? { text } : {}) }]);
    return openCitationInViewer({ turn, n: 1, file, page }, (r) => r.page === page && r.drawn?.pages.includes(page) === true && done(r));
  }

  it('the cited page is painted on its own before the viewer has laid out its pages, exactly where the viewer then draws it', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const report = await openAt(12, (r) => r.firstPage?.viewerBox !== undefined);
    const { page, box, viewerBox } = report.firstPage!;
    assert.equal(page, 12);
    assert.ok(box[2] > 100 && box[3] > 100, `the first page's picture is ${box[2]} x ${box[3]} px`);
    box.forEach((edge, i) =>
      assert.ok(Math.abs(edge - viewerBox![i]!) <= 2, `the page moved at the hand-over: ${JSON.stringify(box)} then ${JSON.stringify(viewerBox)}`),
    );
  });

  it('a passage low on the page: its picture is moved to show the passage mid-view, exactly where the viewer then scrolls its page', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const passage = filler(9, 40).slice(34, 37).join('\n');
    const report = await openAt(9, (r) => r.firstPage?.viewerBox !== undefined && (r.target?.boxes ?? 0) > 0, passage);
    const { box, viewerBox } = report.firstPage!;
    assert.equal(report.target?.highlight, 'located');
    // Line 35 of 40 is below the first screenful of a page at the panel's width: the page moved up.
    assert.ok(box[1] < 0, `the picture was not moved to the passage: ${JSON.stringify(box)}`);
    box.forEach((edge, i) =>
      assert.ok(Math.abs(edge - viewerBox![i]!) <= 2, `the page moved at the hand-over: ${JSON.stringify(box)} then ${JSON.stringify(viewerBox)}`),
    );
  });

  it('jumping through it keeps drawn only the pages in view and the two last left, and draws nothing ahead', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const stops = [1, 6, 11, 16, 21, 26, 14];
    for (const page of stops) await openAt(page);
    // The viewer's idle moment: whatever pdf.js would draw ahead is drawn by then.
    await new Promise((r) => setTimeout(r, 1500));
    const report = (await getApi()).citations.viewer.reportOf(vscode.Uri.joinPath(workspaceRoot(), ...file.split('/')))!;
    const { pages, inView } = report.drawn!;
    const outOfView = pages.filter((p) => !inView.includes(p)).sort((a, b) => a - b);
    assert.ok(inView.includes(14), `page 14 is not drawn in view: ${JSON.stringify(report.drawn)}`);
    // Not 13 or 15 drawn ahead, nor the older stops: only the two pages left last.
    assert.deepEqual(outOfView, [21, 26], `drawn: ${JSON.stringify(report.drawn)}`);
  });
});
