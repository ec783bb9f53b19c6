/**
 * Question sources on a scale corpus (`make-scale-corpus.sh`, /work/shared/eval/README.md): the
 * corpus's PDFs sit under `originals/`, its Markdown/text files under `text/`, and `volumes/`
 * repeat real page ranges of the PDFs, each range a row of `SCALE-MANIFEST.tsv`:
 *
 *   volume  vol_first_page  vol_last_page  source  src_first_page  src_last_page
 *
 * A question written for the corpus names (file, page); on the scale corpus that page is in
 * `originals/<file>` and in every volume range that copied it. Mapping a source to all of them
 * scores a hit on any copy as found: the copies hold the same text, so ranking one above the
 * other is not a retrieval error.
 */
import { kindOf } from '../formats';
import type { EvalQuestion, EvalSource, SourceLocation } from './retrievalEval';

export const SCALE_MANIFEST_FILE = 'SCALE-MANIFEST.tsv';
const HEADER = ['volume', 'vol_first_page', 'vol_last_page', 'source', 'src_first_page', 'src_last_page'];

/** One row: volume pages volFirst..volLast are source pages srcFirst..srcLast. */
export interface VolumeRange {
  volume: string;
  volFirst: number;
  volLast: number;
  source: string;
  srcFirst: number;
  srcLast: number;
}

export class ScaleManifestError extends Error {
  readonly code = 'bad-scale-manifest';
  constructor(message: string) {
    super(message);
    this.name = 'ScaleManifestError';
  }
}

/** Parses the manifest; a row that is not six tab-separated fields with page numbers fails with its line number. */
export function parseScaleManifest(tsv: string): VolumeRange[] {
  const lines = tsv.split('\n');
  if (lines[0]?.trim() !== HEADER.join('\t')) throw new ScaleManifestError(`line 1: expected the header "${HEADER.join('\\t')}"`);
  const ranges: VolumeRange[] = [];
  lines.slice(1).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const fields = raw.split('\t');
    const numbers = [fields[1], fields[2], fields[4], fields[5]].map(Number);
    if (fields.length !== 6 || numbers.some((n) => !Number.isInteger(n) || n < 1)) {
      throw new ScaleManifestError(`line ${index + 2}: expected volume, first/last volume page, source, first/last source page`);
    }
    const [volFirst, volLast, srcFirst, srcLast] = numbers as [number, number, number, number];
    ranges.push({ volume: fields[0]!, volFirst, volLast, source: fields[3]!, srcFirst, srcLast });
  });
  return ranges;
}

/**
 * The questions with every source moved to where the scale corpus keeps it (`originals/` for a
 * PDF, `text/` otherwise) and, for PDF pages, the volume pages that repeat them as `elsewhere`.
 */
export function mapToScaleCorpus(questions: EvalQuestion[], ranges: VolumeRange[]): EvalQuestion[] {
  const bySource = new Map<string, VolumeRange[]>();
  for (const range of ranges) bySource.set(range.source, [...(bySource.get(range.source) ?? []), range]);
  return questions.map((question) => ({ ...question, sources: question.sources.map((source) => mapSource(source, bySource.get(source.file) ?? [])) }));
}

function mapSource(source: EvalSource, ranges: VolumeRange[]): EvalSource {
  const isPdf = kindOf(source.file) === 'pdf';
  const elsewhere: SourceLocation[] = [];
  for (const range of ranges) {
    // A source without pages names the whole file: every page of the range is a copy of it.
    const inRange = source.pages.length > 0 ? source.pages.filter((p) => p >= range.srcFirst && p <= range.srcLast) : pagesOf(range.srcFirst, range.srcLast);
    if (inRange.length === 0) continue;
    elsewhere.push({ file: range.volume, pages: inRange.map((p) => range.volFirst + (p - range.srcFirst)), lines: null });
  }
  return { file: `${isPdf ? 'originals' : 'text'}/${source.file}`, pages: source.pages, lines: source.lines, ...(elsewhere.length > 0 ? { elsewhere } : {}) };
}

function pagesOf(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
