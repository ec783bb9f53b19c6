// The e2e tier's second session: a new user with no Ollama at all (its host a closed port), the
// researcher's papers beside the manuals. The model picker offers "Quoted passages (no model)",
// @research answers extractively, and each finished answer shows its quotes, its Sources and its
// buttons (Insert, and the ones that fix "no model") without a click.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workbenchUrl } from '../../scripts/vscode-host/host.mjs';
import { withNoModelWorkbench } from './noModelWorkbench.mjs';
import { expectOnScreen } from './answerOnScreen.mjs';

const NO_MODEL = 'Quoted passages (no model)';
const RESPONSE = '.interactive-item-container.interactive-response';
const INPUT = '.interactive-input-part .monaco-editor';
const DECORATION = '.interactive-input-part .view-lines span[class*="ced-chat-session-text"]';

export async function runNoModelSession({ fixtures, step, setOnFailure, shots, verbose }) {
  const workspace = mkdtempSync(join(tmpdir(), 'lra-e2e-nomodel-'));
  await fixtures.makeWorkspace(workspace);
  await fixtures.placeManuscript(workspace);
  return withNoModelWorkbench({ workspace, shots, setOnFailure, verbose }, async ({ server, page, shot }) => {
    console.log('e2e: chat panel with no model');
    const ready = await step('with no Ollama, the workspace is indexed and the picker offers only "Quoted passages (no model)"', async () => {
      // A second workbench on a busy machine: its first load may take longer than Playwright's 30 s default.
      await page.goto(workbenchUrl(server, { folder: workspace }), { timeout: 120_000 });
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await page
        .getByText(/Research: 8 docs, \d+ chunks/) // the LaTeX draft (drafts/paper.tex) is a document too
        .first()
        .waitFor({ timeout: 180_000 });
      await page.locator('.interactive-input-part').first().getByText(NO_MODEL).first().waitFor({ timeout: 30_000 });
    });
    if (!ready) return;

    /** Asks @research and returns the response once its last part (a button) is there and the chat has settled. */
    const ask = async (question, lastButton) => {
      await page.locator(INPUT).first().click();
      if ((await page.locator(DECORATION).count()) === 0) {
        await page.keyboard.type('@research ', { delay: 30 });
        await page.locator(DECORATION).first().waitFor({ timeout: 15_000 });
      }
      await page.keyboard.type(question, { delay: 5 });
      await page.keyboard.press('Enter');
      const response = page.locator(RESPONSE).last();
      await response.locator('.chat-command-button .monaco-button').filter({ hasText: lastButton }).first().waitFor({ timeout: 60_000 });
      // The fold is applied once the response is complete and its last Markdown has rendered.
      await page.waitForTimeout(1500);
      return response;
    };

    await step('an answer citing a paper shows its quotes, Sources and Insert buttons without a click, the Ollama buttons under them', async () => {
      const response = await ask(fixtures.MANUSCRIPT.question, 'Open settings');
      await shot('10-no-model-paper-answer');
      await expectOnScreen(response, {
        text: [/most relevant passages/, /Quadratic Spectral kernel/, /Sources/, /Chaussé \(2010\), p\. \d+/],
        buttons: ['Insert citations', 'Insert answer', 'How to install Ollama', 'Open settings'],
      });
    });

    await step('an answer citing a manual shows its quotes and Sources without a click, the Ollama buttons under them', async () => {
      const response = await ask('What is the default proxy timeout?', 'Open settings');
      await shot('11-no-model-manual-answer');
      const seen = await expectOnScreen(response, {
        text: [/The proxy timeout defaults to 30 seconds\./, /Sources/, /manuals\/proxy-manual\.pdf, p\. 2/],
        buttons: ['How to install Ollama', 'Open settings'],
      });
      if (seen.buttons.includes('Insert citations')) throw new Error(`a manual's answer offers to insert citations: ${JSON.stringify(seen.buttons)}`);
    });
  });
}
