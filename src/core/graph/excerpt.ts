/**
 * The quoted part of a passage in an extractive answer: the run of sentences and code blocks that
 * shares the most words with the question, as Markdown. Code stays a fenced block with its
 * language (flattening it into prose made it unreadable), and so does a table of a PDF's text, as
 * a plain block with a row per line; every fence opened is closed (an open one would swallow the
 * rest of the answer), and text is cut only between sentences, lines or words.
 */
import { cutAtWord } from '../text/snippet';
import { textBlocks, type TextBlock } from './textBlocks';
import { isTableRow, MIN_TABLE_ROWS } from '../index/search/tables';
import { analyzeQuery } from '../index/search/query';

type Piece = { kind: 'sentence'; text: string; group: number; listItem: boolean } | { kind: 'code'; lang: string; lines: string[]; group: number };

const HEADING = /^#{1,6}\s+(.+?)\s*#*$/;
const LIST_OR_HEADING = /^\s*(?:[-*+]|\d+[.)])\s|^\s{0,3}#{1,6}\s/;

export interface Excerpt {
  markdown: string;
  /** The excerpt ends with a code block: a citation marker must go on a line of its own. */
  endsWithCode: boolean;
}

export function excerpt(text: string, question: string, maxChars = 500): Excerpt {
  const pieces = piecesOf(textBlocks(text));
  if (pieces.length === 0) return { markdown: cutAtWord(text.replace(/\s+/g, ' ').trim(), maxChars), endsWithCode: false };
  // The question's content words: "the", "was" and "with" are in every sentence, and would pick the longest.
  const content = new Set(analyzeQuery(question).terms.flatMap((term) => words(term)));
  const terms = content.size > 0 ? content : new Set(words(question));
  const score = pieces.map((p) => words(p.kind === 'code' ? p.lines.join('\n') : p.text).filter((w) => terms.has(w)).length);
  const size = pieces.map((p) => (p.kind === 'code' ? p.lines.join('\n').length + 8 : p.text.length + 1));
  let best = { from: 0, to: 0, score: -1 };
  for (let from = 0; from < pieces.length; from++) {
    let total = 0;
    let sum = 0;
    for (let to = from; to < pieces.length; to++) {
      total += size[to]!;
      if (total > maxChars && to > from) break;
      sum += score[to]!;
      if (sum > best.score || (sum === best.score && to - from > best.to - best.from && from === best.from)) best = { from, to, score: sum };
    }
  }
  // A sentence that introduces the code block ("Create it like this:") belongs with it.
  const before = pieces[best.from - 1];
  if (pieces[best.from]!.kind === 'code' && before?.kind === 'sentence' && /:\s*$/.test(before.text)) best.from--;
  const chosen = pieces.slice(best.from, best.to + 1);
  return { markdown: render(chosen, maxChars), endsWithCode: chosen.at(-1)!.kind === 'code' };
}

function piecesOf(blocks: TextBlock[]): Piece[] {
  const pieces: Piece[] = [];
  let group = 0;
  for (const block of blocks) {
    if (block.kind === 'code') {
      const lines = trimBlank(block.lines.map((l) => l.trimEnd()));
      if (lines.length) pieces.push({ kind: 'code', lang: block.lang, lines, group: ++group });
      continue;
    }
    // Paragraphs end at blank lines; list items and headings stand on their own lines.
    let paragraph: string[] = [];
    const flush = () => {
      // A heading inside a quote would render at heading size: it reads as a bold line instead.
      const flat = paragraph.join(' ').replace(/\s+/g, ' ').trim().replace(HEADING, '**$1**');
      const listItem = LIST_OR_HEADING.test(paragraph[0] ?? '');
      paragraph = [];
      if (!flat) return;
      group++;
      for (const sentence of flat.split(/(?<=[.!?])\s+(?=\S)/)) pieces.push({ kind: 'sentence', text: sentence, group, listItem });
    };
    const tables = tableRuns(block.lines);
    block.lines.forEach((line, i) => {
      const table = tables.find((run) => run.from <= i && i < run.to);
      if (table) {
        if (i !== table.from) return;
        flush();
        pieces.push({ kind: 'code', lang: '', lines: block.lines.slice(table.from, table.to).map((l) => l.trim()), group: ++group });
        return;
      }
      if (line.trim() === '' || LIST_OR_HEADING.test(line)) flush();
      if (line.trim() !== '') paragraph.push(line);
    });
    flush();
  }
  return pieces;
}

/** Column heads: short lines just above a table's rows that do not end a sentence or clause. */
const TABLE_HEAD = /^(?!\s*(?:[-*+]|\d+[.)])\s).{1,79}[^.!?:;,\s]\s*$/u;
const MAX_TABLE_HEADS = 2;

/**
 * The tables of a prose block (line ranges, `to` exclusive): MIN_TABLE_ROWS adjacent rows and the
 * column heads above them. Flowed into a paragraph, "Rcpp sugar 145 0.67 NumericVector::iterator
 * 217 1.00" is unreadable; a plain block keeps each row on its line.
 */
function tableRuns(lines: string[]): Array<{ from: number; to: number }> {
  const runs: Array<{ from: number; to: number }> = [];
  for (let i = 0; i < lines.length;) {
    let end = i;
    while (end < lines.length && isTableRow(lines[end]!)) end++;
    if (end - i >= MIN_TABLE_ROWS) {
      let from = i;
      const floor = runs.at(-1)?.to ?? 0;
      while (from > floor && i - from < MAX_TABLE_HEADS && TABLE_HEAD.test(lines[from - 1]!)) from--;
      // A table in parts ("Female" rows, then "Male" rows under their own head) stays one block.
      const previous = runs.at(-1);
      if (previous && previous.to === from) previous.to = end;
      else runs.push({ from, to: end });
    }
    i = Math.max(end, i + 1);
  }
  return runs;
}

function render(pieces: Piece[], maxChars: number): string {
  let out = '';
  let previous: Piece | undefined;
  for (const piece of pieces) {
    const alone = pieces.length === 1;
    if (piece.kind === 'code') {
      out += (previous ? '\n\n' : '') + fenced(piece.lang, alone ? cutLines(piece.lines, maxChars) : piece.lines);
    } else {
      const text = alone ? cutAtWord(piece.text, maxChars) : piece.text;
      const separator = !previous
        ? ''
        : previous.group === piece.group
          ? ' '
          : previous.kind === 'sentence' && previous.listItem && piece.listItem
            ? '\n'
            : '\n\n';
      out += separator + text;
    }
    previous = piece;
  }
  return out;
}

/** A fence longer than any backtick run inside, so code that itself shows a fence cannot close it. */
function fenced(lang: string, lines: string[]): string {
  const longest = Math.max(0, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((r) => r.length))));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${lines.join('\n')}\n${fence}`;
}

/** Whole lines up to the budget (at least one, itself cut at a word), then an ellipsis line. */
function cutLines(lines: string[], maxChars: number): string[] {
  const kept: string[] = [];
  let total = 0;
  for (const line of lines) {
    if (total + line.length + 1 > maxChars) break;
    kept.push(line);
    total += line.length + 1;
  }
  if (kept.length === lines.length) return kept;
  return kept.length ? [...kept, '…'] : [cutAtWord(lines[0]!, maxChars)];
}

function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === '') start++;
  while (end > start && lines[end - 1] === '') end--;
  return lines.slice(start, end);
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9_]{3,}/g) ?? [];
}
