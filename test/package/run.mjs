// Packaging tier: builds the .vsix the way a user does (`npm run package`, which smoke-tests the
// unpacked package: PDF extraction, LanceDB, full-text search), installs it into a fresh VS Code
// (code-server) extensions folder, opens a workspace WITHOUT the development checkout, and checks
// the installed copy: it runs from the extensions folder, indexes, shows its storefront on the
// Extensions page, and answers @research in the real chat panel. Each step counts as a test and
// leaves screenshots in test-artifacts/screenshots/package-*.png.
//
// There is no Ollama at all (its host setting points at a closed port), as for a new user who
// installed only the .vsix: the model picker offers the extension's "Quoted passages (no model)"
// entry, and @research answers on it extractively.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle, launchBrowser, repoRoot, startCodeServer, workbenchUrl, writeCounts } from '../../scripts/vscode-host/host.mjs';
import { createSteps } from '../../scripts/vscode-host/steps.mjs';

const verbose = process.env.LRA_VERBOSE === '1';
const shots = join(repoRoot, 'test-artifacts/screenshots');
const EXTENSION_ID = 'local-research.local-research-assistant';
/** Issue 9's budget for the whole product (viewer and OCR included), in bytes. */
const DOWNLOAD_BUDGET = 80_000_000;
/** Nothing listens on the discard port: connections are refused at once. */
const NO_OLLAMA = 'http://127.0.0.1:9';
const NO_MODEL = 'Quoted passages (no model)';
const started = Date.now();

const SEL = {
  chatInput: '.interactive-input-part .monaco-editor',
  participantDecoration: '.interactive-input-part .view-lines span[class*="ced-chat-session-text"]',
  response: '.interactive-item-container.interactive-response',
};

const { step, results, setOnFailure } = createSteps();

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** Width of a PNG from its IHDR chunk (0 when the bytes are not a PNG). */
function pngWidth(bytes) {
  return bytes.length > 24 && bytes.toString('latin1', 1, 4) === 'PNG' ? bytes.readUInt32BE(16) : 0;
}

