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
const firstOfSession: { label: string; paintMs: number; highlightMs: number }[] = [];

/** Milliseconds from the click to each step of an open, in order. */
type Timeline = Record<(typeof PHASES)[number], number | undefined>;
const PHASES = ['editor created', 'page handed over', 'webview page started', 'script running', 'worker created', 'bytes received', 'document opened', 'first page painted', 'highlight drawn'] as const;

function timelineOf(api: ResearchApi, uri: vscode.Uri, clicked: number, highlightMs: number): Timeline {
  const opening = api.citations.viewer.openingOf(uri);
  const t = api.citations.viewer.reportOf(uri)!.timings;
  const inPage = (ms: number | undefined) => (ms === undefined || t.origin === undefined ? undefined : t.origin + ms - clicked);
  const since = (epoch: number | undefined) => (epoch === undefined ? undefined : epoch - clicked);
  const steps = [since(opening?.resolved), since(opening?.page), inPage(0), inPage(t.script), inPage(t.worker), inPage(t.bytes), inPage(t.opened), inPage(t.painted), highlightMs];
  return Object.fromEntries(PHASES.map((p, i) => [p, steps[i]])) as Timeline;
}

function medianTimeline(timelines: Timeline[]): Record<string, number | undefined> {
  return Object.fromEntries(PHASES.map((p) => {
    const values = timelines.map((t) => t[p]).filter((v): v is number => v !== undefined);
    return [p, values.length ? round(median(values)) : undefined];
  }));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

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
    const highlight: number[] = [];
    const timelines: Timeline[] = [];
    // One more open than measured: the first webview of a session also starts its service worker.
    for (let i = 0; i <= RUNS; i++) {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await sleep(500);
      const clicked = Date.now();
      const started = performance.now();
      const painted = waitForReport(api, uri, (r) => r.painted);
      const located = waitForReport(api, uri, (r) => r.target?.highlight === 'located' && r.target.page === c.page);
      await vscode.commands.executeCommand('local-research.openCitation', { turn, n: 1, file: c.file, page: c.page });
      await painted;
      const paintMs = performance.now() - started;
      await located;
      const highlightMs = performance.now() - started;
      if (i === 0) {
        firstOfSession.push({ label: c.label, paintMs: round(paintMs), highlightMs: round(highlightMs) });
        continue;
      }
      paint.push(paintMs);
      highlight.push(highlightMs);
      timelines.push(timelineOf(api, uri, clicked, highlightMs));
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
    results.push({ label: c.label, pages: api.citations.viewer.reportOf(uri)?.pages, firstPaintMs: paint.map(round), highlightMs: highlight.map(round), timeline: medianTimeline(timelines), firstOfSession: firstOfSession.find((f) => f.label === c.label), visited: c.visits.length, renderersBeforeMB: before, renderersMidMB: mid, renderersAfterMB: after });
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
