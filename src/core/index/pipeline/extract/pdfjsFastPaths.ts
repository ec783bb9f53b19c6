/**
 * Faster stand-ins for two pdf.js internals, spliced into unpdf's bundled pdf.js at build time by
 * `scripts/pdfjsPatch.mjs` (see that file for where, why, and what happens when unpdf changes).
 * Both compute exactly what the originals compute; only the cost differs. Nothing imports this
 * module at run time except the patched pdf.js inside dist/ bundles.
 */

/**
 * pdf.js's `Util.transform` (multiplies two 2-D affine matrices [a, b, c, d, e, f]), same
 * arithmetic in the same order, so the result is bit-for-bit the same. Why a copy: the original
 * is one function called from all over pdf.js with plain arrays, Float32Arrays and
 * Float64Arrays, so V8 compiles it for every kind at once (megamorphic element loads, no
 * inlining). Text extraction calls it twice per glyph (`getCurrentTextTransform`); a copy used only
 * there sees two kinds and gets inlined. Eval corpus in-thread, one run each: 35.2 -> 22.8 CPU s.
 */
export function multiplyTransform(m1: ArrayLike<number>, m2: ArrayLike<number>): number[] {
  return [
    (m1[0] as number) * (m2[0] as number) + (m1[2] as number) * (m2[1] as number),
    (m1[1] as number) * (m2[0] as number) + (m1[3] as number) * (m2[1] as number),
    (m1[0] as number) * (m2[2] as number) + (m1[2] as number) * (m2[3] as number),
    (m1[1] as number) * (m2[2] as number) + (m1[3] as number) * (m2[3] as number),
    (m1[0] as number) * (m2[4] as number) + (m1[2] as number) * (m2[5] as number) + (m1[4] as number),
    (m1[1] as number) * (m2[4] as number) + (m1[3] as number) * (m2[5] as number) + (m1[5] as number),
  ];
}

type StructuredCloneTransfer = NonNullable<NonNullable<Parameters<typeof structuredClone>[1]>['transfer']>;

/** Thrown inside `copyPlainData` for anything it does not copy; never escapes `cloneMessage`. */
const NOT_PLAIN = Symbol('not plain data');
/** Deeper than any pdf.js message; a cycle reaches it and goes to structuredClone instead. */
const MAX_DEPTH = 64;

/**
 * What pdf.js's in-thread `LoopbackPort` does to every message (`structuredClone(message,
 * { transfer })`), for the messages it can do faster. In Node, pdf.js runs its "worker" in the
 * same thread and still deep-copies each message the way a real worker boundary would, including
 * every streamed text-content chunk (~270,000 messages for the corpus's 3,900 pages, ~10% of the
 * CPU). The copy must stay: the sender reuses its objects after posting (the text-content chunk
 * object gets new `items` right after it is enqueued). But most messages are trees of plain
 * objects, arrays and primitives, which a JS copy makes several times faster than V8's serializer.
 *
 * The result is what structuredClone gives for such a tree: a new plain object (also for a
 * null-prototype source) with the same own enumerable string keys in the same order, dense arrays
 * copied element by element, primitives as they are. Everything else goes to structuredClone
 * itself: a transfer list, typed arrays and ArrayBuffers, class instances (Ref, Error, Map, Date),
 * sparse arrays, cycles and very deep trees, functions (which throw its DataCloneError). One
 * difference is left: an object referenced twice in one message is copied twice (structuredClone
 * keeps one copy); pdf.js's receivers only read message data, never compare it by identity.
 */
export function cloneMessage<T>(message: T, transfer?: StructuredCloneTransfer | null): T {
  if (!transfer || transfer.length === 0) {
    try {
      return copyPlainData(message, 0) as T;
    } catch (error) {
      if (error !== NOT_PLAIN) throw error;
    }
  }
  return structuredClone(message, transfer ? { transfer } : undefined);
}

function copyPlainData(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'function' || typeof value === 'symbol') throw NOT_PLAIN;
    return value;
  }
  if (depth >= MAX_DEPTH) throw NOT_PLAIN;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) throw NOT_PLAIN;
    const length = value.length;
    const copy = new Array<unknown>(length);
    for (let index = 0; index < length; index++) {
      if (!(index in value)) throw NOT_PLAIN;
      copy[index] = copyPlainData(value[index], depth + 1);
    }
    return copy;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw NOT_PLAIN;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // Assigning '__proto__' would set the copy's prototype instead of making a property.
    if (key === '__proto__') throw NOT_PLAIN;
    copy[key] = copyPlainData((value as Record<string, unknown>)[key], depth + 1);
  }
  return copy;
}