async function main() {
  console.log('package: build, install and use the .vsix');
  let summary;
  const built = await step(
    'npm run package builds the .vsix on this checkout, and the unpacked package indexes a PDF and answers from a full-text search; a local model folder in the settings, which it cannot use, leaves indexing on full-text instead of breaking it',
    async () => {
      const r = spawnSync('npm', ['run', '--silent', 'package', '--', '--json'], {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', verbose ? 'inherit' : 'pipe'],
      });
      check(r.status === 0, `npm run package exited ${r.status}:\n${(r.stderr ?? '').split('\n').slice(-30).join('\n')}`);
      summary = JSON.parse(r.stdout.trim().split('\n').pop());
      console.log(`    ${summary.vsix}: download ${summary.downloadBytes} bytes, unpacked ${summary.unpackedBytes} bytes`);
    },
  );
  if (!built) return finish();

  await step(
    `the .vsix stays within the download budget (${DOWNLOAD_BUDGET / 1e6} MB), native code stripped, no type declarations or unused helpers packed`,
    async () => {
      check(summary.downloadBytes <= DOWNLOAD_BUDGET, `${summary.downloadBytes} bytes`);
      check(
        summary.stripped.length > 0 && summary.stripped.every((s) => s.after < s.before),
        `native binaries not stripped: ${JSON.stringify(summary.stripped)} (is binutils installed?)`,
      );
      const listing = spawnSync('unzip', ['-Z1', summary.vsix], { encoding: 'utf8' }).stdout.split('\n');
      // Also our own TypeScript sources (the viewer's under media/): the bundles in dist/ run instead;
      // and pdf.js's QuickJS, which only its scripting sandbox loads (the viewer runs no PDF scripts).
      const unwanted = listing.filter((f) => /node_modules\/(@types|@swc|command-line-)|\.d\.ts$|\.map$|^extension\/(?!node_modules\/).*\.ts$|quickjs/.test(f));
      check(unwanted.length === 0, `packed but never loaded: ${unwanted.slice(0, 5).join(', ')}`);
      const notices = spawnSync('unzip', ['-p', summary.vsix, 'extension/ThirdPartyNotices.txt'], { encoding: 'utf8' }).stdout;
      for (const name of ['@lancedb/lancedb@', 'apache-arrow@', 'pdfjs-dist@', '@langchain/langgraph@', 'unpdf@'])
        check(notices.includes(`\n${name}`), `ThirdPartyNotices.txt lacks ${name}`);
    },
  );

  // Not under dist/ (`npm run package` empties it), but inside the checkout, so the bundle finds the
  // packages it leaves external (the fixtures' canvas) in its node_modules.
  mkdirSync(join(repoRoot, 'test-artifacts'), { recursive: true });
  const outDir = mkdtempSync(join(repoRoot, 'test-artifacts', 'package-tests-'));
  await bundle([join(repoRoot, 'test/integration/workspace.ts')], outDir);
  const require = createRequire(import.meta.url);
  const workspace = mkdtempSync(join(tmpdir(), 'lra-package-workspace-'));
  await require(join(outDir, 'integration/workspace.js')).makeWorkspace(workspace);
  mkdirSync(shots, { recursive: true });

  const server = await startCodeServer({
    vsix: summary.vsix,
    userSettings: { 'research.ollama.host': NO_OLLAMA, 'workbench.colorTheme': 'Default Dark Modern', 'window.commandCenter': false },
    log: verbose ? (s) => process.stderr.write(s) : () => {},
  });
  const installedDir = join(server.extensionsDir, `${EXTENSION_ID}-${JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version}`);
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    const shot = (name) => page.screenshot({ path: join(shots, `package-${name}.png`) });
    setOnFailure((n) => shot(`failed-step-${n}`));
    const url = workbenchUrl(server, { folder: workspace, development: false });
    check(!url.includes('payload'), 'the workbench URL must not name an extension under development');
    await page.goto(url);

    await step('the installed copy activates and indexes the workspace (status bar)', async () => {
      check(existsSync(join(installedDir, 'package.json')), `not installed at ${installedDir}`);
      console.log(`    installed: ${spawnSync('du', ['-sb', installedDir], { encoding: 'utf8' }).stdout.split('\t')[0]} bytes in ${installedDir}`);
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await page
        .getByText(/Research: 3 docs, \d+ chunks/)
        .first()
        .waitFor({ timeout: 90_000 });
    });

    await step('the running extension is the installed copy: its path is under the extensions folder, no development path is loaded', async () => {
      const logs = join(server.userDataDir, 'logs');
      const files = readdirSync(logs, { recursive: true }).map((f) => join(logs, f));
      const ours = files.filter((f) => f.endsWith('Local Research Assistant.log'));
      check(ours.length === 1, `log files: ${ours.join(', ') || 'none'}`);
      const activated = readFileSync(ours[0], 'utf8')
        .split('\n')
        .find((l) => l.includes('activated in'));
      check(activated?.includes(`from ${installedDir} (installed;`), `activation line: ${activated}`);
      const hostLogs = files
        .filter((f) => /exthost\.log$/.test(f))
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n');
      check(hostLogs.includes(EXTENSION_ID), 'the extension host log does not mention the extension');
      check(!hostLogs.includes(repoRoot) && !/development/i.test(hostLogs), 'the extension host loaded something from the development checkout');
    });

    let readmeFrame;
    await step('the Extensions page shows the icon and the storefront README (not the contributor README)', async () => {
      await page.keyboard.press('Control+Shift+X');
      await page.locator('.extensions-viewlet .extension-list-item').filter({ hasText: 'Local Research Assistant' }).first().click();
      const icon = page.locator('.extension-editor .header img.icon').first();
      await icon.waitFor({ timeout: 15_000 });
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await icon.elementHandle(), { timeout: 15_000 });
      const deadline = Date.now() + 20_000;
      while (!readmeFrame && Date.now() < deadline) {
        for (const frame of page.frames()) {
          const text = await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '');
          if (text.includes('Privacy') && text.includes('Getting started')) readmeFrame = frame;
        }
        if (!readmeFrame) await page.waitForTimeout(500);
      }
      check(readmeFrame, 'no README webview with the storefront text');
      const text = await readmeFrame.evaluate(() => document.body.innerText);
      check(!/npm test|apt-get/.test(text), 'the Extensions page shows the contributor README');
      await page.waitForTimeout(500);
      await shot('01-extensions-page');
    });

    await step("the README's screenshots are packed as PNGs behind relative links, and the Extensions page has an image with alt text for each", async () => {
      const readme = readFileSync(join(installedDir, 'readme.md'), 'utf8');
      const links = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
      check(links.length >= 3, `image links: ${links.join(', ')}`);
      for (const link of links) {
        check(!/^\w+:/.test(link), `not a relative link: ${link}`);
        const file = join(installedDir, link);
        check(existsSync(file) && pngWidth(readFileSync(file)) > 0, `${link} is not a PNG packed in the extension`);
      }
      check(readmeFrame, 'no README webview');
      const images = await readmeFrame.evaluate(() =>
        [...document.images].map((i) => ({ alt: i.alt, src: i.getAttribute('src') ?? '', width: i.naturalWidth })),
      );
      check(images.length === links.length, `${images.length} images rendered for ${links.length} links`);
      check(
        images.every((i) => i.alt.length > 0),
        `an image without alt text: ${JSON.stringify(images)}`,
      );
      // VS Code 1.139's extension editor sanitises a README with http/https as the only image
      // protocols and no relative paths (its CSP allows only https: and data: images): a local
      // README's packed images lose their src and show as alt text. Either way is accepted; an
      // image with a src that does not load is not.
      check(
        images.every((i) => i.width > 0 || i.src === ''),
        `images: ${JSON.stringify(images)}`,
      );
    });

    await step(`with no Ollama, @research in the chat panel answers extractively on "${NO_MODEL}" from the installed copy, citing the PDF page`, async () => {
      // A wide chat for the screenshot (it doubles as the storefront's extractive-answer image).
      await page
        .locator('.part.auxiliarybar a.action-label[aria-label*="Maximize"]')
        .first()
        .click({ timeout: 5_000 })
        .catch(() => {});
      const input = page.locator(SEL.chatInput).first();
      await input.waitFor({ timeout: 30_000 });
      // The only model offered is selected by default: nothing to pick.
      await page.locator('.interactive-input-part').first().getByText(NO_MODEL).first().waitFor({ timeout: 15_000 });
      await input.click();
      await page.keyboard.type('@research ', { delay: 30 });
      await page.locator(SEL.participantDecoration).first().waitFor({ timeout: 15_000 });
      await page.keyboard.type('What is the default proxy timeout?', { delay: 10 });
      await page.keyboard.press('Enter');
      const answer = page.locator(SEL.response).filter({ hasText: 'most relevant passages' }).last();
      await answer.getByText('Sources').waitFor({ timeout: 60_000 });
      const text = await answer.innerText();
      check(text.includes('The proxy timeout defaults to 30 seconds.'), `answer: ${text}`);
      check(
        /\[1\][\s\S]*proxy-manual\.pdf[\s\S]*Sources[\s\S]*\[1\]\s*manuals\/proxy-manual\.pdf, p\. 2/.test(text),
        `no citation of proxy-manual.pdf p. 2 in: ${text}`,
      );
      check(text.includes('ollama pull llama3.2'), `no hint for full answers in: ${text}`);
      await answer.getByRole('button', { name: 'How to install Ollama' }).first().waitFor({ timeout: 5_000 });
      await page.waitForTimeout(500);
      await shot('02-extractive-answer');
    });
  } finally {
    await browser.close();
    server.stop();
    rmSync(workspace, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
  return finish();
}

function finish() {
  const failed = results.filter((r) => r.ok === false).length;
  const passed = results.length - failed;
  writeCounts({ passed, failed, skipped: 0 });
  console.log(`package: ${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s); screenshots in ${shots}`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`package tier failed to run: ${error?.stack ?? error}`);
    writeCounts({ passed: results.filter((r) => r.ok).length, failed: results.filter((r) => r.ok === false).length + 1, skipped: 0 });
    process.exit(1);
  },
);
