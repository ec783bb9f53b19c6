/**
 * Splits an extracted document into overlapping chunks that keep their provenance.
 *
 * Algorithm: the document becomes a list of line units (chunkUnits.ts), each scored by how good a
 * boundary it starts (heading > page > paragraph > sentence > mid-sentence). Units are packed
 * greedily up to `chunkSize` characters; when the next unit does not fit, the chunk is cut at the
 * best boundary in its second half, and the next chunk starts with up to `overlap` characters of
 * the previous one. Overlap is carried across page breaks on purpose: a sentence that starts on
 * page N and ends on page N+1 lands whole in a chunk whose pageStart..pageEnd covers both.
 * Markdown/text headings always start a new chunk (no overlap into another section), so every
 * chunk's heading is the section it belongs to.
 */
import { createHash } from 'node:crypto';
import { Break, documentUnits, type Unit } from './chunkUnits';
import type { Chunk, ExtractedDocument } from '../types';

export interface ChunkOptions {
  /** Target maximum chunk length in characters. */
  chunkSize: number;
  /** Characters of the previous chunk repeated at the start of the next one. */
  overlap: number;
}

export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { chunkSize: 1000, overlap: 150 };

/** Chunk size and overlap are user settings; nonsense values get a typed error, not odd chunks. */
export class InvalidChunkOptionsError extends Error {
  readonly code = 'invalid-chunk-options';
  constructor(message: string) {
    super(message);
    this.name = 'InvalidChunkOptionsError';
  }
}

/** Below this fill, a chunk is not cut at a mere boundary: it keeps growing to the size limit. */
const MIN_FILL = 0.5;

export function chunkDocument(doc: ExtractedDocument, options: Partial<ChunkOptions> = {}): Chunk[] {
  const opts = resolveChunkOptions(options);
  const units = documentUnits(doc, opts.chunkSize);
  const groups = packUnits(units, opts);
  const content = doc.kind === 'pdf' ? '' : doc.pages.join('\n');
  return groups.map((group, ordinal) => toChunk(doc, content, group, ordinal));
}

export function resolveChunkOptions(options: Partial<ChunkOptions>): ChunkOptions {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_OPTIONS.chunkSize;
  const overlap = options.overlap ?? DEFAULT_CHUNK_OPTIONS.overlap;
  if (!Number.isInteger(chunkSize) || chunkSize < 50) {
    throw new InvalidChunkOptionsError(`chunk size must be a whole number of characters >= 50, got ${chunkSize}`);
  }
  if (!Number.isInteger(overlap) || overlap < 0 || overlap > chunkSize / 2) {
    throw new InvalidChunkOptionsError(`chunk overlap must be a whole number between 0 and half the chunk size (${chunkSize / 2}), got ${overlap}`);
  }
  return { chunkSize, overlap };
}

interface Group {
  units: Unit[];
  /** Index of the first unit that is not overlap from the previous chunk. */
  ownStart: number;
}

function packUnits(units: Unit[], { chunkSize, overlap }: ChunkOptions): Group[] {
  const groups: Group[] = [];
  let current: Unit[] = [];
  let ownStart = 0;

  const emit = (cut: number, withOverlap: boolean, incoming: number): void => {
    const taken = current.slice(0, cut);
    const rest = current.slice(cut);
    groups.push({ units: taken, ownStart });
    const room = Math.min(overlap, chunkSize - lengthOf(rest) - incoming);
    const tail = withOverlap ? overlapTail(taken, room) : [];
    current = [...tail, ...rest];
    ownStart = tail.length;
  };

  for (const unit of units) {
    const hasOwnContent = current.length > ownStart;
    if (hasOwnContent && unit.breakBefore === Break.Heading) {
      emit(current.length, false, unit.text.length);
    } else if (hasOwnContent && lengthOf(current) + 1 + unit.text.length > chunkSize) {
      emit(bestCut(current, ownStart, unit, chunkSize), true, unit.text.length);
    }
    current.push(unit);
  }
  if (current.length > ownStart) groups.push({ units: current, ownStart });
  return groups;
}

/** Where to end the current chunk: the best-scored boundary once the chunk is at least half full. */
function bestCut(current: Unit[], ownStart: number, incoming: Unit, chunkSize: number): number {
  let best = current.length;
  let bestScore: number = incoming.breakBefore;
  let length = 0;
  for (let i = 0; i < current.length; i++) {
    length += (current[i]?.text.length ?? 0) + 1;
    const cut = i + 1;
    if (cut <= ownStart || cut === current.length || length < chunkSize * MIN_FILL) continue;
    const score = current[cut]?.breakBefore ?? Break.Line;
    // Strictly better only: among equal boundaries the later (fuller) one wins.
    if (score > bestScore) {
      best = cut;
      bestScore = score;
    }
  }
  return best;
}

/** Trailing whole units of a chunk, at most `room` characters, never the whole chunk. */
function overlapTail(taken: Unit[], room: number): Unit[] {
  const tail: Unit[] = [];
  let length = 0;
  for (let i = taken.length - 1; i > 0; i--) {
    const unit = taken[i];
    if (!unit || length + unit.text.length + 1 > room) break;
    tail.unshift(unit);
    length += unit.text.length + 1;
  }
  return tail;
}

function lengthOf(units: Unit[]): number {
  return units.reduce((sum, u) => sum + u.text.length + 1, 0);
}

function toChunk(doc: ExtractedDocument, content: string, group: Group, ordinal: number): Chunk {
  const { units } = group;
  const first = units[0]!;
  const last = units[units.length - 1]!;
  const text = doc.kind === 'pdf' ? joinPdfUnits(units) : content.slice(first.start, last.end).replace(/\r\n/g, '\n');
  const headingUnit = units[Math.min(group.ownStart, units.length - 1)] ?? first;
  return {
    id: chunkId(doc.path, ordinal, text),
    path: doc.path,
    ordinal,
    pageStart: first.page,
    pageEnd: last.page,
    lineStart: sourceLine(doc, first.line, 0),
    lineEnd: sourceLine(doc, last.line, 1),
    heading: headingUnit.heading,
    text,
    ...ocrConfidence(doc, first.page, last.page),
  };
}

/** The lowest OCR confidence among the chunk's pages that were read by OCR, if any were. */
function ocrConfidence(doc: ExtractedDocument, pageStart: number | null, pageEnd: number | null): { ocrConfidence?: number } {
  if (!doc.ocrPages || pageStart === null || pageEnd === null) return {};
  const confidences = doc.ocrPages.filter((p) => p.page >= pageStart && p.page <= pageEnd).map((p) => p.confidence);
  return confidences.length > 0 ? { ocrConfidence: Math.min(...confidences) } : {};
}

/** A line of the extracted text as the line (HTML) or paragraph (DOCX) of the file it came from. */
function sourceLine(doc: ExtractedDocument, line: number | null, side: 0 | 1): number | null {
  if (line === null || !doc.sourceLines) return line;
  return doc.sourceLines[line - 1]?.[side] ?? line;
}

/**
 * PDF lines are joined with newlines; pieces of one overlong line are rejoined as they were.
 * Line-end hyphens are the extractor's business (extract/dehyphenate.ts decides per document).
 */
function joinPdfUnits(units: Unit[]): string {
  let text = '';
  for (const [index, unit] of units.entries()) text += index === 0 || unit.continuesLine ? unit.text : `\n${unit.text}`;
  return text;
}

export function chunkId(path: string, ordinal: number, text: string): string {
  return createHash('sha256').update(`${path}\u0000${ordinal}\u0000${text}`).digest('hex').slice(0, 32);
}
