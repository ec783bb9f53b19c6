/**
 * OCR for one indexing run: the threads, the cache, the per-page progress messages (which the
 * indexer yields while it waits for a document) and the summary of what was read.
 */
import type { OcrSummary } from '../../types';
import { applyOcr, type OcrOutcome } from './applyOcr';
import { OcrCache, ocrCacheDirOf } from './cache';
import { resolveLanguageData } from './languageData';
import { OcrPool, resolveOcrThreadScript, type OcrPoolOptions } from './pool';
import { DEFAULT_OCR_SETTINGS, ocrSettingsKey, type OcrSettings } from './settings';
import type { ExtractedDocument } from '../../types';
import type { LatestMessage } from '../latestMessage';

export class OcrRun {
  readonly summary: OcrSummary = { pages: 0, cached: 0, recognized: 0, documents: [] };

  private constructor(
    readonly settings: OcrSettings,
    private readonly pool: OcrPool,
    private readonly cache: OcrCache,
    private readonly data: ReturnType<typeof resolveLanguageData>,
    private readonly messages: LatestMessage,
  ) {}

  /**
   * Undefined when OCR is off, or cannot run here (no thread script: said in `notices`). Throws
   * OcrError when the languages asked for have no data. Page by page progress goes to `messages`;
   * what the threads print (Tesseract's raw diagnostics) to `threadOptions.onOutput`, never to the terminal.
   */
  static start(
    settings: Partial<OcrSettings> | undefined,
    dbDir: string,
    threads: number,
    notices: string[],
    messages: LatestMessage,
    threadOptions: OcrPoolOptions = {},
  ): OcrRun | undefined {
    const resolved: OcrSettings = { ...DEFAULT_OCR_SETTINGS, ...settings };
    if (resolved.mode === 'off') return undefined;
    const data = resolveLanguageData(resolved);
    const script = resolveOcrThreadScript();
    if (!script) {
      notices.push('OCR is not available in this installation (no OCR worker found): scanned pages are reported, not read');
      return undefined;
    }
    const cache = new OcrCache(ocrCacheDirOf(dbDir), ocrSettingsKey(resolved));
    return new OcrRun(resolved, new OcrPool(threads, script, threadOptions), cache, data, messages);
  }

  /** Pages sent to Tesseract this run (cache hits excluded). */
  get pagesRecognized(): number {
    return this.pool.stats.pages;
  }

  async read(doc: ExtractedDocument, absPath: string, contentHash: string, signal?: AbortSignal): Promise<void> {
    if (!doc.ocrCandidates?.length) return;
    const outcome: OcrOutcome = await applyOcr(doc, absPath, contentHash, {
      settings: this.settings,
      data: this.data,
      pool: this.pool,
      cache: this.cache,
      signal,
      onProgress: (message) => this.say(message),
    });
    this.summary.pages += outcome.read.length;
    this.summary.cached += outcome.cached;
    if (outcome.read.length > 0 || outcome.unreadable.length > 0) {
      this.summary.documents.push({ path: doc.path, read: outcome.read, unreadable: outcome.unreadable });
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private say(message: string): void {
    this.messages.say({ phase: 'ocr', message });
  }
}
