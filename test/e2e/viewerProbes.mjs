// Probes of the PDF viewer's webview for the e2e tier: its frame, the text under its highlight,
// and recorders of what the page showed before pdf.js painted it.

export async function waitForValue(locator, value, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await locator.inputValue();
    if (current === value) return;
    if (Date.now() > deadline) throw new Error(`expected ${value}, the page box says ${current}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The frame of the PDF viewer's webview (VS Code nests it two iframes deep). */
export async function viewerFrame(page) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (
        await frame
          .locator('#viewerContainer')
          .count()
          .catch(() => 0)
      )
        return frame;
    }
    await page.waitForTimeout(200);
  }
  throw new Error('no PDF viewer frame appeared');
}

/** The text of the text-layer spans whose centre falls inside one of the marks (boxes on screen). */
export function textUnder(marks, spans) {
  return spans
    .filter((s) => {
      const x = s.left + (s.right - s.left) / 2;
      const y = s.top + (s.bottom - s.top) / 2;
      return marks.some((m) => x >= m.left && x <= m.right && y >= m.top && y <= m.bottom);
    })
    .map((s) => s.text)
    .join(' ');
}

/**
 * Run in a webview's content frame as soon as it is there (VS Code then writes the page into that
 * same document): keeps what the first page's picture (#firstPage, shown until the viewer draws
 * its own page) held when its highlight appeared: its marks, the text-layer spans under them, and
 * its visible box.
 */
export function recordFirstPagePicture() {
  const rect = (e) => {
    const { left, top, right, bottom, width } = e.getBoundingClientRect();
    return { left, top, right, bottom, width };
  };
  const observer = new MutationObserver(() => {
    const picture = document.getElementById('firstPage');
    const marks = picture ? [...picture.querySelectorAll('.lra-highlight')] : [];
    if (marks.length === 0) return;
    observer.disconnect();
    window.lraFirstPagePicture = {
      frame: rect(picture),
      marks: marks.map(rect),
      spans: [...picture.querySelectorAll('.textLayer span')].map((s) => ({ ...rect(s), text: s.textContent })),
    };
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Run in a webview's content frame as soon as it is there, beside recordFirstPagePicture: keeps
 * what the page's preview of the cited page (#preview, the page's text in place, shown until
 * pdf.js paints the page) held once it was placed: its marks on screen, their text, its visible
 * box, and whether a page had been painted by then.
 */
export function recordPreview() {
  const rect = (e) => {
    const { left, top, right, bottom, width } = e.getBoundingClientRect();
    return { left, top, right, bottom, width };
  };
  const until = Date.now() + 30_000;
  const look = () => {
    const box = document.getElementById('preview');
    if (window.viewerEarly?.previewed && box) {
      const marks = [...box.querySelectorAll('mark')];
      window.lraPreview = {
        frame: rect(box),
        marks: marks.map(rect),
        marked: marks.map((m) => m.textContent).join(' '),
        runs: box.querySelectorAll('.previewSheet > span').length,
        painted: document.querySelector('#firstPage canvas, .page canvas') !== null,
      };
    } else if (Date.now() < until) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}
