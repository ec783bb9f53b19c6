/**
 * Page OCR results kept beside the index, in `<index folder>.ocr/` (a sibling, not inside: a
 * `--rebuild` builds a new index folder and swaps it in, and the embedding model has nothing to do
 * with the text, so neither should cost a second OCR). One file per page, keyed by the document's
 * content hash, the page number and the OCR settings (`ocrSettingsKey`): an unchanged or re-indexed
 * PDF, or the same file under another name, is never read twice. Written to a temporary name and
 * renamed, so a run killed mid-write leaves no half file. Unreadable entries are misses.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OcrPageResult } from './protocol';

/** The OCR cache folder of an index folder. */
export function ocrCacheDirOf(dbDir: string): string {
  return `${dbDir}.ocr`;
}

export class OcrCache {
  constructor(
    private readonly dir: string,
    private readonly settingsKey: string,
  ) {}

  private fileOf(contentHash: string, page: number): string {
    return join(this.dir, contentHash.slice(0, 2), `${contentHash}-${this.settingsKey}-p${page}.json`);
  }

  async get(contentHash: string, page: number): Promise<OcrPageResult | undefined> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.fileOf(contentHash, page), 'utf8'));
      if (!isPageResult(parsed) || parsed.page !== page) return undefined;
      return parsed;
    } catch {
      return undefined;
    }
  }

  /** Best effort: a cache that cannot be written (read-only disk) costs a second OCR, nothing else. */
  async put(contentHash: string, result: OcrPageResult): Promise<void> {
    const file = this.fileOf(contentHash, result.page);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await mkdir(join(this.dir, contentHash.slice(0, 2)), { recursive: true });
      await writeFile(temporary, JSON.stringify(result));
      await rename(temporary, file);
    } catch {
      // not cached; the page's text is still indexed
    }
  }
}

function isPageResult(value: unknown): value is OcrPageResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.page === 'number' && typeof v.text === 'string' && typeof v.confidence === 'number' && typeof v.blank === 'boolean';
}
