/**
 * Draws a located passage over pdf.js's pages. Boxes are measured once per page from the text
 * layer's own spans (a DOM Range over the located characters) and kept in percent of the page,
 * so zooming needs no re-measuring; pdf.js clears foreign nodes when it re-renders a page, so the
 * overlay is put back on every render event. The text layer itself is never modified (its find
 * highlighting rewrites those spans).
 */
import type { LocatedSpan } from '../../src/core/citations/locate';
import { USER_HIGHLIGHT_CLASS } from './userHighlights';

/** What to draw on one page: spans index pdf.js's text items (marked-content entries included). */
export interface PageMarks {
  page: number;
  items: readonly { str?: string }[];
  spans: LocatedSpan[];
  emphasis: LocatedSpan[];
  /**
   * A page read by OCR (no text layer to measure): the items are its words, and each has its box,
   * [left, top, right, bottom] in fractions of the page.
   */
  wordBoxes?: ReadonlyArray<readonly [number, number, number, number]>;
  /** The user's own highlight (./userHighlights.ts): drawn in their colour. */
  color?: string | null;
}

/** The parts of pdf.js's PDFPageView used here. */
export interface PageViewLike {
  id: number;
  div: HTMLDivElement;
  textLayer?: { div: HTMLDivElement; highlighter?: { textDivs: HTMLElement[] | null } | null } | null;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
  emphasis: boolean;
}

export class PassageHighlights {
  private marks = new Map<number, PageMarks>();
  private boxes = new Map<number, Box[]>();
  private shown: PageMarks[] = [];

  /**
   * Replaces what is highlighted; pages not in `marks` lose their overlay when next drawn. The
   * marks already shown keep their boxes and overlays (the first page's picture keeps its
   * highlight while the viewer lays out its pages).
   */
  set(marks: PageMarks[]): void {
    if (marks === this.shown) return;
    this.shown = marks;
    for (const overlay of document.querySelectorAll('.lra-highlights')) overlay.remove();
    this.marks = new Map(marks.map((m) => [m.page, m]));
    this.boxes.clear();
  }

  has(page: number): boolean {
    return this.marks.has(page);
  }

  /** True when the page's boxes are known (OCR'd words, or measured already): drawable before any text layer exists. */
  knowsBoxes(page: number): boolean {
    return this.boxes.has(page) || this.marks.get(page)?.wordBoxes !== undefined;
  }

  /** Boxes measured so far, over all pages (what the viewer reports as drawn). */
  get boxCount(): number {
    let count = 0;
    for (const boxes of this.boxes.values()) count += boxes.length;
    return count;
  }

  /** Puts the page's overlay (back) in place; returns its first box element, or null when nothing could be drawn yet. */
  draw(view: PageViewLike): HTMLElement | null {
    const marks = this.marks.get(view.id);
    view.div.querySelector(':scope > .lra-highlights')?.remove();
    if (!marks) return null;
    let boxes = this.boxes.get(view.id);
    if (!boxes) {
      boxes = marks.wordBoxes ? fromWordBoxes(marks, marks.wordBoxes) : measure(view, marks);
      if (boxes.length === 0) return null;
      this.boxes.set(view.id, boxes);
    }
    const overlay = document.createElement('div');
    overlay.className = 'lra-highlights';
    overlay.dataset.page = String(view.id);
    for (const box of boxes) {
      const el = document.createElement('div');
      el.className = box.emphasis ? 'lra-highlight lra-emphasis' : marks.color !== undefined ? `lra-highlight ${USER_HIGHLIGHT_CLASS}` : 'lra-highlight';
      if (marks.color) el.style.backgroundColor = marks.color;
      el.style.left = `${box.left}%`;
      el.style.top = `${box.top}%`;
      el.style.width = `${box.width}%`;
      el.style.height = `${box.height}%`;
      overlay.append(el);
    }
    // Under the text layer, so text stays selectable through the highlight.
    const textLayer = view.textLayer?.div;
    if (textLayer?.parentElement === view.div) view.div.insertBefore(overlay, textLayer);
    else view.div.append(overlay);
    return overlay.firstElementChild as HTMLElement | null;
  }
}

