// The e2e tier's session on in-text citations: a library of two generated papers, one citing the
// other ("computed as in Zeileis (2004)", with its reference list), and a work the library lacks
// (Andrews 1991). The citing paper opens in our viewer; hovering its citation shows the reference
// entry (read from the webview's DOM), a click on a work the library lacks offers to copy it, and
// a click on the cited library paper opens that paper in the viewer. No model is needed.
//
// Alone (after `node esbuild.mjs`): `node test/e2e/citationLinksSession.mjs`.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle, repoRoot, workbenchUrl } from '../../scripts/vscode-host/host.mjs';
import { withNoModelWorkbench } from './noModelWorkbench.mjs';
import { createSteps } from '../../scripts/vscode-host/steps.mjs';

/** The frame of the viewer showing `fileName` (the viewer titles its page with the file's name). */
async function viewerOf(page, fileName, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      const title = await frame.evaluate(() => (document.getElementById('viewerContainer') ? document.title : null)).catch(() => null);
      if (title === fileName) return frame;
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`no viewer of ${fileName} appeared`);
}

export async function runCitationLinksSession({ e2eServer, step, setOnFailure, shots, verbose }) {
  const workspace = mkdtempSync(join(tmpdir(), 'lra-e2e-citing-'));
  const { oop, sandwich } = await e2eServer.writeCitingLibrary(workspace);
  const citing = oop.split('/').pop();
  const cited = sandwich.split('/').pop();
  return withNoModelWorkbench({ workspace, shots, setOnFailure, verbose }, async ({ server, page, shot }) => {
    console.log('e2e: citation links in the PDF viewer');

    const ready = await step('a library PDF opens in the viewer with its in-text citations as links over their text', async () => {
      await page.goto(workbenchUrl(server, { folder: workspace }), { timeout: 120_000 });
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      // The reference lists are read by the index run.
      await page
        .getByText(/Research: 2 docs, \d+ chunks/)
        .first()
        .waitFor({ timeout: 180_000 });
      await page.keyboard.press('Control+P');
      await page.locator('.quick-input-widget input').waitFor({ timeout: 10_000 });
      await page.keyboard.type(citing, { delay: 5 });
      await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: citing }).first().waitFor({ timeout: 10_000 });
      await page.keyboard.press('Enter');
      await page.locator('.tab.active').filter({ hasText: citing }).first().waitFor({ timeout: 15_000 });
      const viewer = await viewerOf(page, citing);
      await viewer.locator('.page[data-page-number="1"] .lra-citation').first().waitFor({ timeout: 30_000 });
      // The link for "Zeileis (2004)" lies over those characters of the page's text layer.
      const placed = await viewer.evaluate(() => {
        const link = [...document.querySelectorAll('.page[data-page-number="1"] .lra-citation')].find((a) =>
          a.getAttribute('aria-label').startsWith('Zeileis (2004):'),
        );
        if (!link) return null;
        const span = [...document.querySelectorAll('.page[data-page-number="1"] .textLayer span')].find((s) => s.textContent.includes('Zeileis (2004)'));
        if (!span) return { text: 'none' };
        const at = span.textContent.indexOf('Zeileis (2004)');
        const range = document.createRange();
        range.setStart(span.firstChild, at);
        range.setEnd(span.firstChild, at + 'Zeileis (2004)'.length);
        const text = range.getBoundingClientRect();
        const box = link.getBoundingClientRect();
        const overlap =
          Math.max(0, Math.min(text.right, box.right) - Math.max(text.left, box.left)) *
          Math.max(0, Math.min(text.bottom, box.bottom) - Math.max(text.top, box.top));
        return { text: span.textContent, share: overlap / (text.width * text.height), linkShare: overlap / (box.width * box.height) };
      });
      if (!placed) throw new Error('no link for Zeileis (2004) on page 1');
      // Over the citation and not much else.
      if (!(placed.share > 0.8 && placed.linkShare > 0.6))
        throw new Error(
          `the link covers ${Math.round((placed.share ?? 0) * 100)}% of the printed citation, which is ${Math.round((placed.linkShare ?? 0) * 100)}% of the link (${placed.text})`,
        );
    });
    if (!ready) return;

    await step('hovering a citation shows its reference entry: authors, year, title, and that the library has it', async () => {
      const viewer = await viewerOf(page, citing);
      await viewer.locator('.page[data-page-number="1"] .lra-citation[aria-label^="Zeileis (2004):"]').first().hover();
      const tip = viewer.locator('#citationTip:not([hidden])');
      await tip.waitFor({ timeout: 5_000 });
      const text = await tip.innerText();
      await shot('20-citation-hover');
      for (const expected of [
        /A Zeileis \(2004\)/,
        /Econometric Computing with HC and HAC Covariance Matrix Estimators/,
        /Journal of Statistical Software/,
        /In your library/,
      ])
        if (!expected.test(text)) throw new Error(`the hover reads: ${text}`);
    });

    await step('clicking a citation of a work the library lacks offers to copy its reference or search the library for it', async () => {
      const viewer = await viewerOf(page, citing);
      const andrews = viewer.locator('.page[data-page-number="1"] .lra-citation[aria-label^="Andrews (1991):"]').first();
      await andrews.hover();
      const tip = await viewer.locator('#citationTip:not([hidden])').innerText();
      if (!/Not in your library/.test(tip)) throw new Error(`the hover reads: ${tip}`);
      await andrews.click();
      const pick = page.locator('.quick-input-widget').filter({ hasText: 'Andrews (1991) is not in your library' }).first();
      await pick.waitFor({ timeout: 10_000 });
      const rows = await pick.locator('.quick-input-list .monaco-list-row').allInnerTexts();
      if (!rows.some((r) => r.includes('Copy the reference') && r.includes('Andrews DWK (1991)')) || !rows.some((r) => r.includes('Search the library for it')))
        throw new Error(`the choices are: ${JSON.stringify(rows)}`);
      await shot('21-citation-not-in-library');
      await page.keyboard.press('Escape');
    });

    await step('clicking a citation of a library paper opens that paper in the viewer', async () => {
      const viewer = await viewerOf(page, citing);
      await viewer.locator('.page[data-page-number="1"] .lra-citation[aria-label^="Zeileis (2004):"]').first().click();
      await page.locator('.tab.active').filter({ hasText: cited }).first().waitFor({ timeout: 15_000 });
      const opened = await viewerOf(page, cited);
      await opened.locator('.page[data-page-number="1"] canvas').first().waitFor({ timeout: 30_000 });
      await opened
        .locator('.page[data-page-number="1"] .textLayer span')
        .filter({ hasText: 'Econometric Computing with HC and HAC' })
        .first()
        .waitFor({ timeout: 30_000 });
      const seen = await opened.evaluate(() => ({
        page: document.getElementById('pageNumber').value,
        label: document.getElementById('citationLabel').textContent,
      }));
      await page.waitForTimeout(500);
      await shot('22-cited-paper-opened');
      if (seen.page !== '1') throw new Error(`the cited paper opened at page ${seen.page}`);
      if (seen.label !== 'Zeileis (2004)') throw new Error(`the citation bar reads: ${seen.label}`);
    });
  });
}

// Alone: bundles the test server's helpers and runs this session only.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = join(repoRoot, 'dist/test');
  const shots = join(repoRoot, 'test-artifacts/screenshots');
  mkdirSync(shots, { recursive: true });
  await bundle([join(repoRoot, 'test/e2e/server.ts')], outDir);
  const e2eServer = createRequire(import.meta.url)(join(outDir, 'e2e/server.js'));
  const { step, results, setOnFailure } = createSteps();
  await runCitationLinksSession({ e2eServer, step, setOnFailure, shots, verbose: process.env.LRA_VERBOSE === '1' });
  const failed = results.filter((r) => !r.ok).length;
  console.log(`e2e (citation links): ${results.length - failed} passed, ${failed} failed; screenshots in ${shots}`);
  process.exit(failed === 0 ? 0 : 1);
}
