/**
 * OCR for one indexing run: the threads, the cache, the per-page progress messages (which the
 * indexer yields while it waits for a document) and the summary of what was read.
 */
import type { OcrSummary } from '../../types';
import { applyOcr, type OcrOutcome } from './applyOcr';
import { OcrCache, ocrCacheDirOf } from './cache';
import { resolveLanguageData } from './languageData';
import { OcrPool, resolveOcrThreadScript } from './pool';
import { DEFAULT_OCR_SETTINGS, ocrSettingsKey, type OcrSettings } from './settings';
import type { ExtractedDocument } from '../../types';

export class OcrRun {
  readonly summary: OcrSummary = { pages: 0, cached: 0, recognized: 0, documents: [] };
  /** The latest progress message not yet taken (older ones are stale by then). */
  private latest: string | undefined;
  private wake: (() => void) | undefined;

  private constructor(
    readonly settings: OcrSettings,
    private readonly pool: OcrPool,
    private readonly cache: OcrCache,
    private readonly data: ReturnType<typeof resolveLanguageData>,
  ) {}

  /**
   * Undefined when OCR is off, or cannot run here (no thread script: said in `notices`). Throws
   * OcrError when the languages asked for have no data.
   */
  static start(settings: Partial<OcrSettings> | undefined, dbDir: string, threads: number, notices: string[]): OcrRun | undefined {
    const resolved: OcrSettings = { ...DEFAULT_OCR_SETTINGS, ...settings };
    if (resolved.mode === 'off') return undefined;
    const data = resolveLanguageData(resolved);
    const script = resolveOcrThreadScript();
    if (!script) {
      notices.push('OCR is not available in this installation (no OCR worker found): scanned pages are reported, not read');
      return undefined;
    }
    const cache = new OcrCache(ocrCacheDirOf(dbDir), ocrSettingsKey(resolved));
    return new OcrRun(resolved, new OcrPool(threads, script), cache, data);
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

  /** Resolves with the next progress message, or never (the caller races it with its work). */
  nextMessage(): Promise<string> {
    this.wake = undefined; // an earlier caller stopped waiting
    const latest = this.take();
    if (latest !== undefined) return Promise.resolve(latest);
    return new Promise<string>((resolve) => {
      this.wake = () => resolve(this.take() as string);
    });
  }

  private take(): string | undefined {
    const latest = this.latest;
    this.latest = undefined;
    return latest;
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private say(message: string): void {
    this.latest = message;
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
