// Reads a PDF's internal links (hyperref's citation links) and prints, for each, the page and
// rectangle of the linked text, the text under it, and where it points (page, y) with the text
// printed there (the start of a reference entry). Used to build the mention truth: see ../README.md.
// usage: node test/eval/references/build/links.mjs FILE.pdf > out.json
import { getResolvedPDFJS } from 'unpdf';
import { readFileSync } from 'node:fs';

export async function pdfLinks(file) {
  const pdfjs = await getResolvedPDFJS();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 }).promise;
  const items = new Map();
  async function pageItems(n) {
    if (!items.has(n)) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      items.set(
        n,
        content.items
          .filter((i) => 'str' in i && i.str.trim() !== '')
          .map((i) => ({ str: i.str, x: i.transform[4], y: i.transform[5], w: i.width, h: Math.abs(i.transform[3]) || i.height })),
      );
    }
    return items.get(n);
  }
  function under(list, rect) {
    const [x0, y0, x1, y1] = rect;
    return list
      .filter((i) => i.y >= y0 - 1 && i.y <= y1 && i.x + i.w > x0 + 0.5 && i.x < x1 - 0.5)
      .map((i) => {
        // the part of the item inside the rectangle, by proportion of width
        const a = Math.max(0, Math.floor(((x0 - i.x) / i.w) * i.str.length + 0.3));
        const b = Math.min(i.str.length, Math.ceil(((x1 - i.x) / i.w) * i.str.length - 0.3));
        return i.str.slice(a, b);
      })
      .join('');
  }
  function below(list, y, x) {
    // lines printed just below a destination's top: the start of the entry
    const lines = list.filter((i) => i.y < y + 2 && i.y > y - 60 && i.x >= x - 20 && i.x < x + 460).sort((a, b) => b.y - a.y || a.x - b.x);
    return lines
      .map((i) => i.str)
      .join(' ')
      .slice(0, 400);
  }
  const out = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const list = await pageItems(p);
    for (const a of await page.getAnnotations()) {
      if (a.subtype !== 'Link' || a.url || !a.dest) continue;
      let dest = a.dest;
      if (typeof dest === 'string') dest = await doc.getDestination(dest);
      if (!Array.isArray(dest) || typeof dest[0] !== 'object') continue;
      const destPage = (await doc.getPageIndex(dest[0])) + 1;
      const destY = dest[3];
      const destX = dest[2] ?? 0;
      const target = await pageItems(destPage);
      out.push({
        page: p,
        rect: a.rect.map((v) => Math.round(v * 10) / 10),
        text: under(list, a.rect),
        destPage,
        destX: Math.round(destX),
        destY: Math.round(destY),
        at: below(target, destY, destX),
      });
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await pdfLinks(process.argv[2]), null, 0).replace(/\},\{/g, '},\n{'));
}
