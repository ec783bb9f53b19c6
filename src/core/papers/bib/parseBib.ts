/**
 * Reads a BibTeX / BibLaTeX file into entries with @retorquere/bibtex-parser (the parser Better
 * BibTeX uses: LaTeX accents, `@string`, case protection, name lists). The file is cut into
 * entries at each `@type{` that starts a line and each entry is parsed on its own, so that:
 * - one broken entry (unbalanced braces) costs that entry, not every entry after it, and is
 *   reported with its file and line;
 * - parsing stays linear in the file's size (the parser's own whole-file run grows faster), and an
 *   editor can yield between entries;
 * - an unchanged entry is not parsed again (entries are memoised by the hash of their text).
 * Duplicate keys keep the first entry (as biber does) and report the others.
 */
import { createHash } from 'node:crypto';
import { assembleBib, type BibProblem, type BlockResult, type ParsedBib, type ParsedBlock } from './assembleBib';
import { readPlainEntry } from './plainEntry';
import { toStoredEntry } from './storedEntry';
import { lineCounter } from '../../text/lines';

export { assembleBib, type BibProblem, type BlockResult, type ParsedBib, type ParsedBlock } from './assembleBib';
export type { StoredEntry } from './storedEntry';

type Parser = typeof import('@retorquere/bibtex-parser');

let parser: Promise<Parser> | undefined;
/** Loaded on first use: about 1 MB of code that a session without a .bib never needs. */
function loadParser(): Promise<Parser> {
  parser ??= import('@retorquere/bibtex-parser');
  return parser;
}

/** One `@type{…}` block of the file, with its 1-based first line. */
interface Block {
  type: string;
  text: string;
  line: number;
}

/**
 * What one bib file may cost: entries read (2 million `@a{` lines are not 2 million entries to
 * parse), characters in one entry (a 40 MB abstract, a million nested braces), and time per read
 * of the file (entries not reached are read by the next read; those read are kept).
 */
export interface BibLimits {
  maxEntries: number;
  maxEntryChars: number;
  timeMs: number;
}

export const BIB_LIMITS: BibLimits = { maxEntries: 100_000, maxEntryChars: 100_000, timeMs: 8_000 };

const BLOCK_START = /^[ \t]*@([A-Za-z]+)[ \t]*[{(]/gm;
const SKIPPED_TYPES = new Set(['string', 'comment', 'preamble']);

/** The file's blocks, at most `max` (and whether there were more). */
function blocksOf(text: string, max: number): { blocks: Block[]; more: boolean } {
  const lineAt = lineCounter(text);
  const starts: Array<{ index: number; type: string }> = [];
  BLOCK_START.lastIndex = 0;
  for (let m = BLOCK_START.exec(text); m && starts.length <= max; m = BLOCK_START.exec(text)) starts.push({ index: m.index, type: m[1]!.toLowerCase() });
  const more = starts.length > max;
  // The block after the last one kept ends where the next begins, not at the end of the file.
  const kept = starts.slice(0, max);
  const blocks = kept.map((start, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]!.index : text.length;
    return { type: start.type, text: text.slice(start.index, end), line: lineAt(start.index) };
  });
  return { blocks, more };
}

/** Parsed entries by the hash of their text and the strings they were parsed with. */
const memo = new Map<string, BlockResult>();
const MEMO_LIMIT = 50_000;

export interface ParseBibOptions {
  /** Called between entries about every 20 ms, so a long file never holds an editor's thread. */
  yieldNow?: () => Promise<void>;
  signal?: AbortSignal;
  /** Blocks read before (a cache of this file's last read), by hash: only what changed is parsed. */
  known?: ReadonlyMap<string, BlockResult>;
  limits?: BibLimits;
  /** Read plain entries without the full parser (./plainEntry.ts); off to compare the two. */
  plain?: boolean;
}

export interface BibRead extends ParsedBib {
  /** Every entry block in order, for a cache of this read. */
  blocks: ParsedBlock[];
  /** Problems of the file as a whole (limits, @string), kept with the blocks. */
  fileProblems: BibProblem[];
}

export async function parseBibText(text: string, bibFile: string, options: ParseBibOptions = {}): Promise<BibRead> {
  const limits = options.limits ?? BIB_LIMITS;
  const started = performance.now();
  const { parse } = await loadParser();
  const fileProblems: BibProblem[] = [];
  const { blocks, more } = blocksOf(text, limits.maxEntries);
  if (more)
    fileProblems.push({
      bibFile,
      line: blocks.at(-1)?.line ?? 1,
      message: `more than ${limits.maxEntries.toLocaleString('en')} entries: the rest of the file is left out`,
    });
  const strings: Record<string, string> = {};
  for (const block of blocks.filter((b) => b.type === 'string')) {
    try {
      Object.assign(strings, parse(guardAngles(block.text), { sentenceCase: false }).strings);
    } catch (error) {
      fileProblems.push({ bibFile, line: block.line, message: `@string cannot be read: ${describe(error)}` });
    }
  }
  const stringsKey = JSON.stringify(strings);
  const read: ParsedBlock[] = [];
  let lastYield = performance.now();
  let outOfTime = 0;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (SKIPPED_TYPES.has(block.type)) continue;
    options.signal?.throwIfAborted();
    if (block.text.length > limits.maxEntryChars) {
      read.push({ hash: '', line: block.line, result: { error: `${entryName(block.text)} is over ${limits.maxEntryChars.toLocaleString('en')} characters` } });
      continue;
    }
    const hash = hashOf(stringsKey, block.text);
    let result = options.known?.get(hash) ?? null;
    if (!result && performance.now() - started > limits.timeMs) {
      outOfTime++;
      read.push({ hash, line: block.line, result: null });
      continue;
    }
    result ??= readBlock(parse, block.text, hash, strings, options.plain ?? true);
    let blockHash = hash;
    // A line inside a field that starts with `@` cut one entry in two: both halves fail alone.
    const next = blocks[i + 1];
    if (!result.entry && next && !SKIPPED_TYPES.has(next.type) && block.text.length + next.text.length <= limits.maxEntryChars) {
      const joinedHash = hashOf(stringsKey, block.text + next.text);
      const joined = options.known?.get(joinedHash) ?? readBlock(parse, block.text + next.text, joinedHash, strings, options.plain ?? true);
      if (joined.entry) {
        result = joined;
        blockHash = joinedHash;
        i++;
      }
    }
    read.push({ hash: blockHash, line: block.line, result });
    if (options.yieldNow && performance.now() - lastYield > 20) {
      await options.yieldNow();
      lastYield = performance.now();
    }
  }
  if (outOfTime > 0)
    fileProblems.push({
      bibFile,
      line: read.find((b) => b.result === null)!.line,
      message: `${outOfTime.toLocaleString('en')} entries not read within the ${(limits.timeMs / 1000).toFixed(0)} s a bib file is given at a time: the next read goes on from there`,
    });
  return { ...assembleBib(read, bibFile, fileProblems), blocks: read, fileProblems };
}

