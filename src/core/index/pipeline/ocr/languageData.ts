/**
 * Where Tesseract reads its language data from: never the network. English ships with the
 * extension (@tesseract.js-data/eng, the 'best_int' models tesseract.js uses by default); other
 * languages come from a folder the user names, which must then hold every language asked for.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { OcrError } from './errors';
import type { OcrSettings } from './settings';

export interface LanguageData {
  /** Folder of `<lang>.traineddata[.gz]` files. */
  langPath: string;
  /** Whether the files are gzipped (tesseract.js reads all languages one way). */
  gzip: boolean;
}

/** The packaged English data: beside the bundle when shipped, in node_modules from source. */
export function packagedEnglishDir(): string | undefined {
  const shipped = join(__dirname, 'tessdata');
  if (existsSync(join(shipped, 'eng.traineddata.gz'))) return shipped;
  try {
    const dir = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
    return existsSync(join(dir, 'eng.traineddata.gz')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

export function resolveLanguageData(settings: Pick<OcrSettings, 'languages' | 'languageDir'>): LanguageData {
  const onlyEnglish = settings.languages.every((lang) => lang === 'eng');
  if (onlyEnglish && !settings.languageDir) {
    const dir = packagedEnglishDir();
    if (!dir) throw new OcrError('ocr-unavailable', 'OCR language data for English is missing from this installation: reinstall, or index with --ocr off');
    return { langPath: dir, gzip: true };
  }
  const dir = settings.languageDir;
  if (!dir) {
    const others = settings.languages.filter((lang) => lang !== 'eng').join(', ');
    throw new OcrError(
      'ocr-language-missing',
      `OCR language ${others} needs its data: put ${others}.traineddata in a folder and name it with --ocr-lang-dir (setting research.index.ocrLanguageDir)`,
    );
  }
  const has = (lang: string, suffix: string) => existsSync(join(dir, `${lang}.traineddata${suffix}`));
  if (settings.languages.every((lang) => has(lang, '.gz'))) return { langPath: dir, gzip: true };
  if (settings.languages.every((lang) => has(lang, ''))) return { langPath: dir, gzip: false };
  const missing = settings.languages.filter((lang) => !has(lang, '') && !has(lang, '.gz'));
  const named = missing.length > 0 ? missing.map((lang) => `${lang}.traineddata`).join(', ') : 'all languages compressed alike (.gz or not)';
  throw new OcrError('ocr-language-missing', `OCR language data not found in ${dir}: ${named} (from github.com/tesseract-ocr/tessdata_best)`);
}
