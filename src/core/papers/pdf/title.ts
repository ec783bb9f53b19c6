/**
 * A paper's title from page 1's layout: the largest text in the upper half of the page that is not
 * a journal banner, volume line or heading, joined across its lines. A title set no larger than the
 * body (old reports, R News) is recognised as a centred line in capitals above the body. A short
 * line right under the title, larger than the body and not names, is its subtitle. When nothing
 * qualifies there is no title: never a random line.
 */
import { isCentred, sameSize, type Line, type PageLines, type Segment } from './layout';
import { parseNames, isAllCaps } from './names';
import { endsFrontMatter, isBanner, isEmailOrUrl, isHeading, parseDateLine, titleCase } from './patterns';

export interface TitleFound {
  text: string;
  /** Index in `page.lines` of the title's last line (the front matter starts after it). */
  lastLine: number;
  /** Baseline of the title's first line. */
  y: number;
  size: number;
}

/** How much larger than the body a title must be. */
const TITLE_OVER_BODY = 1.15;
/** The part of the page a title is looked for in, from the top. */
const TITLE_ZONE = 0.55;

export function findTitle(page: PageLines): TitleFound | undefined {
  const candidates = page.lines
    .map((line, index) => ({ line, index, segments: titleSegments(line) }))
    .filter(({ line, segments }) => line.y <= page.height * TITLE_ZONE && segments.length > 0);
  const largest = Math.max(0, ...candidates.flatMap(({ segments }) => segments.map((segment) => segment.size)));
  let start = largest >= page.bodySize * TITLE_OVER_BODY ? candidates.find(({ segments }) => segments.some((s) => sameSize(s.size, largest))) : undefined;
  let size = largest;
  if (!start) {
    // No larger text: a centred line in capitals above the body, as older typesetting sets a title.
    start = candidates.find(
      ({ line, segments }) =>
        line.y <= page.height * 0.4 &&
        isAllCaps(line.text) &&
        isCentred(line, page.width) &&
        segments.length === line.segments.length &&
        line.text.split(' ').length >= 2,
    );
    if (!start) return undefined;
    size = start.line.size;
  }
  const parts: string[] = [];
  let lastLine = start.index;
  let lastY = start.line.y;
  for (let index = start.index; index < page.lines.length; index++) {
    const line = page.lines[index]!;
    if (index > start.index && line.y - lastY > 2 * size) break;
    // Past its first line a title goes on in its size whatever it says ("… as of" / "Feb. 2005").
    const inSize = (index === start.index ? titleSegments(line) : line.segments.filter((segment) => !isHeading(segment.text))).filter((segment) =>
      sameSize(segment.size, size),
    );
    if (inSize.length === 0) break;
    parts.push(inSize.map((segment) => segment.text).join(' '));
    lastLine = index;
    lastY = line.y;
  }
  let text = joinTitleLines(parts);
  const subtitle = subtitleAfter(page, lastLine, size);
  if (subtitle) {
    text = `${text.replace(/[:.]$/, '')}: ${subtitle}`;
    lastLine += 1;
  }
  if (isAllCaps(text)) text = titleCase(text);
  if (!readable(text)) return undefined;
  // One word set large off-centre is a label (a figure's node), not a title ("Concordance" is centred).
  if (!text.includes(' ') && !isCentred(start.line, page.width)) return undefined;
  return { text, lastLine, y: start.line.y, size };
}

/**
 * Text a reader can read: mostly letters. A font without a usable encoding comes out as symbols
 * ("P❡♥❛❧✐③❡❞"), which is no title.
 */
function readable(text: string): boolean {
  const visible = text.replace(/\s+/g, '');
  const letters = visible.replace(/[^\p{L}\p{N}]/gu, '').length;
  const plain = visible.replace(/[^\p{L}\p{N}\p{P}]/gu, '').length;
  return letters >= 3 && plain >= visible.length * 0.9;
}

/** A line's segments that could be part of a title: not banners, headings, dates or addresses. */
function titleSegments(line: Line): Segment[] {
  return line.segments.filter(
    (segment) =>
      /\p{L}{2}/u.test(segment.text) && !isBanner(segment.text) && !isHeading(segment.text) && !isEmailOrUrl(segment.text) && !/^page \d+/i.test(segment.text),
  );
}

/** Title lines joined: a line ending in a hyphen ("Population-") runs on without a space. */
function joinTitleLines(parts: readonly string[]): string {
  return parts
    .reduce((joined, part) => (joined === '' ? part : joined.endsWith('-') ? joined + part : `${joined} ${part}`), '')
    .replace(/\s*[∗*†‡]+$/u, '')
    .replace(/[,;]$/, '')
    .trim();
}

/**
 * The line under the title when it reads as its subtitle: close below, larger than the body but
 * smaller than the title, one segment, words in lower case that are not name particles, and not
 * names, a date, an address or a banner.
 */
function subtitleAfter(page: PageLines, lastLine: number, titleSize: number): string | undefined {
  const line = page.lines[lastLine + 1];
  const previous = page.lines[lastLine];
  if (!line || !previous || line.segments.length !== 1) return undefined;
  const text = line.text;
  if (line.y - previous.y > 1.9 * titleSize || line.size <= page.bodySize * 1.05 || line.size >= titleSize) return undefined;
  if (!/^\p{Lu}/u.test(text) || /^by\s/i.test(text) || /\b(?:19|20)\d{2}\b/.test(text) || isBanner(text) || isEmailOrUrl(text) || endsFrontMatter(text))
    return undefined;
  if (parseNames(text) || parseDateLine(text)) return undefined;
  const lowerWords = text
    .split(/\s+/)
    .filter((word) => /^\p{Ll}{2,}/u.test(word) && !['van', 'von', 'de', 'der', 'den', 'la', 'le', 'and', 'und'].includes(word));
  return lowerWords.length >= 1 && text.split(/\s+/).length >= 3 ? text : undefined;
}
