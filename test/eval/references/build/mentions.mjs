// Writes a truth file's mentions from the PDF's citation links (hyperref): every internal link
// whose destination is the start of one of the truth's entries is part of a mention of that
// entry; consecutive links to one entry are one mention ("Bates and DebRoy (" + "2004)") until
// a part holding the year (or a bracketed number) closes it. Links to sections, figures and
// equations point at no entry and are dropped. Prints what it could not place, to be checked by hand.
// usage: node test/eval/references/build/mentions.mjs test/eval/references/truth/NAME.json CORPUS_DIR
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfLinks } from './links.mjs';

const [truthFile, corpus] = process.argv.slice(2);
const truth = JSON.parse(readFileSync(truthFile, 'utf8'));
const fold = (s) =>
  s
    .replace(/[\u02c6-\u02dd\u00b4\u00a8\u00af\u00b8]\s?/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const families = (e) =>
  e.authors
    .split(';')
    .map((a) => a.split(',')[0].trim())
    .filter(Boolean);
const titleWords = (e) =>
  fold(e.title ?? '')
    .split(' ')
    .filter((w) => w.length > 3);

function entryAt(text) {
  // The destination's text starts with the entry and runs on into the next one: the entry is the
  // one whose names open it, in order, and whose year it prints (plainnat prints the year last).
  const at = ` ${fold(text)} `;
  let best = null;
  let bestScore = 0;
  truth.entries.forEach((e, i) => {
    const names = families(e).map(fold).slice(0, 3);
    const first = names[0];
    if (!first) return;
    const pos = at.indexOf(` ${first} `);
    if (pos < 0 || pos > 40) return;
    const head = at.slice(pos, pos + 60 + names.join(' ').length * 2);
    let from = 0;
    for (const name of names) {
      const k = head.indexOf(` ${name} `, from);
      if (k < 0) return;
      from = k + name.length;
    }
    const year = e.year ? fold(e.year) : null;
    if (year && !at.includes(` ${year} `)) return;
    const words = titleWords(e);
    const overlap = words.length ? words.filter((w) => at.includes(` ${w} `)).length / words.length : 0;
    // More names matched first, then the year in the head, then the title.
    const score = names.length * 10 + (year && head.includes(` ${year} `) ? 5 : 0) + overlap;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

const links = await pdfLinks(join(corpus, truth.path));
const mentions = [];
let open = null;
const unplaced = [];
const [firstPage, lastPage] = truth.referencePages;
for (const link of links) {
  const entry = link.destPage >= firstPage && link.destPage <= lastPage ? entryAt(link.at) : null;
  if (entry === null) {
    unplaced.push(link);
    open = null;
    continue;
  }
  // A mention may run over a page break ("… by Hamermesh and Parker" / "2005)"): it keeps its first page.
  if (open && open.entry === entry + 1 && (open.page === link.page || open.page + 1 === link.page) && !open.closed) {
    open.text += link.text;
    open.rects.push(link.rect);
  } else {
    open = { page: link.page, entry: entry + 1, text: link.text, rects: [link.rect] };
    mentions.push(open);
  }
  // The year (or the bracketed number) ends a mention; its parts are cut by width, so a digit may be lost.
  if (/\d\d|^\s*\[?\d+\]?\s*$/.test(link.text)) open.closed = true;
}
truth.mentions = mentions.map(({ page, entry, text, rects }) => ({ page, entry, text: text.replace(/\s+/g, ' ').trim(), rects }));
writeFileSync(
  truthFile,
  JSON.stringify(truth, null, 2)
    .replace(/\n\s+(-?[\d.]+,?)(?=\n)/g, ' $1')
    .replace(/\[ ([\d.,\s-]+?)\s*\]/g, '[$1]') + '\n',
);
console.log(`${truth.path}: ${mentions.length} mentions from ${links.length} links`);
// Links into the reference pages that name no entry: to be checked by hand.
for (const link of unplaced.filter((l) => l.destPage >= firstPage && l.destPage <= lastPage))
  console.log(`  not an entry: p${link.page} "${link.text}" -> p${link.destPage} ${link.at.slice(0, 70)}`);
