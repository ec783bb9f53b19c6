/**
 * The sentences of a passage as the hybrid rerank sees them (search/sentenceRerank.ts), and as an
 * index run embeds them ahead of the questions (pipeline/sentenceVectorPass.ts): both halves must cut
 * a chunk the same way, or a stored vector would belong to another piece of text.
 */
/** Pieces shorter than this join the next one (headings, list bullets, code fragments). */
const MIN_SENTENCE_CHARS = 60;
/** Longer runs (tables, code without full stops) are cut, so no piece dilutes like a whole chunk. */
const MAX_SENTENCE_CHARS = 300;

export function sentencesOf(text: string): string[] {
  const raw = text
    .split(/(?<=[.!?;:])\s+|\n+/u)
    .map((s) => s.trim())
    .filter(Boolean);
  const out: string[] = [];
  let current = '';
  for (const piece of raw) {
    current = current ? `${current} ${piece}` : piece;
    if (current.length >= MIN_SENTENCE_CHARS) {
      for (let i = 0; i < current.length; i += MAX_SENTENCE_CHARS) out.push(current.slice(i, i + MAX_SENTENCE_CHARS));
      current = '';
    }
  }
  if (current) out.push(current);
  return out;
}
