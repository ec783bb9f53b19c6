// What a finished response shows without a click. VS Code 1.139 folds a finished response down to
// its last run of Markdown (chat.agent.collapseCompletedResponses, on by default): the parts before
// it go into a closed <details> ("Completed N steps"), whose content is in the DOM but not on
// screen. These helpers read only what is on screen: text and buttons outside any closed
// disclosure, with a box, not hidden by CSS.

/** Runs in the page: the visible text and button labels of one response element. */
function readVisible(response) {
  const shown = (el) => {
    const folded = el.closest('details:not([open])');
    // A closed disclosure shows its summary only.
    if (folded && !el.closest('summary')) return false;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true, contentVisibilityAuto: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const texts = [];
  const walker = document.createTreeWalker(response, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\u200b/g, '');
    if (text.trim() && node.parentElement && shown(node.parentElement)) texts.push(text);
  }
  const buttons = [...response.querySelectorAll('.chat-command-button .monaco-button')].filter(shown).map((b) => b.textContent.trim());
  const foldedSummaries = [...response.querySelectorAll('details:not([open]) > summary')].map((s) => s.textContent.trim());
  return { text: texts.join(' ').replace(/\s+/g, ' '), buttons, foldedSummaries };
}

/** The visible text, button labels and closed disclosures' summaries of a response (a Playwright locator). */
export async function visibleResponse(response) {
  return response.evaluate(readVisible);
}

/**
 * Throws unless every pattern is in the response's visible text and every button label among its
 * visible buttons; the message says what is visible and what is folded.
 */
export async function expectOnScreen(response, { text = [], buttons = [] }) {
  const seen = await visibleResponse(response);
  const missingText = text.filter((pattern) => !pattern.test(seen.text));
  const missingButtons = buttons.filter((label) => !seen.buttons.includes(label));
  if (missingText.length || missingButtons.length) {
    throw new Error(
      `not on screen without a click: ${[...missingText.map(String), ...missingButtons.map((b) => `button "${b}"`)].join(', ')}; ` +
        `visible text: ${JSON.stringify(seen.text.slice(0, 600))}; visible buttons: ${JSON.stringify(seen.buttons)}; folded: ${JSON.stringify(seen.foldedSummaries)}`,
    );
  }
  return seen;
}
