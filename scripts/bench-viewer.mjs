// Benchmark of the PDF viewer in a real VS Code (code-server) in headless Chromium: time from
// opening a citation to the first painted page and to the drawn highlight, for a generated
// 10-page PDF and (when given) a large real one, with a timeline of each open, and the memory of
// the viewer's own renderer process (webviews served from another site than the workbench, so
// Chromium gives them a process of their own) after opening it and after jumping through it.
// Prints numbers; asserts nothing.
//   npm run bench:viewer -- [large.pdf] [--opens N] [--first-paint-only]
//     large.pdf: e.g. the evaluation corpus's large/R-refman.pdf (2,415 pages); --opens: cold opens
//     measured per PDF (default 3); --first-paint-only: no jumps and no memory readings (~1 minute).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { bundle, repoRoot, runInExtensionHost } from './vscode-host/host.mjs';

const args = process.argv.slice(2);
const optionValue = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const opens = Number(optionValue('--opens') ?? 3);
const firstPaintOnly = args.includes('--first-paint-only') && args.splice(args.indexOf('--first-paint-only'), 1).length > 0;
if (!(opens >= 1)) throw new Error('--opens takes a number of opens (1 or more)');
const large = args[0];
const outDir = join(repoRoot, 'dist/test');
await bundle([join(repoRoot, 'scripts/bench-viewer/suite.ts'), join(repoRoot, 'test/support/pdfs.ts')], outDir);
const workspace = mkdtempSync(join(tmpdir(), 'lra-bench-viewer-'));
const casesFile = join(workspace, '..', `lra-bench-viewer-${process.pid}.cases.json`);
const out = join(workspace, '..', `lra-bench-viewer-${process.pid}.json`);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** A passage of a page as pdftotext reads it: the page's longest paragraph, up to ~700 characters. */
function passageOf(pdf, page) {
  const text = execFileSync('pdftotext', ['-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8' });
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 80);
  return (paragraphs.sort((a, b) => b.length - a.length)[0] ?? text).slice(0, 700);
}

const hostLog = [];
try {
  mkdirSync(join(workspace, 'docs'));
  const { makePdf } = createRequire(import.meta.url)(join(outDir, 'support/pdfs.js'));
  const lines = (p) => Array.from({ length: 40 }, (_, i) => `Page ${p} line ${i + 1}: the proxy keeps its cache under /var/cache and rotates logs weekly.`);
  writeFileSync(join(workspace, 'docs/ten-pages.pdf'), await makePdf(Array.from({ length: 10 }, (_, i) => ({ lines: lines(i + 1) }))));
  const cases = [
    { label: '10-page generated PDF', file: 'docs/ten-pages.pdf', page: 7, text: lines(7).slice(10, 18).join('\n'), visits: [1, 3, 5, 8, 10, 2, 9, 4, 6, 7] },
  ];
  if (large) {
    copyFileSync(large, join(workspace, 'docs', basename(large)));
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [large], { encoding: 'utf8' }))[1]);
    const page = Math.round(pages / 2);
    const visits = Array.from({ length: 40 }, (_, i) => 1 + Math.round((i * 7919) % pages));
    cases.push({ label: `${basename(large)} (${pages} pages)`, file: `docs/${basename(large)}`, page, text: passageOf(large, page), visits });
  }
  writeFileSync(casesFile, JSON.stringify(cases));
  console.log(`bench:viewer: ${cases.length} PDF(s), ${cases.map((c) => c.label).join(' and ')}; starting VS Code (code-server) in headless Chromium…`);
  const code = await runInExtensionHost({
    suiteIndex: join(outDir, '_.._/scripts/bench-viewer/suite.js'),
    folder: workspace,
    env: { LRA_BENCH_OUT: out, LRA_BENCH_CASES: casesFile, LRA_BENCH_OPENS: String(opens), LRA_BENCH_FIRST_PAINT_ONLY: firstPaintOnly ? '1' : '' },
    userSettings: { 'research.index.autoIndex': false, 'research.index.watch': false },
    timeoutMs: 900_000,
    // The viewer in a renderer process of its own, so its memory is its own, not the workbench's.
    isolateWebviews: true,
    onLog: (line) => {
      if (line.startsWith('BENCH ')) console.log(line);
      hostLog.push(line);
    },
  });
  if (code !== 0) {
    console.error(hostLog.slice(-40).join('\n'));
    throw new Error(`benchmark suite exited with ${code} (the extension host's last lines above)`);
  }
  console.log(
    `load average after the run: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (2 cores: compare only runs at similar load)`,
  );
  for (const r of JSON.parse(readFileSync(out, 'utf8'))) {
    console.log(`\n${r.label}`);
    console.log(
      `  first open (its bytes not yet in the webview's cache; the first PDF's also starts the session's webviews): first painted page ${r.firstOpen.paintMs} ms, highlight ${r.firstOpen.highlightMs} ms`,
    );
    console.log(
      `  click -> first painted page: ${r.firstPaintMs.join(', ')} ms (cold opens: a new webview each, the bytes cached; median ${median(r.firstPaintMs)})`,
    );
    console.log(`  click -> highlight drawn:    ${r.highlightMs.join(', ')} ms (median ${median(r.highlightMs)})`);
    if (r.previewReadMs !== undefined)
      console.log(
        `  the page's preview, read when the answer completed: ready ${r.previewReadMs} ms after it (shown at 'preview shown' below); the next page's then ${r.previewNextPageMs ?? '-'} ms; the extension host's RSS grew ${r.previewRssMB} MB`,
      );
    console.log('  timeline, ms from the click (medians of the cold opens; the first open):');
    for (const [phase, ms] of Object.entries(r.timeline))
      console.log(`    ${phase.padEnd(22)} ${String(ms ?? '-').padStart(7)} ${String(r.firstOpen.timeline?.[phase] ?? '-').padStart(7)}`);
    if (r.jumpMs?.length) {
      console.log(`  jump -> page drawn: median ${median(r.jumpMs)} ms, max ${Math.max(...r.jumpMs)} ms (${r.jumpMs.length} jumps)`);
      console.log(`  back to the pages just left, most recent first: ${r.backMs.join(', ')} ms`);
    }
    if (r.memory.length === 0) continue;
    console.log("  memory of the viewer's renderer process (RSS / PSS / USS MB), and of the other renderers (the workbench):");
    for (const m of r.memory) {
      const own = m.webview.processes ? `${m.webview.rssMB} / ${m.webview.pssMB} / ${m.webview.ussMB}` : "none of its own (it shares the workbench's renderer)";
      console.log(`    after ${m.after.padEnd(12)} viewer ${own}; others ${m.others.rssMB} / ${m.others.pssMB} / ${m.others.ussMB}`);
    }
  }
} finally {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(out, { force: true });
  rmSync(casesFile, { force: true });
}
