/**
 * The script that shows a page preview (src/core/citations/pagePreview.ts) in the viewer's page
 * before its bundle runs: it sizes the sheet as pdf.js will size the painted page (firstPage.ts's
 * scale for the same zoom), fits each run to its width (the preview's fonts are the browser's, not
 * the PDF's), and moves the sheet so the passage's first mark is mid-view, where the painted page
 * will put it. Plain JavaScript in a string: it is written into the page inline, with its nonce.
 */
export const SHOW_PREVIEW = `function showPreview(html, page) {
  const at = window.viewerEarly.at;
  if (at.painted) return;
  const container = document.getElementById('viewerContainer');
  let box = document.getElementById('preview');
  if (html) {
    if (!box) {
      box = document.createElement('div');
      box.id = 'preview';
      box.setAttribute('aria-hidden', 'true');
      container.after(box);
    }
    box.innerHTML = html;
  }
  const sheet = box && box.firstElementChild;
  if (!sheet || !container) return;
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;visibility:hidden;overflow:scroll;width:100px;height:100px';
  document.body.append(probe);
  const scrollbar = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  box.style.paddingRight = scrollbar + 'px';
  const css = 96 / 72, w = Number(sheet.dataset.width) * css, h = Number(sheet.dataset.height) * css;
  const byWidth = (container.clientWidth - scrollbar - 40) / w, byHeight = (container.clientHeight - 5) / h;
  const value = document.body.dataset.scale || 'page-width';
  let scale = parseFloat(value);
  if (!(scale > 0)) scale = value === 'page-fit' ? Math.min(byWidth, byHeight) : value === 'page-height' ? byHeight : value === 'auto' ? Math.min(1.25, w <= h ? byWidth : Math.min(byWidth, byHeight)) : byWidth;
  const width = Math.floor(w * scale);
  sheet.style.width = width + 'px';
  sheet.style.setProperty('--k', width / 100 + 'px');
  const runs = Array.from(sheet.children);
  const natural = runs.map((run) => run.getBoundingClientRect().width);
  runs.forEach((run, i) => {
    const wanted = parseFloat(run.style.getPropertyValue('--width')) * width / 100;
    if (natural[i] > 0 && wanted > 0) run.style.transform = 'scaleX(' + wanted / natural[i] + ')';
  });
  const mark = sheet.querySelector('mark');
  if (mark) {
    const frame = box.getBoundingClientRect(), m = mark.getBoundingClientRect();
    sheet.style.transform = 'translateY(' + -Math.round(m.top + m.height / 2 - (frame.top + box.clientHeight / 2)) + 'px)';
  }
  window.viewerEarly.previewed = { page: Number(sheet.dataset.page || page), marked: Array.from(sheet.querySelectorAll('mark'), (m) => m.textContent).join(' ') };
  requestAnimationFrame(() => { at.preview = performance.now(); });
}`;