function hashOf(stringsKey: string, text: string): string {
  return createHash('sha1').update(stringsKey).update('\u0000').update(text).digest('base64url');
}

/** One block's entry; `hash` (of its text and the @strings) names it in the memo. */
function readBlock(parse: Parser['parse'], text: string, hash: string, strings: Record<string, string>, plain: boolean): BlockResult {
  const key = `${plain ? 'p' : 'f'}${hash}`;
  const known = memo.get(key);
  if (known) return known;
  let result: BlockResult;
  const fast = plain ? readPlainEntry(text, strings) : null;
  if (fast) result = { entry: toStoredEntry(fast) };
  else {
    try {
      const library = parse(guardAngles(text), { sentenceCase: false, strings });
      const entry = library.entries.length === 1 ? library.entries[0]! : null;
      // An entry the parser had to repair (its braces did not close) is not trusted: its fields
      // may have swallowed the next ones ("title = {A, author = {B}}").
      const error = library.errors[0]?.error ?? (entry ? undefined : `${library.entries.length} entries in one block`);
      result =
        error || !entry?.key ? { error: `${entryName(text)} cannot be read (${cut(error ?? 'no key', 200)})` } : { entry: restoreAngles(toStoredEntry(entry)) };
    } catch (error) {
      result = { error: `${entryName(text)} cannot be read (${describe(error)})` };
    }
  }
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(key, result);
  return result;
}

/**
 * `<` and `>` as the text says them: the parser prints them as LaTeX's OT1 font does (¡ and ¿), so
 * they are swapped for private-use characters it leaves alone, and swapped back in what it gives.
 */
const LT = '\ue000';
const GT = '\ue001';
function guardAngles(text: string): string {
  return text.replace(/</g, LT).replace(/>/g, GT);
}
function restoreAngles<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll(LT, '<').replaceAll(GT, '>') as T;
  if (Array.isArray(value)) return value.map(restoreAngles) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, restoreAngles(v)])) as T;
  return value;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function entryName(text: string): string {
  const head = /@([A-Za-z]+)\s*[{(]\s*([^,\s]{0,80})/.exec(text);
  return head ? `@${head[1]}{${head[2]}` : 'an entry';
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
}
