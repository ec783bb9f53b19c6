/**
 * Runs inside the real extension host (see scripts/bench-viewer.mjs): opens PDF citations the way
 * a click in the chat does (the openCitation command) and times, from the command to the
 * viewer's reports, the first painted page and the drawn highlight; then the memory of the
 * browser's renderer processes (the webview's included) after visiting many pages of the PDF.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { ResearchApi } from '../../src/vscode/api';
import type { ViewerReport } from '../../src/core/citations/viewerProtocol';

interface Case {
  label: string;
  file: string;
  page: number;
  text: string;
  visits: number[];
}

const RUNS = 3;

export async function run(): Promise<void> {
  const cases = JSON.parse(readFileSync(process.env.LRA_BENCH_CASES!, 'utf8')) as Case[];
  const api = await vscode.extensions.getExtension<ResearchApi>('local-research.local-research-assistant')!.activate();
  const root = vscode.workspace.workspaceFolders![0]!.uri;
  const results: Record<string, unknown>[] = [];
  for (const c of cases) {
    const uri = vscode.Uri.joinPath(root, ...c.file.split('/'));
    const turn = api.citations.registry.newTurn();
    await api.citations.registry.sources(turn, [{ index: 1, file: c.file, page: c.page, text: c.text }]);
    const paint: number[] = [];
    const inside: ViewerReport['timings'][] = [];
    const highlight: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await sleep(500);
      const started = performance.now();
      const painted = waitForReport(api, uri, (r) => r.painted);
      const located = waitForReport(api, uri, (r) => r.target?.highlight === 'located' && r.target.page === c.page);
      await vscode.commands.executeCommand('local-research.openCitation', { turn, n: 1, file: c.file, page: c.page });
      await painted;
      paint.push(performance.now() - started);
      await located;
      highlight.push(performance.now() - started);
      inside.push(api.citations.viewer.reportOf(uri)!.timings);
    }
    const before = renderers();
    // Jump through the document: each stop renders pages, pdf.js keeps a bounded cache of them.
    let mid: ReturnType<typeof renderers> | undefined;
    for (const [i, page] of c.visits.entries()) {
      if (i === Math.floor(c.visits.length / 2)) {
        await sleep(4000);
        mid = renderers();
      }
      await api.citations.registry.sources(turn, [{ index: 1, file: c.file, page }]);
      const shown = waitForReport(api, uri, (r) => r.page === page && r.target?.page === page);
      await vscode.commands.executeCommand('local-research.openCitation', { turn, n: 1, file: c.file, page });
      await shown;
      await sleep(150);
    }
    await sleep(4000); // past the viewer's idle clean-up
    const after = renderers();
    results.push({ label: c.label, pages: api.citations.viewer.reportOf(uri)?.pages, firstPaintMs: paint.map(round), highlightMs: highlight.map(round), webviewTimings: inside, visited: c.visits.length, renderersBeforeMB: before, renderersMidMB: mid, renderersAfterMB: after });
    console.log(`BENCH ${JSON.stringify(results[results.length - 1])}`);
  }
  if (process.env.LRA_BENCH_OUT) writeFileSync(process.env.LRA_BENCH_OUT, JSON.stringify(results, null, 2));
}

function waitForReport(api: ResearchApi, uri: vscode.Uri, done: (r: ViewerReport) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`no report for ${uri.path} in 60 s`));
    }, 60_000);
    const sub = api.citations.viewer.onDidReport(({ uri: u, report }) => {
      if (u.toString() === uri.toString() && done(report)) {
        clearTimeout(timer);
        sub.dispose();
        resolve();
      }
    });
  });
}

/** Resident memory of the browser's renderer processes (MB): the largest one and all of them. */
function renderers(): { largest: number; total: number; count: number } {
  const out = execFileSync('ps', ['-eo', 'rss=,args='], { encoding: 'utf8' });
  const rss = out.split('\n').filter((l) => /chrom/.test(l) && l.includes('--type=renderer')).map((l) => Number(l.trim().split(/\s+/)[0]) / 1024);
  return { largest: round(Math.max(0, ...rss)), total: round(rss.reduce((a, b) => a + b, 0)), count: rss.length };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number) => Math.round(x * 10) / 10;
