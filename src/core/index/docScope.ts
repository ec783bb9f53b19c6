/**
 * Which documents does a question name? People write "according to the LilyPond Music Glossary",
 * "in the Debian Developer's Reference", "in Node.js": the manual's name is in its file path far
 * more often than in the chunk that holds the answer (and running headers, which repeat it, are
 * stripped from chunks). Search uses the matches to run one more full-text query restricted to
 * those documents and fuses it in, so the named manual's best chunk is not outvoted by chunks of
 * other manuals that share the question's generic words.
 */
import { tokenPieces } from './query';

/** Path words that say nothing about the content. */
const GENERIC = new Set(['pdf', 'md', 'markdown', 'txt', 'doc', 'docs', 'en', 'the', 'and', 'of', 'manual', 'index', 'readme']);

/** Crudely singular, so "threads" in a path and "thread" in a question are the same name word. */
function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** Distinct name words of a document path (folder names included, version numbers not). */
export function pathWords(path: string): string[] {
  const withoutExtension = path.replace(/\.[a-z0-9]+$/i, '');
  const words = tokenPieces(withoutExtension.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'))
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 2 && !/^\d+$/.test(w) && !GENERIC.has(w));
  return [...new Set(words)];
}

/** The question's words (singular), plus each adjacent pair glued ("Node.js" -> "nodejs"). */
function queryWords(query: string): Set<string> {
  const pieces = tokenPieces(query).map((w) => w.toLowerCase());
  const words = new Set(pieces.map(singular));
  for (let i = 0; i + 1 < pieces.length; i++) words.add(singular(pieces[i]! + pieces[i + 1]!));
  return words;
}

/**
 * Paths whose distinctive name words the question uses: at least half of a document's name words
 * (and at least one) must appear. Returns the best matches first.
 */
export function documentsNamedBy(query: string, paths: readonly string[]): string[] {
  const words = queryWords(query);
  const scored: { path: string; score: number }[] = [];
  for (const path of paths) {
    const name = pathWords(path);
    if (name.length === 0) continue;
    const matched = name.filter((w) => words.has(singular(w))).length;
    if (matched > 0 && matched / name.length >= 0.5) scored.push({ path, score: matched / name.length + matched / 100 });
  }
  // Only the best-named documents: "LilyPond Music Glossary" names music-glossary.pdf, not every LilyPond manual.
  const best = Math.max(...scored.map((s) => s.score));
  return scored.filter((s) => s.score >= best - 1e-9).map((s) => s.path);
}
