// The e2e tier's library session: a thesis folder whose references.bib (as Better BibTeX writes
// it) points into a Zotero data directory in the user's home (test/integration/library/folder.ts,
// Zotero's own schema), the index cache in the user's cache folder. In a first window the startup
// notice's Add Library button adds ~/Zotero once; @research answers an author-year question from
// the library, cited "Lovelace (2012), p. 2" with the Zotero citation key. A second window (a
// second extension host of the same VS Code: same user settings and cache) on another folder shows
// "library: 3 papers" from the first window's index, leaves that index's files as they were (its
// log says the library is unchanged) and answers from the library too.
//
// Alone (after `node esbuild.mjs`): `node test/e2e/librarySession.mjs`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle, launchBrowser, repoRoot, startCodeServer, workbenchUrl } from '../../scripts/vscode-host/host.mjs';
import { createSteps } from '../../scripts/vscode-host/steps.mjs';
import { expectOnScreen } from './answerOnScreen.mjs';

const RESPONSE = '.interactive-item-container.interactive-response';
const INPUT = '.interactive-input-part .monaco-editor';
const DECORATION = '.interactive-input-part .view-lines span[class*="ced-chat-session-text"]';

/** Every file under `dir` with its size and modification time (the library index as it is on disk). */
function filesOf(dir) {
  const files = {};
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const info = statSync(path);
        files[path.slice(dir.length + 1)] = `${info.size} ${info.mtimeMs}`;
      }
    }
  };
  walk(dir);
  return files;
}

/** Runs a command from the command palette. */
async function runCommand(page, title) {
  await page.keyboard.press('F1');
  await page.locator('.quick-input-widget input').waitFor({ timeout: 10_000 });
  await page.keyboard.type(title, { delay: 5 });
  await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
}

/** Asks @research in `page`'s chat and returns the response once its Sources and buttons are there and the chat has settled. */
async function ask(page, question) {
  await page.locator(INPUT).first().click();
  if ((await page.locator(DECORATION).count()) === 0) {
    await page.keyboard.type('@research ', { delay: 30 });
    await page.locator(DECORATION).first().waitFor({ timeout: 15_000 });
  }
  await page.keyboard.type(question, { delay: 5 });
  await page.keyboard.press('Enter');
  const response = page.locator(RESPONSE).last();
  await response.locator('.chat-command-button .monaco-button').filter({ hasText: 'Insert answer' }).first().waitFor({ timeout: 60_000 });
  // The fold is applied once the response is complete and its last Markdown has rendered.
  await page.waitForTimeout(1500);
  return response;
}

/** Throws unless the answer shows the library's fact with "Lovelace (2012), p. 2" and the citation key in its Sources, on screen. */
async function expectLibraryAnswer(response, LIBRARY) {
  const { kernelPaper } = LIBRARY;
  const seen = await expectOnScreen(response, {
    text: [/Matern kernel with smoothness 3\/2 gave the lowest error/, /Sources/, /Lovelace \(2012\), p\. 2/, new RegExp(kernelPaper.citekey)],
    buttons: ['Insert citations', 'Insert answer'],
  });
  if (!new RegExp(`Sources.*\\[\\d+\\]\\s*Lovelace \\(2012\\), p\\. 2\\s*·\\s*${kernelPaper.citekey}`).test(seen.text))
    throw new Error(`the Sources line is not "[n] Lovelace (2012), p. 2 · ${kernelPaper.citekey}": ${seen.text}`);
}