/** The text of spans as pdf.js holds it (what the user sees highlighted). */
export function spanText(items: readonly { str?: string }[], spans: readonly LocatedSpan[]): string {
  return spans
    .map((s) => (items[s.item]?.str ?? '').slice(s.start, s.end))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function measure(view: PageViewLike, marks: PageMarks): Box[] {
  const textDivs = view.textLayer?.highlighter?.textDivs;
  const reference = view.textLayer?.div;
  if (!textDivs || !reference) return [];
  const frame = reference.getBoundingClientRect();
  if (frame.width === 0 || frame.height === 0) return [];
  const divIndex = textDivIndex(marks.items);
  const rects: Box[] = [];
  const add = (spans: LocatedSpan[], emphasis: boolean) => {
    for (const span of spans) {
      const div = textDivs[divIndex[span.item] ?? -1];
      if (!div) continue;
      const range = rangeIn(div, span.start, span.end);
      if (!range) continue;
      for (const r of range.getClientRects()) {
        if (r.width < 0.5 || r.height < 0.5) continue;
        rects.push({
          left: ((r.left - frame.left) / frame.width) * 100,
          top: ((r.top - frame.top) / frame.height) * 100,
          width: (r.width / frame.width) * 100,
          height: (r.height / frame.height) * 100,
          emphasis,
        });
      }
    }
  };
  add(marks.spans, false);
  add(marks.emphasis, true);
  return mergeLines(rects);
}

/**
 * Boxes of located characters of OCR'd words: a whole word's box, or the share of it the
 * characters take (a passage may start or end inside a word), in percent of the page.
 */
function fromWordBoxes(marks: PageMarks, wordBoxes: NonNullable<PageMarks['wordBoxes']>): Box[] {
  const rects: Box[] = [];
  const add = (spans: LocatedSpan[], emphasis: boolean) => {
    for (const span of spans) {
      const box = wordBoxes[span.item];
      const length = marks.items[span.item]?.str?.length ?? 0;
      if (!box || length === 0) continue;
      const [left, top, right, bottom] = box;
      const x0 = left + ((right - left) * span.start) / length;
      const x1 = left + ((right - left) * span.end) / length;
      rects.push({ left: x0 * 100, top: top * 100, width: (x1 - x0) * 100, height: (bottom - top) * 100, emphasis });
    }
  };
  add(marks.spans, false);
  add(marks.emphasis, true);
  return mergeLines(rects);
}

/** pdf.js makes one text-layer span per item that has `str`: item index -> span index. */
function textDivIndex(items: readonly { str?: string }[]): number[] {
  const index: number[] = [];
  let next = 0;
  for (const item of items) index.push(item.str === undefined ? -1 : next++);
  return index;
}

/** A Range over characters [start, end) of an element's text, whatever nodes its text is split into. */
function rangeIn(element: HTMLElement, start: number, end: number): Range | null {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let offset = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (!started && start <= offset + length) {
      range.setStart(node, Math.max(0, start - offset));
      started = true;
    }
    if (started && end <= offset + length) {
      range.setEnd(node, Math.max(0, end - offset));
      return range;
    }
    offset += length;
  }
  return null;
}

/** Joins boxes that sit on one line and touch, so a highlighted line reads as one mark. */
function mergeLines(boxes: Box[]): Box[] {
  const sorted = [...boxes].sort((a, b) => Number(a.emphasis) - Number(b.emphasis) || a.top - b.top || a.left - b.left);
  const merged: Box[] = [];
  for (const box of sorted) {
    const last = merged[merged.length - 1];
    const sameLine = last && last.emphasis === box.emphasis && Math.abs(last.top - box.top) < Math.min(last.height, box.height) * 0.5;
    if (last && sameLine && box.left <= last.left + last.width + 1.5) {
      const right = Math.max(last.left + last.width, box.left + box.width);
      const bottom = Math.max(last.top + last.height, box.top + box.height);
      last.top = Math.min(last.top, box.top);
      last.width = right - last.left;
      last.height = bottom - last.top;
    } else {
      merged.push({ ...box });
    }
  }
  return merged;
}
