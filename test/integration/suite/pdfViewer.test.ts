import * as assert from 'node:assert/strict';
import { appendFile, copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { hashFile } from '../../../src/core/index';
import type { Chunk } from '../../../src/core/index/types';
import type { Citation } from '../../../src/core/graph/api';
import type { ViewerReport } from '../../../src/core/citations/viewerProtocol';
import type { CitationLinkArgs } from '../../../src/vscode/pure/citationLinks';
import { fileVersion } from '../../../src/vscode/viewer/pagePreviews';
import { CHUNKS_FILE, DOCX_FILE, LONG_FILE, VIEWER_DIR as DIR, filler } from '../viewerFixtures';
import { researchScript } from '../scriptedResearchModel';
import { RecordingStream, cancellation } from './chatStream';
import { getApi, openCitationInViewer, waitFor, workspaceRoot } from './helpers';
import { useFakeOllama } from './ollama';

const normalise = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

function pdfTabs(path: string): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputCustom && t.input.uri.path.endsWith(path));
}

describe('PDF viewer: citations open at the page with the indexed passage highlighted (real webview)', function () {
  this.timeout(90_000);
  useFakeOllama({ chat: researchScript() });
  const root = () => workspaceRoot();
  const abs = (file: string) => join(root().fsPath, file);

  before(async () => {
    await vscode.commands.executeCommand('local-research.indexWorkspace');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const open = (args: CitationLinkArgs, done: (r: ViewerReport) => boolean) => openCitationInViewer(args, done);

  async function cite(citations: Citation[]): Promise<string> {
    const registry = (await getApi()).citations.registry;
    const turn = registry.newTurn();
    await registry.sources(turn, citations);
    return turn;
  }

  /** The test PDF's chunks as the real extraction and chunking made them (viewerFixtures.ts). */
  async function chunksOf(file: string): Promise<Chunk[]> {
    const all = JSON.parse(await readFile(abs(CHUNKS_FILE), 'utf8')) as Chunk[];
    return all.filter((c) => c.path === file);
  }

  it('a PDF citation from a chat answer opens our viewer (not the text editor) at its page with the cited chunk highlighted', async () => {
    const api = await getApi();
    const stream = new RecordingStream();
    await api.participant.handler({ prompt: 'What is the default proxy timeout?' }, { history: [] }, stream.asStream(), cancellation().token);
    const link = /\(command:local-research\.openCitation\?([^\s)]+)/.exec(stream.text);
    assert.ok(link, `no citation link in: ${stream.text}`);
    const [args] = JSON.parse(decodeURIComponent(link[1]!)) as [CitationLinkArgs];
    assert.equal(args.file, 'manuals/proxy-manual.pdf');
    const report = await open(args, (r) => r.target?.highlight === 'located');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputCustom, `the active tab is not a custom editor: ${tab?.label}`);
    assert.equal(tab.input.viewType, 'local-research.pdfViewer');
    assert.equal(report.page, args.page);
    assert.deepEqual(report.target?.highlightedPages, [args.page]);
    const cited = api.citations.registry.get(args.turn)?.citations.find((c) => c.index === args.n);
    assert.ok(cited?.text, 'the registry lost the cited chunk');
    assert.equal(normalise(report.target!.highlightedText), normalise(cited.text), 'the highlight is not the cited chunk');
    assert.match(report.target!.highlightedText, /The proxy timeout defaults to 30 seconds/);
    // The answer's claim picks the sentence to emphasise inside the highlight.
    assert.match(report.target!.emphasisedText, /30 seconds/);
  });

  it('while a cited PDF opens, the panel names the pages and quotes the passage, and the toolbar shows the citation; the note goes once the page is painted', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const file = `${DIR}/cross-page.pdf`;
    const chunk = (await chunksOf(file)).find((c) => c.pageStart === 1 && c.pageEnd === 2);
    assert.ok(chunk, 'no chunk crosses the page break');
    const turn = await cite([
      { index: 1, file, page: 1, pageEnd: 2, text: chunk.text },
      { index: 2, file, page: 2, text: 'Appendix' },
    ]);
    const report = await open({ turn, n: 1, file, page: 1 }, (r) => r.painted);
    assert.ok(report.opening, 'the page showed no opening note');
    assert.match(report.opening.text, /^Opening pages 1-2 of cross-page\.pdf…/);
    // The quote is the start of the cited chunk, as the index holds it.
    const quoted = report.opening.text.split('\n').slice(1).join(' ').replace(/…$/, '');
    assert.ok(quoted.length > 40 && normalise(chunk.text).startsWith(normalise(quoted)), `not the chunk's start: ${quoted}`);
    assert.equal(report.opening.page, '1');
    assert.equal(report.opening.citation, '[1] cross-page.pdf, pp. 1-2 (1 of 2)');
    assert.equal(report.opening.shown, false, 'the note still shows over the painted page');
  });

  it("an answer's cited page is read ahead, and while pdf.js opens the PDF the viewer shows that page's text with the passage marked, until the page is painted", async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const text = filler(17, 40).slice(10, 14).join('\n');
    const citation: Citation = { index: 1, file: LONG_FILE, page: 17, text };
    const turn = await cite([citation]);
    await api.citations.registry.finish(turn, [citation], 'Its storage layout is described [1].');
    const uri = vscode.Uri.joinPath(root(), ...LONG_FILE.split('/'));
    const version = fileVersion(await vscode.workspace.fs.stat(uri));
    const ahead = await waitFor(() => {
      const found = api.citations.previews.lookup(uri, { page: 17, text }, version);
      return found.now || found.later ? found : undefined;
    }, 'the finished answer to have its PDF page read ahead');
    assert.match((await ahead.later) ?? ahead.now ?? '', /<mark>Page 17 filler line 11/);
    const report = await open({ turn, n: 1, file: LONG_FILE, page: 17 }, (r) => r.painted && r.target?.highlight === 'located');
    assert.equal(report.preview?.page, 17, 'no preview was shown');
    assert.equal(normalise(report.preview.marked), normalise(text));
    assert.ok(report.timings.preview! <= report.timings.painted!, `the preview came after the page: ${JSON.stringify(report.timings)}`);
    assert.equal(report.preview.shown, false, 'the preview still shows over the painted page');
    // Beside the preview the note names the page only: the passage is on the page.
    assert.match(report.opening!.text, /^Opening page 17 of long\.pdf…$/);
  });

  it('a passage that crosses a page break is highlighted on both pages', async () => {
    const file = `${DIR}/cross-page.pdf`;
    const chunk = (await chunksOf(file)).find((c) => c.pageStart === 1 && c.pageEnd === 2 && c.text.includes('trailing .LOCK'));
    assert.ok(chunk, 'no chunk crosses the page break');
    const turn = await cite([{ index: 1, file, page: 1, pageEnd: 2, text: chunk.text }]);
    const report = await open({ turn, n: 1, file, page: 1, pageEnd: 2 }, (r) => r.target?.highlight === 'located' && r.target.page === 1);
    assert.deepEqual(report.target?.highlightedPages, [1, 2]);
    assert.equal(normalise(report.target!.highlightedText), normalise(chunk.text));
    assert.match(report.target!.highlightedText, /stale lock left by a crashed installation must be deleted/);
  });

  it('a passage that cannot be located opens at its page with no highlight, and says so', async () => {
    const file = `${DIR}/cross-page.pdf`;
    const turn = await cite([{ index: 1, file, page: 3, text: 'This sentence was never printed in the document, so nothing may be highlighted for it.' }]);
    const report = await open({ turn, n: 1, file, page: 3 }, (r) => r.target?.page === 3 && r.target.highlight !== 'none');
    assert.equal(report.target?.highlight, 'not-located');
    assert.equal(report.target?.highlightedText, '');
    assert.equal(report.page, 3);
  });

  it('a second citation into an open PDF moves its tab instead of opening another', async () => {
    const file = `${DIR}/cross-page.pdf`;
    const turn = await cite([
      { index: 1, file, page: 1, text: filler(1, 40).slice(0, 3).join('\n') },
      { index: 2, file, page: 3, text: filler(3, 10).slice(2, 6).join('\n') },
    ]);
    await open({ turn, n: 1, file, page: 1 }, (r) => r.target?.page === 1 && r.target.highlight === 'located');
    const report = await open({ turn, n: 2, file, page: 3 }, (r) => r.target?.page === 3 && r.target.highlight === 'located');
    assert.equal(report.page, 3);
    assert.match(report.target!.highlightedText, /Page 3 filler line 3/);
    assert.equal(pdfTabs('cross-page.pdf').length, 1, 'a second tab opened for the same PDF');
  });

  it('a PDF changed since it was indexed opens at the page and says the highlight may be stale', async () => {
    const file = 'manuals/proxy-manual.pdf';
    const turn = await cite([{ index: 1, file, page: 2, text: 'The proxy timeout defaults to 30 seconds.', docHash: '0'.repeat(64) }]);
    const report = await open({ turn, n: 1, file, page: 2 }, (r) => r.target?.stale === true);
    assert.equal(report.page, 2);
  });

  it('a PDF edited after a citation opened it says the highlight may be stale on the next jump', async () => {
    const file = `${DIR}/edited.pdf`;
    await copyFile(abs(`${DIR}/cross-page.pdf`), abs(file));
    const docHash = await hashFile(abs(file));
    const turn = await cite([{ index: 1, file, page: 3, text: filler(3, 10).slice(2, 6).join('\n'), docHash }]);
    const unchanged = await open({ turn, n: 1, file, page: 3 }, (r) => r.target?.page === 3 && r.target.highlight === 'located');
    assert.equal(unchanged.target?.stale, false);
    // Bytes after the end of the PDF: it still opens, but it is no longer the file that was indexed.
    await appendFile(abs(file), '\n% edited after indexing\n');
    const edited = await open({ turn, n: 1, file, page: 3 }, (r) => r.target?.page === 3 && r.target.stale === true);
    assert.equal(edited.page, 3);
  });

  it('a damaged, a password-protected and a missing PDF each open to a message, never a blank panel', async () => {
    const damaged = await open({ turn: 'none', n: 1, file: `${DIR}/damaged.pdf`, page: 1 }, (r) => r.error !== undefined);
    assert.equal(damaged.error?.kind, 'damaged');
    assert.match(damaged.error!.message, /could not be read/);
    const locked = await open({ turn: 'none', n: 1, file: `${DIR}/locked.pdf`, page: 1 }, (r) => r.error !== undefined);
    assert.equal(locked.error?.kind, 'encrypted');
    const missing = await open({ turn: 'none', n: 1, file: `${DIR}/gone.pdf`, page: 4 }, (r) => r.error !== undefined);
    assert.equal(missing.error?.kind, 'missing');
    assert.match(missing.error!.message, /no longer in this workspace/);
  });

  it('opening a PDF from the explorer uses the viewer too', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.joinPath(root(), 'manuals', 'proxy-manual.pdf'));
    const tab = await waitFor(() => pdfTabs('proxy-manual.pdf')[0], 'a viewer tab for proxy-manual.pdf');
    assert.equal((tab.input as vscode.TabInputCustom).viewType, 'local-research.pdfViewer');
  });

  it("a plain page link (the chat's reference list) opens that page with the latest answer's highlight there", async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const file = `${DIR}/cross-page.pdf`;
    await cite([{ index: 1, file, page: 3, text: filler(3, 10).slice(4, 7).join('\n') }]);
    const uri = vscode.Uri.joinPath(root(), ...file.split('/'));
    await vscode.commands.executeCommand('vscode.open', uri.with({ fragment: 'page=3' }));
    const report = await waitFor(
      () => {
        const r = api.citations.viewer.reportOf(uri);
        return r?.target?.highlight === 'located' ? r : undefined;
      },
      'the page link to be highlighted',
      45_000,
    );
    assert.equal(report.page, 3);
    assert.match(report.target!.highlightedText, /Page 3 filler line 5/);
  });

  it('a PDF reopened from the explorer comes back at the page it was left on', async () => {
    const api = await getApi();
    const file = `${DIR}/cross-page.pdf`;
    const uri = vscode.Uri.joinPath(root(), ...file.split('/'));
    const turn = await cite([{ index: 1, file, page: 2, text: 'installation must be deleted by hand before installing again into that library.' }]);
    await open({ turn, n: 1, file, page: 2 }, (r) => r.page === 2 && r.target?.highlight === 'located');
    await new Promise((r) => setTimeout(r, 800)); // the viewer saves its place shortly after a move
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('vscode.open', uri);
    const report = await waitFor(
      () => {
        const r = api.citations.viewer.reportOf(uri);
        return r && r.pages > 0 ? r : undefined;
      },
      'the reopened viewer',
      45_000,
    );
    assert.equal(report.page, 2);
    assert.equal(report.target, undefined);
  });

  it('a Markdown citation opens the note with the cited lines highlighted', async () => {
    const api = await getApi();
    const file = 'notes/database-guide.md';
    const turn = await cite([{ index: 1, file, lines: [5, 6], text: 'The database connection timeout defaults to 15 seconds.' }]);
    await vscode.commands.executeCommand('local-research.openCitation', { turn, n: 1, file, lines: [5, 6] });
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor && editor.document.uri.path.endsWith(file), `active editor: ${editor?.document.uri.path}`);
    const marked = api.citations.text.current();
    assert.ok(marked, 'no cited range is highlighted');
    assert.equal(marked.range.start.line, 4);
    assert.equal(marked.range.end.line, 5);
    assert.match(editor.document.lineAt(4).text, /15 seconds/);
  });

  it('a DOCX citation opens a readable preview at the cited paragraph, not the zip bytes', async () => {
    const api = await getApi();
    const file = DOCX_FILE;
    const turn = await cite([{ index: 1, file, lines: [5, 5], text: 'The review meeting is on Thursdays at 10:00.' }]);
    await vscode.commands.executeCommand('local-research.openCitation', { turn, n: 1, file, lines: [5, 5] });
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.scheme, 'local-research-docx', `active editor: ${editor?.document.uri.toString()}`);
    const text = editor.document.getText();
    assert.doesNotMatch(text, /PK\u0003\u0004|word\/document\.xml/, 'the zip is not shown');
    assert.match(text, /^# Budget$/m);
    const marked = api.citations.text.current();
    assert.ok(marked, 'no cited range is highlighted');
    assert.equal(marked.range.start.line, marked.range.end.line);
    assert.equal(editor.document.lineAt(marked.range.start.line).text, 'The review meeting is on Thursdays at 10:00.');
  });
});