export async function runLibrarySession({ step, setOnFailure, shots, verbose }) {
  const outDir = join(repoRoot, 'dist/test');
  await bundle([join(repoRoot, 'test/e2e/libraryServer.ts')], outDir);
  const { LIBRARY, startLibraryOllama } = createRequire(import.meta.url)(join(outDir, 'e2e/libraryServer.js'));
  const ollama = await startLibraryOllama();
  const server = await startCodeServer({
    userSettings: { 'research.ollama.host': ollama.url, 'workbench.colorTheme': 'Default Dark Modern', 'window.commandCenter': false },
    log: verbose ? (s) => process.stderr.write(s) : () => {},
  });
  const browser = await launchBrowser();
  try {
    // The user's home (~/Zotero in it) and cache folder, and the thesis folder, in the server's scratch folder.
    const made = spawnSync(process.execPath, ['--require', 'tsx/cjs', join(repoRoot, 'test/integration/library/makeFolder.ts'), server.scratch], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (made.status !== 0) throw new Error(`making the library's folders failed: ${made.stderr}`);
    const { thesis, home } = JSON.parse(made.stdout);
    const cache = join(server.scratch, 'cache');
    const env = { HOME: home, XDG_CACHE_HOME: cache };
    const article = join(server.scratch, 'article');
    mkdirSync(article);
    writeFileSync(join(article, 'outline.md'), '# Article outline\n\nA short article on rainfall models, citing the thesis work.\n');

    console.log('e2e: a Zotero library added once, shared by two windows');
    const page = await browser.context.newPage();
    let shot = (name) => page.screenshot({ path: join(shots, `${name}.png`) });
    setOnFailure((n) => shot(`failed-step-${n}`));
    const ready = await step(
      'in a thesis folder, the startup notice names the Zotero library its references.bib points into; its Add Library button indexes it once: "library: 3 papers"',
      async () => {
        const opening = Date.now();
        await page.goto(workbenchUrl(server, { folder: thesis, env }), { timeout: 120_000 });
        await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
        const workbench = Date.now() - opening;
        // The smoke-test driver the harness needs turns VS Code's toasts off: the notice is read where
        // a toast goes once it times out, the notification center (the status bar's bell).
        const notice = page
          .locator('.notifications-center .notification-list-item')
          .filter({ hasText: 'references.bib points at 2 PDFs in your Zotero library, ~/Zotero' });
        const deadline = Date.now() + 120_000;
        while ((await notice.count()) === 0) {
          if (Date.now() > deadline) throw new Error('no notice about references.bib and ~/Zotero');
          if (!(await page.locator('.notifications-center.visible').count())) await runCommand(page, 'Notifications: Show Notifications');
          await page.waitForTimeout(1000);
        }
        const text = (await notice.first().innerText()).replace(/\s+/g, ' ');
        if (!text.includes('@research reads nothing outside the workspace until you add it as a library')) throw new Error(`the notice reads: ${text}`);
        const noticed = Date.now() - opening;
        await shot('30-library-notice');
        await notice.first().locator('.monaco-button').filter({ hasText: 'Add Library' }).first().click();
        await page
          .getByText(/library: 3 papers/)
          .first()
          .waitFor({ timeout: 120_000 });
        console.log(`  first window: workbench after ${workbench} ms, the notice after ${noticed} ms, "library: 3 papers" after ${Date.now() - opening} ms`);
      },
    );
    if (!ready) return;

    const libraries = join(cache, 'local-research-assistant', 'libraries');
    let indexDir = '';
    let built = {};
    await step(
      '@research answers an author-year question from the library: the Sources read "Lovelace (2012), p. 2 · lovelace2012kernels", on screen',
      async () => {
        const response = await ask(page, LIBRARY.question);
        await shot('31-library-answer');
        const dirs = readdirSync(libraries).filter((name) => statSync(join(libraries, name)).isDirectory());
        if (dirs.length !== 1) throw new Error(`library indexes in the cache folder: ${JSON.stringify(dirs)}`);
        indexDir = join(libraries, dirs[0]);
        built = filesOf(indexDir);
        await expectLibraryAnswer(response, LIBRARY);
      },
    );

    // A second window: another browser page is another workbench with an extension host of its own, same user data and cache.
    const second = await browser.context.newPage();
    shot = (name) => second.screenshot({ path: join(shots, `${name}.png`) });
    const opened = Date.now();
    const shared = await step(
      'a second window on another folder shows "library: 3 papers" from the first window\'s index, without indexing it again',
      async () => {
        await second.goto(workbenchUrl(server, { folder: article, env }), { timeout: 120_000 });
        await second
          .getByText(/library: 3 papers/)
          .first()
          .waitFor({ timeout: 60_000 });
        const libraryShown = Date.now() - opened;
        await second
          .getByText(/Research: 1 docs?, \d+ chunks/)
          .first()
          .waitFor({ timeout: 120_000 });
        console.log(`  second window: "library: 3 papers" after ${libraryShown} ms; its workspace indexed after ${Date.now() - opened} ms`);
        // The window's background run of the library finds it unchanged (its log says so) and writes nothing.
        await runCommand(second, 'Local Research: Open Log');
        // Monaco renders spaces as no-break spaces, hence \s.
        await second
          .locator('.view-line')
          .filter({ hasText: /library\sZotero:\sunchanged/ })
          .first()
          .waitFor({ timeout: 60_000 });
        await shot('32-second-window-log');
        const now = filesOf(indexDir);
        const changed = [...new Set([...Object.keys(built), ...Object.keys(now)])].filter((file) => built[file] !== now[file]);
        if (changed.length) throw new Error(`the second window rewrote the library's index: ${changed.join(', ')}`);
        const indexes = readdirSync(libraries).filter((name) => statSync(join(libraries, name)).isDirectory());
        if (indexes.length !== 1) throw new Error(`library indexes in the cache folder: ${JSON.stringify(indexes)}`);
      },
    );
    if (!shared) return;

    await step('the second window answers the same question from the library, cited "Lovelace (2012), p. 2 · lovelace2012kernels"', async () => {
      await runCommand(second, 'View: Hide Panel');
      const response = await ask(second, LIBRARY.question);
      await shot('33-second-window-answer');
      await expectLibraryAnswer(response, LIBRARY);
    });
  } finally {
    await browser.close();
    server.stop();
    await ollama.close();
  }
}

// Alone: runs this session only.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const shots = join(repoRoot, 'test-artifacts/screenshots');
  mkdirSync(shots, { recursive: true });
  const { step, results, setOnFailure } = createSteps();
  await runLibrarySession({ step, setOnFailure, shots, verbose: process.env.LRA_VERBOSE === '1' });
  const failed = results.filter((r) => !r.ok).length;
  console.log(`e2e (library): ${results.length - failed} passed, ${failed} failed; screenshots in ${shots}`);
  process.exit(failed === 0 ? 0 : 1);
}
