/**
 * The readable text of an HTML page as a list of blocks (a heading, a paragraph, a list item, a
 * table cell...) with where each came from in the source, parsed by htmlparser2 (a real,
 * forgiving HTML tokenizer: entities, raw-text `<script>`, implied end tags). Scripts, styles and
 * navigation are not the page's content and are dropped. Used for HTML files and for the HTML
 * mammoth makes of a DOCX.
 */
import { Parser } from 'htmlparser2';

export interface HtmlBlock {
  /** Whitespace collapsed to single spaces; `<pre>` keeps its line breaks. */
  text: string;
  /** 1-6 for `<h1>`-`<h6>`, 0 for any other block. */
  level: number;
  /** Character offsets in the source of the block's first and last visible character. */
  start: number;
  end: number;
}

/** Elements whose content is not read: code, styling, navigation, embedded objects. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'nav', 'title', 'svg', 'iframe', 'object', 'select', 'button']);

/** Elements that end the text before them and start a new block. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'br',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

const HEADING = /^h([1-6])$/;

export function htmlBlocks(html: string): HtmlBlock[] {
  const blocks: HtmlBlock[] = [];
  let skipDepth = 0;
  let preDepth = 0;
  let level = 0;
  let text = '';
  let start = -1;
  let end = -1;

  const flush = (): void => {
    const content = preDepth > 0 ? text.replace(/^\n+|\s+$/g, '') : text.replace(/\s+/g, ' ').trim();
    if (content !== '') blocks.push({ text: content, level, start, end });
    text = '';
    start = -1;
    end = -1;
  };

  const parser: Parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipDepth++;
        if (skipDepth > 0) return;
        if (BLOCKS.has(name)) flush();
        const heading = HEADING.exec(name);
        if (heading) level = Number(heading[1]);
        if (name === 'pre') preDepth++;
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) {
          skipDepth = Math.max(0, skipDepth - 1);
          return;
        }
        if (skipDepth > 0) return;
        if (BLOCKS.has(name)) flush();
        if (HEADING.test(name)) level = 0;
        if (name === 'pre') preDepth = Math.max(0, preDepth - 1);
      },
      ontext(data) {
        if (skipDepth > 0) return;
        text += data;
        // Offsets of the visible part of this piece in the source (entities are decoded in
        // `data`, so the raw slice is measured instead).
        const raw = html.slice(parser.startIndex, parser.endIndex + 1);
        const lead = raw.length - raw.trimStart().length;
        if (lead === raw.length) return;
        if (start < 0) start = parser.startIndex + lead;
        end = parser.startIndex + raw.trimEnd().length - 1;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}
