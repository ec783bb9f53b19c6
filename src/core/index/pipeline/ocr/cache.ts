/**
 * Page OCR results kept beside the index, in `<index folder>.ocr/` (a sibling, not inside: a
 * `--rebuild` builds a new index folder and swaps it in, and the embedding model has nothing to do
 * with the text, so neither should cost a second OCR). One file per page, keyed by the document's
 * content hash, the page number and the OCR settings (`ocrSettingsKey`): an unchanged or re-indexed
 * PDF, or the same file under another name, is never read twice. Written to a temporary name and
 * renamed, so a run killed mid-write leaves no half file. Unreadable entries are misses.
 */
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../fs/atomicWrite';
import type { OcrPageResult } from './protocol';
import { isOcrWord, type OcrWord } from './words';

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
    try {
      await mkdir(join(this.dir, contentHash.slice(0, 2)), { recursive: true });
      await writeFileAtomic(this.fileOf(contentHash, result.page), JSON.stringify(result), { durable: false });
    } catch {
      // not cached; the page's text is still indexed
    }
  }
}

/**
 * A page's OCR'd words with their boxes, for the PDF viewer: from the newest cache entry of these
 * bytes and page that has them, whatever settings wrote it (the viewer shows the file as it is,
 * not the settings). Undefined when none has: not OCR'd, or cached before boxes were kept.
 */
export async function cachedOcrWords(cacheDir: string, contentHash: string, page: number): Promise<OcrWord[] | undefined> {
  const folder = join(cacheDir, contentHash.slice(0, 2));
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.startsWith(`${contentHash}-`) && name.endsWith(`-p${page}.json`));
  const dated = await Promise.all(names.map(async (name) => ({ name, mtime: (await stat(join(folder, name)).catch(() => undefined))?.mtimeMs ?? 0 })));
  for (const { name } of dated.sort((a, b) => b.mtime - a.mtime)) {
    try {
      const parsed: unknown = JSON.parse(await readFile(join(folder, name), 'utf8'));
      if (isPageResult(parsed) && parsed.page === page && parsed.words?.length) return parsed.words;
    } catch {
      // an unreadable entry is a miss
    }
  }
  return undefined;
}

function isPageResult(value: unknown): value is OcrPageResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const words = v.words === undefined || (Array.isArray(v.words) && v.words.every(isOcrWord));
  return typeof v.page === 'number' && typeof v.text === 'string' && typeof v.confidence === 'number' && typeof v.blank === 'boolean' && words;
}
