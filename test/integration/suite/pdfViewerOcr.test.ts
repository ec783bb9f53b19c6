import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { ViewerReport } from '../../../src/core/citations/viewerProtocol';
import { ocrCacheDirOf } from '../../../src/core/index/pipeline/ocr/cache';
import { openIndexStore } from '../../../src/core/index/store';
import { sqlEquals } from '../../../src/core/index/sql';
import type { IndexJobResult } from '../../../src/vscode/indexing/indexReport';
import type { CitationLinkArgs } from '../../../src/vscode/pure/citationLinks';
import { SCANNED_FILE, SCANNED_PAGE_TEXT } from '../viewerFixtures';
import { getApi, openCitationInViewer, workspaceRoot } from './helpers';
import { useFakeOllama } from './ollama';

const normalise = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
/** Indexed only while this suite runs, so the other suites' document counts stay put. */
const FILE = 'scans/scanned-notice.pdf';

describe("PDF viewer: a citation of an OCR'd page (no text layer) is highlighted from the words' boxes (real webview)", function () {
  this.timeout(180_000);
  useFakeOllama();
  const abs = (file: string) => join(workspaceRoot().fsPath, file);

  before(async () => {
    await mkdir(dirname(abs(FILE)), { recursive: true });
    await copyFile(abs(SCANNED_FILE), abs(FILE));
    const job = (await vscode.commands.executeCommand('local-research.indexWorkspace')) as IndexJobResult;
    assert.equal(job.error, undefined, `indexing failed: ${String(job.error)}`);
    assert.deepEqual(
      job.summary?.ocr?.documents.map((d) => [d.path, d.read]),
      [[FILE, [2]]],
      'page 2 is read by OCR',
    );
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await rm(dirname(abs(FILE)), { recursive: true, force: true });
    await vscode.commands.executeCommand('local-research.indexWorkspace');
  });

  /** The chunk that ends on page 2 as the index holds it: page 1's text layer, then page 2's OCR'd text. */
  async function indexedChunkOfPage2(): Promise<{ text: string; page: number }> {
    const store = await openIndexStore((await getApi()).index.dbDir!);
    try {
      const rows = (await store.table.query().where(sqlEquals('path', FILE)).select(['text', 'page_start', 'page_end']).toArray()) as Array<{
        text: string;
        page_start: number;
        page_end: number;
      }>;
      const chunk = rows.find((r) => r.page_end === 2);
      assert.ok(chunk, `no chunk of page 2: ${JSON.stringify(rows)}`);
      return { text: chunk.text, page: chunk.page_start };
    } finally {
      store.close();
    }
  }

  const open = (args: CitationLinkArgs, done: (r: ViewerReport) => boolean) => openCitationInViewer(args, done, 60_000);

  async function cite(page: number, text: string, pageEnd?: number): Promise<string> {
    const registry = (await getApi()).citations.registry;
    const turn = registry.newTurn();
    await registry.sources(turn, [{ index: 1, file: FILE, page, ...(pageEnd ? { pageEnd } : {}), text }]);
    return turn;
  }

  it("opens at the cited page with the passage highlighted on the text page and, from OCR'd words' boxes, on the scanned page", async () => {
    const { text, page } = await indexedChunkOfPage2();
    assert.match(text, /seventeen thousand/, "the chunk holds the OCR'd page");
    const turn = await cite(page, text, 2);
    const report = await open({ turn, n: 1, file: FILE, page, pageEnd: 2 }, (r) => r.target?.highlight === 'located' && r.target.boxes > 0);
    assert.equal(report.target?.page, page);
    assert.ok(report.page >= page && report.page <= 2, `shows page ${report.page}`);
    assert.deepEqual(report.target?.highlightedPages, [...new Set([page, 2])]);
    assert.deepEqual(report.target?.ocrPages, [2], 'page 2 located in the OCR words, page 1 in its text layer');
    assert.equal(normalise(report.target!.highlightedText), normalise(text));
    assert.ok(normalise(report.target!.highlightedText).endsWith(normalise(SCANNED_PAGE_TEXT)), "the scanned page's words are highlighted");
  });

  it("a passage only on the OCR'd page opens at that page with one box per line of the scan", async () => {
    const turn = await cite(2, SCANNED_PAGE_TEXT.split('\n').slice(1).join('\n'));
    const report = await open({ turn, n: 1, file: FILE, page: 2 }, (r) => r.target?.page === 2 && r.target.highlight === 'located' && r.target.boxes > 0);
    assert.equal(report.page, 2);
    assert.deepEqual(report.target?.ocrPages, [2]);
    assert.match(report.target!.highlightedText, /flux capacitor needs recalibration every seventeen thousand kilometres of driving/);
    // The two cited lines of the scan, each drawn as one box (words of a line merged).
    assert.equal(report.target!.boxes, 2);
  });

  it("an OCR'd page whose passage cannot be located opens at the page without a highlight", async () => {
    const turn = await cite(2, 'A sentence the scan never showed, about warranty terms for the gearbox and its nine years.');
    const report = await open(
      { turn, n: 1, file: FILE, page: 2 },
      (r) => r.target?.page === 2 && r.target.highlight !== 'none' && r.target.highlightedText === '',
    );
    assert.equal(report.target?.highlight, 'not-located');
    assert.equal(report.target?.boxes, 0);
    assert.equal(report.page, 2);
  });

  it('Clear Index deletes the OCR cache beside the index too', async () => {
    const cache = ocrCacheDirOf((await getApi()).index.dbDir!);
    assert.ok(existsSync(cache), 'OCR was cached beside the index');
    await vscode.commands.executeCommand('local-research.clearIndex', { confirm: false });
    assert.equal(existsSync(cache), false, 'the OCR cache is left behind');
  });
});
