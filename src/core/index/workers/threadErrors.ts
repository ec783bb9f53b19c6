/**
 * Errors cross a thread boundary as plain data (structured clone drops class identity), so the
 * fields callers decide by (a typed error's code, Node's error code, the error's name) are carried
 * explicitly and the error is rebuilt on the other side. Every pool (extraction, OCR, local
 * embeddings) sends its failures this way; a pool with typed errors rebuilds them (`rebuild`).
 */
export interface SerializedError {
  name: string;
  message: string;
  /** A typed error's code (ExtractionError's), or Node's system error code (ENOENT, ...). */
  code?: string;
  /** An ExtractionError (recognised by its name: this module imports no error class). */
  extraction: boolean;
  cause?: SerializedError;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), extraction: false };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    code: typeof code === 'string' ? code : undefined,
    extraction: error.name === 'ExtractionError',
    cause: error.cause !== undefined && depth < 3 ? serializeError(error.cause, depth + 1) : undefined,
  };
}

/** The error again, its cause too; `rebuild` makes a typed error of the data it knows (else a plain Error with the name and code). */
export function deserializeError(data: SerializedError, rebuild?: (data: SerializedError, cause: Error | undefined) => Error | undefined): Error {
  const cause = data.cause ? deserializeError(data.cause, rebuild) : undefined;
  const typed = rebuild?.(data, cause);
  if (typed) return typed;
  const error = new Error(data.message, cause ? { cause } : undefined);
  error.name = data.name;
  if (data.code) (error as Error & { code?: string }).code = data.code;
  return error;
}
