/**
 * Runs inside the real extension host (see scripts/bench-viewer.mjs): opens PDF citations the way
 * a click in the chat does (the openCitation command) and times, from the command to the
 * viewer's reports, the first painted page and the drawn highlight, with a timeline of each open;
 * then the memory of the viewer's own renderer process after opening the PDF and after jumping
 * through it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { hashFile } from '../../src/core/index';
import { memoryOf, rendererPids, type Memory } from './renderers';
import type { ResearchApi } from '../../src/vscode/api';
import { fileVersion } from '../../src/vscode/viewer/pagePreviews';
import type { ViewerReport } from '../../src/core/citations/viewerProtocol';

interface Case {
  label: string;
  file: string;
  page: number;
  text: string;
  visits: number[];
}

/** Cold opens measured per PDF, and whether to stop there (no jumps, no memory): bench-viewer.mjs's options. */
const RUNS = Number(process.env.LRA_BENCH_OPENS || 3);
const FIRST_PAINT_ONLY = process.env.LRA_BENCH_FIRST_PAINT_ONLY === '1';
const firstOpens: { label: string; paintMs: number; highlightMs: number; timeline: Record<string, number | undefined> }[] = [];

/** Milliseconds from the click to each step of an open, in order. */
type Timeline = Record<(typeof PHASES)[number], number | undefined>;
const PHASES = [
  'editor created',
  'page handed over',
  'webview page started',
  'preview shown',
  'script running',
  'worker created',
  'bytes received',
  'document opened',
  'first page painted',
  'highlight drawn',
] as const;

function timelineOf(api: ResearchApi, uri: vscode.Uri, clicked: number, highlightMs: number): Timeline {
  // Optional: the same benchmark also measures builds from before the viewer reported these.
  const opening = (api.citations.viewer as Partial<typeof api.citations.viewer>).openingOf?.(uri);
  const t = api.citations.viewer.reportOf(uri)!.timings;
  const inPage = (ms: number | undefined) => (ms === undefined || t.origin === undefined ? undefined : t.origin + ms - clicked);
  const since = (epoch: number | undefined) => (epoch === undefined ? undefined : epoch - clicked);
  const steps = [
    since(opening?.resolved),
    since(opening?.page),
    inPage(0),
    inPage(t.preview),
    inPage(t.script),
    inPage(t.worker),
    inPage(t.bytes),
    inPage(t.opened),
    inPage(t.painted),
    highlightMs,
  ];
  return Object.fromEntries(PHASES.map((p, i) => [p, steps[i]])) as Timeline;
}

