// The e2e tier's first session: drives the REAL chat panel of VS Code 1.139 (code-server) in
// headless Chromium with the extension under development: type `@research` + a vague question, see
// the clarifying question and its follow-up buttons, click one, see the cited answer streamed from
// the Ollama-protocol test server, click the citation; every finished answer shows its text,
// Sources and buttons without a click (./answerOnScreen.mjs). Run by ./run.mjs.
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, startCodeServer, workbenchUrl } from '../../scripts/vscode-host/host.mjs';
import { expectOnScreen } from './answerOnScreen.mjs';
import { recordFirstPagePicture, recordPreview, textUnder, viewerFrame, waitForValue } from './viewerProbes.mjs';

const SEL = {
  chatInput: '.interactive-input-part .monaco-editor',
  participantDecoration: '.interactive-input-part .view-lines span[class*="ced-chat-session-text"]',
  response: '.interactive-item-container.interactive-response .rendered-markdown',
  followup: '.interactive-followup-reply',
};

export async function runChatSession({ fixtures, e2eServer, step, setOnFailure, shots, verbose }) {
  const workspace = mkdtempSync(join(tmpdir(), 'lra-e2e-workspace-'));
  await fixtures.makeWorkspace(workspace);
  // A researcher's papers (a bib entry for one), a note and a draft beside the manuals.
  await fixtures.placeManuscript(workspace);
  // Papers whose titles and authors carry Markdown an attacker wrote (test/e2e/hostilePapers.ts).
  await e2eServer.placeHostilePapers(workspace);
  // A host the chat must never contact: the scripted model puts an image of it in an answer.
  const leakHits = [];
  const leakServer = createServer((req, res) => {
    leakHits.push(req.url);
    res.end();
  });
  await new Promise((resolve) => leakServer.listen(0, '127.0.0.1', resolve));
  const leakUrl = `http://127.0.0.1:${leakServer.address().port}/leak`;
  const ollama = await e2eServer.startScriptedOllama(40, { leakUrl });

  const server = await startCodeServer({
    userSettings: { 'research.ollama.host': ollama.url, 'workbench.colorTheme': 'Default Dark Modern', 'window.commandCenter': false },
    log: verbose ? (s) => process.stderr.write(s) : () => {},
  });
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(workbenchUrl(server, { folder: workspace }), { timeout: 120_000 });
    const shot = (name) => page.screenshot({ path: join(shots, `${name}.png`) });
    setOnFailure((n) => shot(`failed-step-${n}`));

    console.log('e2e: chat panel');
    const ok = await step('the workbench opens and the extension indexes the workspace (status bar)', async () => {
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await page
        // 8: the workspace's documents, its LaTeX draft (drafts/paper.tex) among them.
        .getByText(new RegExp(`Research: ${8 + e2eServer.HOSTILE_PAPERS.length} docs, \\d+ chunks`))
        .first()
        .waitFor({ timeout: 180_000 });
    });
    if (!ok) await shot('00-startup-failed');

    await step('typing @research decorates the participant in the chat input', async () => {
      const input = page.locator(SEL.chatInput).first();
      await input.waitFor({ timeout: 30_000 });
      await input.click();
      await page.keyboard.type('@research ', { delay: 30 });
      await page.locator(SEL.participantDecoration).first().waitFor({ timeout: 15_000 });
      await page.keyboard.type('What is the default timeout?', { delay: 10 });
      await shot('01-question-typed');
    });

    await step('a vague question gets a clarifying question with follow-up buttons', async () => {
      await page.keyboard.press('Enter');
      await page.locator(SEL.response).filter({ hasText: 'Which timeout do you mean' }).first().waitFor({ timeout: 30_000 });
      const buttons = page.locator(SEL.followup);
      await buttons.first().waitFor({ timeout: 15_000 });
      const labels = await buttons.allInnerTexts();
      if (!labels.some((l) => l.includes('The proxy timeout'))) throw new Error(`follow-ups: ${JSON.stringify(labels)}`);
      await shot('02-clarifying-question');
    });

    await step('clicking a follow-up answers with a streamed, cited answer', async () => {
      await page.locator(SEL.followup).filter({ hasText: 'The proxy timeout' }).first().click();
      await page.locator(SEL.response).filter({ hasText: 'defaults to 30 seconds' }).first().waitFor({ timeout: 30_000 });
      await page.locator(SEL.response).filter({ hasText: 'Sources' }).first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1500);
      await shot('03-cited-answer');
      const answer = page.locator('.interactive-item-container.interactive-response').last();
      await expectOnScreen(answer, { text: [/defaults to 30 seconds/, /Sources/, /proxy-manual\.pdf, p\. 2/] });
    });

    await step('clicking a PDF citation shows its page in the viewer with the cited passage highlighted on screen', async () => {
      const answer = page.locator('.interactive-item-container.interactive-response').last();
      const text = await answer.innerText();
      if (!/Sources[\s\S]*\[\d\][\s\S]*proxy-manual\.pdf, p\. \d/.test(text)) throw new Error(`no PDF page citation in: ${text}`);
      // VS Code loads a webview's content frame from fake.html, then writes the page into it.
      const watch = (frame) => {
        if (!frame.url().includes('/fake.html')) return;
        frame.evaluate(recordFirstPagePicture).catch(() => {});
        frame.evaluate(recordPreview).catch(() => {});
      };
      page.on('framenavigated', watch);
      // A reader reads the answer before checking it: the cited PDF page's preview is read meanwhile.
      await page.waitForTimeout(1500);
      await answer
        .getByText(/proxy-manual\.pdf, p\. 2/)
        .first()
        .click();
      const tab = page.locator('.tab.active').filter({ hasText: 'proxy-manual.pdf' });
      await tab.first().waitFor({ timeout: 15_000 });
      const viewer = await viewerFrame(page);
      page.off('framenavigated', watch);
      // What the user sees: page 2 in the page box, the highlight drawn on page 2 inside the
      // visible part of the viewer, over the cited sentence, and page 2's canvas painted.
      const highlight = viewer.locator('.page[data-page-number="2"] .lra-highlight');
      await highlight.first().waitFor({ timeout: 20_000 });
      const seen = await viewer.evaluate(() => {
        const box = document.getElementById('viewerContainer').getBoundingClientRect();
        const rect = (e) => {
          const { left, top, right, bottom, width } = e.getBoundingClientRect();
          return { left, top, right, bottom, width };
        };
        const marks = [...document.querySelectorAll('.page[data-page-number="2"] .lra-highlight')].map(rect);
        const visible = marks.filter((r) => r.width > 0 && r.bottom > box.top && r.top < box.bottom);
        const spans = [...document.querySelectorAll('.page[data-page-number="2"] .textLayer span')].map((s) => ({ ...rect(s), text: s.textContent }));
        const canvas = document.querySelector('.page[data-page-number="2"] canvas');
        const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let ink = 0;
        for (let i = 0; i < pixels.length; i += 4 * 13) if (pixels[i] < 160 && pixels[i + 3] > 0) ink++;
        return { page: document.getElementById('pageNumber').value, visible: visible.length, marks, spans, ink };
      });
      if (seen.visible === 0) throw new Error('the highlight is not inside the visible part of the viewer');
      const under = textUnder(seen.marks, seen.spans);
      if (!/proxy timeout defaults to 30 seconds/.test(under)) throw new Error(`the highlight covers: ${under}`);
      if (seen.ink < 50) throw new Error(`page 2's canvas looks blank (${seen.ink} inked samples)`);
      if (seen.page !== '2') throw new Error(`the page box says ${seen.page}`);
      await page.waitForTimeout(300);
      await shot('04-citation-opened');
    });

    await step("the cited passage was highlighted already on the page's first picture, in view, before the viewer drew its page", async () => {
      const viewer = await viewerFrame(page);
      const picture = await viewer.evaluate(() => window.lraFirstPagePicture);
      if (!picture) throw new Error('the first picture of the page never had a highlight');
      const inView = picture.marks.filter((m) => m.width > 0 && m.top >= picture.frame.top && m.bottom <= picture.frame.bottom);
      if (inView.length === 0) throw new Error(`the picture's highlight is out of view: ${JSON.stringify(picture)}`);
      const under = textUnder(picture.marks, picture.spans);
      if (!/proxy timeout defaults to 30 seconds/.test(under)) throw new Error(`the picture's highlight covers: ${under}`);
    });

    await step("before pdf.js painted the cited page, the page's text showed in its place with the cited passage marked, in view", async () => {
      const viewer = await viewerFrame(page);
      const preview = await viewer.evaluate(() => window.lraPreview);
      if (!preview) throw new Error('no preview of the cited page was shown');
      if (preview.painted) throw new Error('the preview showed only once the page was painted');
      if (preview.runs < 5) throw new Error(`the preview shows ${preview.runs} runs of text`);
      const inView = preview.marks.filter((m) => m.width > 0 && m.top >= preview.frame.top && m.bottom <= preview.frame.bottom);
      if (inView.length === 0) throw new Error(`the preview's marks are out of view: ${JSON.stringify(preview)}`);
      if (!/proxy timeout defaults to 30 seconds/.test(preview.marked)) throw new Error(`the preview marks: ${preview.marked}`);
    });

    await step('in the viewer, find (Ctrl+F), the keyboard and zoom change what is shown', async () => {
      const viewer = await viewerFrame(page);
      await viewer.locator('#viewerContainer').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+f');
      await viewer.locator('#findbar:not([hidden]) #findInput').waitFor({ timeout: 5_000 });
      await page.keyboard.type('proxy_timeout', { delay: 10 });
      await viewer
        .locator('#findResult')
        .filter({ hasText: /1 of 1/ })
        .waitFor({ timeout: 10_000 });
      await viewer.locator('.textLayer .highlight').filter({ hasText: 'proxy_timeout' }).first().waitFor({ timeout: 10_000 });
      await shot('05-find-in-pdf');
      await page.keyboard.press('Escape');
      await viewer.locator('#viewerContainer').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Home');
      await waitForValue(viewer.locator('#pageNumber'), '1');
      await page.keyboard.press('End');
      await waitForValue(viewer.locator('#pageNumber'), '2');
      const before = await viewer.locator('.page[data-page-number="2"]').boundingBox();
      await viewer.locator('#zoomIn').click();
      await page.waitForTimeout(500);
      const after = await viewer.locator('.page[data-page-number="2"]').boundingBox();
      if (!before || !after || after.width <= before.width * 1.05) throw new Error(`zoom in did not enlarge the page: ${before?.width} -> ${after?.width}`);
    });

    /** Sends a question to @research from the chat input (the participant stays selected after a first turn). */
    const askResearch = async (question) => {
      await page.locator(SEL.chatInput).first().click();
      if ((await page.locator(SEL.participantDecoration).count()) === 0) {
        await page.keyboard.type('@research ', { delay: 30 });
        await page.locator(SEL.participantDecoration).first().waitFor({ timeout: 15_000 });
      }
      await page.keyboard.type(question, { delay: 5 });
      await page.keyboard.press('Enter');
    };

    await step('a Markdown citation opens the note at the cited lines', async () => {
      await askResearch('What is the default database connection timeout?');
      const answer = page.locator('.interactive-item-container.interactive-response').filter({ hasText: 'defaults to 15 seconds' }).last();
      await answer.getByText('Sources').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1000); // the chip becomes a link once the response settles
      await answer
        .getByText(/database-guide\.md/)
        .first()
        .click();
      await page.locator('.tab').filter({ hasText: 'database-guide.md' }).first().waitFor({ timeout: 15_000 });
      // Opening a Location selects the cited line range.
      await page
        .getByText(/Ln \d+, Col \d+ \(\d+ selected\)/)
        .first()
        .waitFor({ timeout: 10_000 });
      await page.waitForTimeout(500);
      await shot('05-markdown-citation');
    });

    const runCommand = async (title) => {
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').waitFor({ timeout: 10_000 });
      await page.keyboard.type(title, { delay: 5 });
      await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first().waitFor({ timeout: 10_000 });
      await page.keyboard.press('Enter');
    };

    await step('"Open Log" shows every chat turn in the log output channel', async () => {
      await runCommand('Local Research: Open Log');
      const output = page.locator('.output-view, .panel .monaco-editor').first();
      await output.waitFor({ timeout: 15_000 });
      // The output view is virtualised (only the latest turns are rendered) and Monaco renders
      // spaces as no-break spaces, hence \s.
      const lines = page.locator('.view-line');
      await lines
        .filter({ hasText: /turn:\s"What\sis\sthe\sdefault\sproxy\stimeout\?"/ })
        .first()
        .waitFor({ timeout: 15_000 });
      await lines
        .filter({ hasText: /turn\sdone\sin\s\d+\sms:\sanswer,\s1\scitations/ })
        .first()
        .waitFor({ timeout: 15_000 });
      await shot('06-log');
    });

    await step('a model steered by a document cannot make the chat fetch an image or link out: the URL shows as text', async () => {
      await askResearch(e2eServer.LEAK_QUESTION);
      const answer = page.locator('.interactive-item-container.interactive-response').filter({ hasText: 'sends its report to' }).last();
      await answer.getByText('Sources').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1500); // time for an image to be fetched, were it rendered
      const seen = await answer.evaluate((el) => ({
        images: [...el.querySelectorAll('img')].map((i) => i.getAttribute('src') ?? ''),
        links: [...el.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href') ?? a.getAttribute('data-href') ?? '', text: a.textContent ?? '' })),
        text: (el.textContent ?? '').replace(/\u200b/g, ''),
      }));
      await shot('07-steered-answer');
      if (leakHits.length) throw new Error(`the chat contacted the leak server: ${leakHits.join(', ')}`);
      const leaking = seen.images.filter((src) => src.includes(new URL(leakUrl).host));
      if (leaking.length) throw new Error(`images in the answer: ${leaking.join(', ')}`);
      const external = seen.links.filter((a) => /^(https?|mailto):/i.test(a.href));
      if (external.length) throw new Error(`external links in the answer: ${external.map((a) => a.href).join(', ')}`);
      if (!seen.text.includes(`![leaked data](${leakUrl})`) || !seen.text.includes('https://attacker.example/?q=secret'))
        throw new Error(`the URLs are not shown as text: ${seen.text}`);
      if (!/Sources[\s\S]*\[1\]/.test(seen.text)) throw new Error(`no citation in: ${seen.text}`);
      // VS Code renders command links with an empty href (it runs them on click): the [1] marker is one.
      if (!seen.links.some((a) => a.text === '[1]')) throw new Error(`the [1] marker is not a link: ${JSON.stringify(seen.links)}`);
    });

    await step('a paper with a record is cited as readers cite it in the Sources list ("Chaussé (2010), p. 2"), a note by its path', async () => {
      // The log's panel (an earlier step) is closed; the draft is opened, its cursor at the end of the line to insert into.
      await runCommand('View: Hide Panel');
      await page.keyboard.press('Control+P');
      await page.locator('.quick-input-widget input').waitFor({ timeout: 10_000 });
      await page.keyboard.type('draft.md', { delay: 5 });
      await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'draft.md' }).first().waitFor({ timeout: 10_000 });
      await page.keyboard.press('Enter');
      await page.locator('.tab.active').filter({ hasText: 'draft.md' }).first().waitFor({ timeout: 15_000 });
      await page
        .locator('.editor-instance .view-line')
        .filter({ hasText: /Insert\shere:/ })
        .first()
        .click();
      await page.keyboard.press('End');
      await page.getByText('Ln 12, Col 14').first().waitFor({ timeout: 10_000 });
      await askResearch(fixtures.MANUSCRIPT.question);
      const answer = page.locator('.interactive-item-container.interactive-response').filter({ hasText: 'Quadratic Spectral' }).last();
      await answer.getByText('Sources').waitFor({ timeout: 30_000 });
      await answer.locator('.chat-command-button .monaco-button').filter({ hasText: 'Insert answer' }).first().waitFor({ timeout: 15_000 });
      await page.waitForTimeout(1500);
      await expectOnScreen(answer, { text: [/Quadratic Spectral/, /Sources/, /Chaussé \(2010\), p\. 2/], buttons: ['Insert citations', 'Insert answer'] });
      const text = (await answer.innerText()).replace(/\u200b/g, '');
      if (!/Sources[\s\S]*\[\d\]\s*Chaussé \(2010\), p\. 2/.test(text)) throw new Error(`no paper label in the Sources list: ${text}`);
      if (!/\[\d\]\s*manuscript\/notes\/gmm-notes\.md, lines? \d/.test(text)) throw new Error(`the note is not cited by its path: ${text}`);
      await shot('08-paper-citation');
    });

    await step('"Insert citations" under the answer puts the citation at the cursor of the draft, with the page as the PDF prints it', async () => {
      const answer = page.locator('.interactive-item-container.interactive-response').filter({ hasText: 'Quadratic Spectral' }).last();
      await answer.locator('.chat-command-button .monaco-button').filter({ hasText: 'Insert citations' }).first().click();
      // Monaco renders spaces as no-break spaces.
      const line = page
        .locator('.editor-instance .view-line')
        .filter({ hasText: /Insert\shere:/ })
        .first();
      const deadline = Date.now() + 15_000;
      let seen = '';
      while (Date.now() < deadline) {
        seen = (await line.innerText()).replace(/\u00a0/g, ' ');
        if (seen.includes('[@')) break;
        await page.waitForTimeout(200);
      }
      if (seen.trim() !== 'Insert here: [@chausse2010computing, p. 14]') throw new Error(`the draft's line reads: ${JSON.stringify(seen)}`);
      await shot('09-citation-inserted');
    });

    await step('titles carrying a link, an image, a command link, raw HTML or icons show in the Sources list as their own text, and nothing else', async () => {
      await askResearch(e2eServer.QUOKKA_QUESTION);
      const answer = page.locator('.interactive-item-container.interactive-response').filter({ hasText: 'dense shrubs' }).last();
      await answer.getByText('Sources').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1500); // time for an image to load, were one rendered
      const seen = await answer.evaluate((el) => {
        const sources = [...el.querySelectorAll('.rendered-markdown li')].filter((li) => /^\s*\[\d+\]/.test(li.textContent ?? ''));
        return {
          entries: sources.map((li) => (li.textContent ?? '').replace(/\u200b/g, '')),
          images: [...el.querySelectorAll('.rendered-markdown img')].map((i) => i.outerHTML),
          icons: sources.flatMap((li) => [...li.querySelectorAll('.codicon, [class*="codicon-"]')].map((i) => i.className)),
          links: sources.flatMap((li) =>
            [...li.querySelectorAll('a')].map((a) => ({
              href: a.getAttribute('href') ?? '',
              data: a.getAttribute('data-href') ?? '',
              text: (a.textContent ?? '').replace(/\u200b/g, ''),
            })),
          ),
          html: sources.map((li) => li.innerHTML).join('\n'),
        };
      });
      await shot('10-hostile-titles');
      const cited = e2eServer.HOSTILE_PAPERS.filter((p) => seen.entries.some((e) => e.includes(p.file) || e.includes(p.readable)));
      if (seen.entries.length < 5) throw new Error(`the Sources list has ${seen.entries.length} entries: ${JSON.stringify(seen.entries)}`);
      if (seen.images.length) throw new Error(`images in the answer: ${seen.images.join(', ')}`);
      if (seen.icons.length) throw new Error(`icons in the Sources list: ${seen.icons.join(', ')}`);
      const external = seen.links.filter((a) => /evil\.example|^(https?|mailto|file):/i.test(`${a.href} ${a.data}`));
      if (external.length) throw new Error(`links out of the Sources list: ${JSON.stringify(external)}`);
      const commands = seen.links.filter((a) => /^command:/.test(a.href || a.data));
      const foreign = commands.filter(
        (a) => !/^command:local-research\.(openCitation|insertCitation)\?/.test(a.href || a.data) || /planted/.test(decodeURIComponent(a.href || a.data)),
      );
      if (foreign.length) throw new Error(`command links not ours: ${JSON.stringify(foreign)}`);
      // Each link is a whole [n], a whole label, or "insert": no link of a title's own inside one.
      const labelOf = (entry) =>
        entry
          .replace(/^\s*\[\d+\]\s*/, '')
          .replace(/\s*·\s*(\S+\s*·\s*)?insert\s*$/, '') // "· key · insert" or "· insert"
          .trim();
      const stray = seen.links.filter((a) => !/^\[\d+\]$/.test(a.text) && a.text !== 'insert' && !seen.entries.some((e) => labelOf(e) === a.text.trim()));
      if (stray.length) throw new Error(`links that are not a whole citation: ${JSON.stringify(stray)} in ${seen.html}`);
      const atStart = e2eServer.HOSTILE_PAPERS.filter((p) => p.file.includes('/start-'));
      const unread = atStart.filter((p) => !seen.entries.some((e) => e.includes(p.readable)));
      if (unread.length > 1 || cited.length < 5)
        throw new Error(`titles not shown as their own text: ${unread.map((p) => p.readable).join(' | ')} in ${JSON.stringify(seen.entries)}`);
    });

    await step('Show Papers lists a title with $(icon) syntax as those characters, no icon', async () => {
      await runCommand('Local Research: Show Papers');
      // The papers' picker itself (it opens once the records are read), not the command palette's
      // input it replaces: typed into before it opens, the words would go to the chat input.
      await page
        .locator('.quick-input-widget')
        .getByText(/^Papers: \d+ of \d+ documents have a record/)
        .first()
        .waitFor({ timeout: 15_000 });
      await page.keyboard.type('Quokka study', { delay: 5 });
      const rows = page.locator('.quick-input-list .monaco-list-row');
      await rows.filter({ hasText: 'zap' }).first().waitFor({ timeout: 15_000 });
      const seen = await page.locator('.quick-input-list').evaluate((list) => ({
        icons: [...list.querySelectorAll('.monaco-list-row .codicon')].map((i) => i.className).filter((c) => /codicon-(zap|github)\b/.test(c)),
        text: [...list.querySelectorAll('.monaco-list-row')].map((r) => (r.textContent ?? '').replace(/\u200b/g, '')).join('\n'),
      }));
      await shot('11-papers-quick-pick');
      await page.keyboard.press('Escape');
      if (seen.icons.length) throw new Error(`icons rendered from a title: ${seen.icons.join(', ')}`);
      if (!seen.text.includes('$(zap) Quokka study $(github)')) throw new Error(`the title's own text is not shown: ${seen.text}`);
    });

    await step('"Set Langfuse Secret Key" stores the key in SecretStorage, not in settings.json', async () => {
      await runCommand('Local Research: Set Langfuse Secret Key');
      await page.locator('.quick-input-widget input[type="password"]').waitFor({ timeout: 10_000 });
      await page.keyboard.type('sk-lf-e2e-secret', { delay: 5 });
      await page.keyboard.press('Enter');
      await page.getByText('Langfuse secret key stored in SecretStorage.').first().waitFor({ timeout: 10_000 });
      const settings = readFileSync(join(server.scratch, 'user-data/User/settings.json'), 'utf8');
      if (settings.includes('sk-lf-e2e-secret')) throw new Error('the secret key landed in settings.json');
    });
  } finally {
    await browser.close();
    server.stop();
    await ollama.close();
    leakServer.close();
    rmSync(workspace, { recursive: true, force: true });
  }
}
