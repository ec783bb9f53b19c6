/**
 * Blocks of an HTML page or a DOCX as the Markdown-like text the chunker reads: headings as `#`
 * lines (so each starts a section, as in a Markdown file), blocks separated by a blank line, and
 * for every line of that text the source range it came from (`ExtractedDocument.sourceLines`),
 * so a chunk cites the HTML file's own lines or the DOCX's paragraphs, not lines of this text.
 */
import type { HtmlBlock } from './htmlBlocks';

export interface BlockText {
  text: string;
  /** Index 0 is line 1 of `text`: [first, last] source line (HTML) or paragraph (DOCX). */
  sourceLines: Array<[number, number]>;
}

/**
 * `locate(block, index)` gives the block's source range; a `<pre>` block's k-th line is placed
 * k lines after its start (its line breaks are the source's).
 */
export function blockText(blocks: HtmlBlock[], locate: (block: HtmlBlock, index: number) => [number, number]): BlockText {
  const lines: string[] = [];
  const sourceLines: Array<[number, number]> = [];
  blocks.forEach((block, index) => {
    const [first, last] = locate(block, index);
    if (lines.length > 0) {
      lines.push('');
      sourceLines.push([first, first]);
    }
    const blockLines = block.level > 0 ? [`${'#'.repeat(block.level)} ${block.text}`] : block.text.split('\n');
    blockLines.forEach((line, k) => {
      lines.push(line);
      sourceLines.push(blockLines.length === 1 ? [first, last] : [Math.min(first + k, last), Math.min(first + k, last)]);
    });
  });
  return { text: lines.join('\n'), sourceLines };
}
