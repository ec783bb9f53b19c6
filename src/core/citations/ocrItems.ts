/**
 * A page read by OCR as the locator's text items, so a cited passage is found in it the same way
 * as in a text layer (same folding, same header/footer rule). Pure: bundled into the webview.
 */
import { foldText } from './fold';
import type { LocatorItem } from './locate';
import type { OcrPageWords } from './viewerProtocol';

/**
 * One item a word, in the order OCR read them; a word ends a line (`hasEOL`, which the locator's
 * header/footer rule counts lines by) when the next word starts left of it or below its middle.
 */
export function ocrLocatorItems(words: OcrPageWords['words']): LocatorItem[] {
  return words.map((word, index) => {
    const next = words[index + 1];
    const endsLine = !next || next.box[0] < word.box[0] || next.box[1] > (word.box[1] + word.box[3]) / 2;
    return { str: word.text, hasEOL: endsLine };
  });
}

/**
 * Whether OCR's words stand for the page rather than its text layer: as indexing decided
 * (`applyOcr.ts`: OCR text replaces a page's text when it has more to say), compared here in
 * folded characters.
 */
export function ocrStandsForPage(words: OcrPageWords['words'], layer: readonly LocatorItem[]): boolean {
  const size = (texts: string[]) => foldText(texts.join(' ')).length;
  return size(words.map((w) => w.text)) > size(layer.map((item) => item.str ?? ''));
}
