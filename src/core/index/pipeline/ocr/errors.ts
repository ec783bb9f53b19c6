/** Typed OCR failures; callers decide by `code`. */
export type OcrErrorCode = 'ocr-language-missing' | 'ocr-unavailable';

export class OcrError extends Error {
  override readonly name = 'OcrError';
  constructor(
    readonly code: OcrErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
