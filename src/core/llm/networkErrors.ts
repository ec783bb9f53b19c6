/**
 * How a failed request failed on the wire, by the error's (or its cause's) code: never reached a
 * server, or reached one that hung up. Shared by every HTTP client here and the index's embedders.
 */

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** A failed request that never reached a server (refused, no such host, no route), by its (or its cause's) code. */
export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  const cause = (error as { cause?: { code?: string } }).cause;
  if (error instanceof TypeError && (cause?.code === undefined || UNREACHABLE_CODES.has(cause.code))) return true;
  return Boolean(cause?.code && UNREACHABLE_CODES.has(cause.code));
}

/** The server accepted the request and closed the connection without a complete reply. */
export function isConnectionDropped(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}
