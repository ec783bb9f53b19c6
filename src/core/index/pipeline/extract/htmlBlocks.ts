/**
 * The readable text of an HTML page as a list of blocks (a heading, a paragraph, a list item, a
 * table cell...) with where each came from in the source, parsed by htmlparser2 (a real,
 * forgiving HTML tokenizer: entities, raw-text `<script>`, implied end tags). Scripts, styles and
 * navigation are not the page's content and are dropped. Used for HTML files and for the HTML
 * mammoth makes of a DOCX.
 *
 * Time is linear in the input whatever its nesting (see DepthCappedParser), and the text kept is
 * capped (`maxChars`): parsing stops there.
 */
import { Parser, type Handler, type ParserOptions } from 'htmlparser2';

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

/**
 * At most this many open elements, as browsers build the tree: Blink and WebKit stop nesting at
 * 512 (`kMaximumHTMLParserDOMTreeDepth`) and make deeper elements siblings of the deepest.
 */
export const MAX_OPEN_ELEMENTS = 512;

/** The parts of htmlparser2's Parser (12.x) the cap works on; checked when a parser is made. */
interface ParserInternals {
  stack: string[];
  popElement(implied: boolean): void;
}

/**
 * htmlparser2's Parser keeps its open elements in an array it `unshift`s and `shift`s, and scans
 * it for every end tag: O(depth) per tag, so `<div>` nested 320,000 deep took 78 s and 100,000
 * unclosed `<b><i>` pairs 5 s (fb55/htmlparser2#2481 proposes push/pop; the end-tag scans would
 * stay). With the stack held at MAX_OPEN_ELEMENTS, every tag costs at most that: a new element at
 * the cap first closes the deepest open one (an implied close, as for `<p>` after `<p>`), so it
 * becomes its sibling, and every element still gets its close event.
 */
class DepthCappedParser extends Parser {
  /** Elements that closed their deepest open sibling to keep the cap. */
  flattened = 0;

  constructor(handler: Partial<Handler>, options: ParserOptions) {
    super(handler, options);
    const internals = this as unknown as Partial<ParserInternals>;
    // A future htmlparser2 that renames these must fail the tests here, not parse in quadratic time.
    if (!Array.isArray(internals.stack) || typeof internals.popElement !== 'function') {
      throw new Error('htmlparser2 changed: its open-element stack is not where DepthCappedParser expects it');
    }
  }

  override onopentagname(start: number, endIndex: number): void {
    const internals = this as unknown as ParserInternals;
    if (internals.stack.length >= MAX_OPEN_ELEMENTS) {
      internals.popElement(true);
      this.flattened++;
    }
    super.onopentagname(start, endIndex);
  }
}

export interface HtmlBlocks {
  blocks: HtmlBlock[];
  /** The page nested deeper than MAX_OPEN_ELEMENTS: the deeper elements were read as siblings. */
  flattened: boolean;
  /** Parsing stopped at `maxChars` characters of text. */
  cut: boolean;
}

export function htmlBlocks(html: string, options: { maxChars?: number } = {}): HtmlBlocks {
  const maxChars = options.maxChars ?? Number.POSITIVE_INFINITY;
  const blocks: HtmlBlock[] = [];
  let kept = 0;
  let cut = false;
  let skipDepth = 0;
  let preDepth = 0;
  let level = 0;
  let text = '';
  let start = -1;
  let end = -1;

  const flush = (): void => {
    const content = preDepth > 0 ? text.replace(/^\n+|\s+$/g, '') : text.replace(/\s+/g, ' ').trim();
    if (content !== '') {
      blocks.push({ text: content, level, start, end });
      kept += content.length;
    }
    text = '';
    start = -1;
    end = -1;
  };

  const parser: DepthCappedParser = new DepthCappedParser(
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
        if (skipDepth > 0 || cut) return;
        text += data;
        // Offsets of the visible part of this piece in the source (entities are decoded in
        // `data`, so the raw slice is measured instead).
        const raw = html.slice(parser.startIndex, parser.endIndex + 1);
        const lead = raw.length - raw.trimStart().length;
        if (lead !== raw.length) {
          if (start < 0) start = parser.startIndex + lead;
          end = parser.startIndex + raw.trimEnd().length - 1;
        }
        if (kept + text.length > maxChars) {
          // The limit falls in this block: keep its start, and read no further.
          text = text.slice(0, Math.max(0, maxChars - kept));
          cut = true;
          flush();
          parser.pause();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  if (!cut) {
    parser.end();
    flush();
  }
  return { blocks, flattened: parser.flattened > 0, cut };
}