function medianTimeline(timelines: Timeline[]): Record<string, number | undefined> {
  return Object.fromEntries(
    PHASES.map((p) => {
      const values = timelines.map((t) => t[p]).filter((v): v is number => v !== undefined);
      return [p, values.length ? round(median(values)) : undefined];
    }),
  );
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
    // With the document's hash, as an indexed citation has: opening it checks whether the file changed.
    const docHash = await hashFile(uri.fsPath);
    const citation = { index: 1, file: c.file, page: c.page, text: c.text, docHash };
    await api.citations.registry.sources(turn, [citation]);
    // The answer is complete: its PDF pages' previews are read while the reader reads it. Waited
    // for here (a reader takes longer than this to read an answer), and timed.
    const rssBefore = process.memoryUsage().rss;
    const answered = performance.now();
    await api.citations.registry.finish(turn, [citation], 'As cited [1].');
    const previews = (api.citations as Partial<typeof api.citations>).previews;
    const version = fileVersion(await vscode.workspace.fs.stat(uri));
    let ahead = previews?.lookup(uri, { page: c.page, text: c.text }, version);
    // The read starts once the file is stated: a few ms after the answer.
    for (let i = 0; previews && !ahead?.now && !ahead?.later && i < 100; i++) {
      await sleep(10);
      ahead = previews.lookup(uri, { page: c.page, text: c.text }, version);
    }
    await ahead?.later;
    const previewReadMs = (ahead?.now ?? ahead?.later) ? round(performance.now() - answered) : undefined;
    // Another page of the same document: it stays open in the preview thread.
    const nextStarted = performance.now();
    const next = await previews?.prepare(uri, { page: c.page + 1 });
    const previewNextPageMs = next !== undefined ? round(performance.now() - nextStarted) : undefined;
    // The extension host's memory with the preview thread holding this document open (the thread is in its process).
    const previewRssMB = round((process.memoryUsage().rss - rssBefore) / 2 ** 20);
    const paint: number[] = [];
    const highlight: number[] = [];
    const timelines: Timeline[] = [];
    // One more open than measured, reported apart. The session's first webview also starts the
    // webview service worker; a PDF's first open reads its bytes from the extension host, and VS
    // Code's service worker keeps them in the browser's cache storage (revalidated by their etag),
    // where the opens after it find them. A range request skips that cache: every open then took
    // as long as a first one (docs/benchmarks.md, "A PDF's first open").
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
        firstOpens.push({
          label: c.label,
          paintMs: round(paintMs),
          highlightMs: round(highlightMs),
          timeline: medianTimeline([timelineOf(api, uri, clicked, highlightMs)]),
        });
        continue;
      }
      paint.push(paintMs);
      highlight.push(highlightMs);
      timelines.push(timelineOf(api, uri, clicked, highlightMs));
    }
    const opened = {
      label: c.label,
      pages: api.citations.viewer.reportOf(uri)?.pages,
      firstPaintMs: paint.map(round),
      highlightMs: highlight.map(round),
      timeline: medianTimeline(timelines),
      firstOpen: firstOpens.find((f) => f.label === c.label),
      previewReadMs,
      previewNextPageMs,
      previewRssMB,
    };
    if (FIRST_PAINT_ONLY) {
      results.push({ ...opened, jumpMs: [], backMs: [], memory: [] });
      console.log(`BENCH ${JSON.stringify(results[results.length - 1])}`);
      continue;
    }
    await sleep(4000); // past the viewer's idle clean-up
    const memory = [{ after: 'opening it', ...(await measure()) }];
    // Jump through the document: each stop renders pages, the viewer keeps a bounded few of them.
    const jumpMs: number[] = [];
    for (const [i, page] of c.visits.entries()) {
      if (i === Math.floor(c.visits.length / 2)) {
        await sleep(4000);
        memory.push({ after: `${i} jumps`, ...(await measure()) });
      }
      const ms = await jump(api, uri, turn, c.file, page);
      if (ms !== undefined) jumpMs.push(ms);
      await sleep(150);
    }
    await sleep(4000);
    memory.push({ after: `${c.visits.length} jumps`, ...(await measure()) });
    // Back to the pages just left, most recent first: the first is still drawn.
    const backMs: number[] = [];
    for (const page of c.visits.slice(-4, -1).reverse()) {
      const ms = await jump(api, uri, turn, c.file, page);
      if (ms !== undefined) backMs.push(ms);
      await sleep(150);
    }
    // Freed memory leaves the process only when the JS engines collect it, which they do when idle.
    await sleep(30_000);
    memory.push({ after: '30 s idle', ...(await measure()) });
    results.push({
      ...opened,
      jumpMs: jumpMs.map(round),
      backMs: backMs.map(round),
      memory,
    });
    console.log(`BENCH ${JSON.stringify(results[results.length - 1])}`);
  }
  if (process.env.LRA_BENCH_OUT) writeFileSync(process.env.LRA_BENCH_OUT, JSON.stringify(results, null, 2));
}

/**
 * Opens a citation at `page` of the open viewer; ms from the command to the report that the page
 * is drawn, or undefined from a build whose reports do not say which pages are drawn.
 */
async function jump(api: ResearchApi, uri: vscode.Uri, turn: string, file: string, page: number): Promise<number | undefined> {
  await api.citations.registry.sources(turn, [{ index: 1, file, page }]);
  const reportsDrawn = api.citations.viewer.reportOf(uri)?.drawn !== undefined;
  const started = performance.now();
  const shown = waitForReport(api, uri, (r) => r.page === page && r.target?.page === page && (!reportsDrawn || r.drawn?.pages.includes(page) === true));
  await vscode.commands.executeCommand('local-research.openCitation', { turn, n: 1, file, page });
  await shown;
  return reportsDrawn ? performance.now() - started : undefined;
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

const profile = process.env.LRA_BROWSER_PROFILE ?? '';

/**
 * The viewer's renderer process and the browser's other renderers (the workbench). With the
 * webviews on a site of their own (bench-viewer.mjs) the viewer has a process of its own, which the
 * harness names; without, `webview.processes` is 0.
 */
async function measure(): Promise<{ webview: Memory & { processes: number }; others: Memory }> {
  const url = process.env.LRA_WEBVIEW_PIDS_URL;
  const webview = url ? ((await (await fetch(url)).json()) as number[]) : [];
  const own = new Set(webview);
  return { webview: { ...memoryOf(webview), processes: webview.length }, others: memoryOf([...rendererPids(profile)].filter((pid) => !own.has(pid))) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number) => Math.round(x * 10) / 10;
