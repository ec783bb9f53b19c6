/**
 * Which documents does a question name? People write "according to the LilyPond Music Glossary",
 * "in the Debian Developer's Reference", "in Node.js": the manual's name is in its file path far
 * more often than in the chunk that holds the answer (and running headers, which repeat it, are
 * stripped from chunks). Search uses the matches to run one more full-text query restricted to
 * those documents and fuses it in, so the named manual's best chunk is not outvoted by chunks of
 * other manuals that share the question's generic words.
 */
import { tokenPieces } from './query';
import { PATH_NOISE_WORDS } from '../../text/stopWords';

/** Crudely singular, so "threads" in a path and "thread" in a question are the same name word. */
function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** Distinct name words of a document path (folder names included, version numbers not). */
export function pathWords(path: string): string[] {
  const withoutExtension = path.replace(/\.[a-z0-9]+$/i, '');
  const words = tokenPieces(withoutExtension.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'))
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 2 && !/^\d+$/.test(w) && !PATH_NOISE_WORDS.has(w));
  return [...new Set(words)];
}

/** Name words of the file itself, without its folders ("ghostscript/GS9_Color_Management.pdf" -> gs9, color, management). */
export function fileNameWords(path: string): string[] {
  return pathWords(path.slice(path.lastIndexOf('/') + 1));
}

/** The question's words (singular), plus each adjacent pair glued ("Node.js" -> "nodejs"). */
function queryWords(query: string): Set<string> {
  const pieces = tokenPieces(query).map((w) => w.toLowerCase());
  const words = new Set(pieces.map(singular));
  for (let i = 0; i + 1 < pieces.length; i++) words.add(singular(pieces[i]! + pieces[i + 1]!));
  return words;
}

/** Name words of the folders a path sits in: shared by every document of that collection. */
function folderWords(path: string): Set<string> {
  const slash = path.lastIndexOf('/');
  return new Set(slash < 0 ? [] : pathWords(path.slice(0, slash)).map(singular));
}

/**
 * Paths whose distinctive name words the question uses: at least half of a document's name words
 * (and at least one) must appear, and at least one of them must come from the file's own name.
 * A question that only uses a folder's name ("Should a Debian package ...", "In Node.js, ...")
 * names that whole collection, not whichever file happens to repeat the folder name in its own
 * (debian/debian-reference.en.pdf would otherwise be "named" by every question about Debian).
 * Returns the best matches first.
 */
export function documentsNamedBy(query: string, paths: readonly string[]): string[] {
  const words = queryWords(query);
  // A name word is a piece of the path, and the question's word it matches (singular) a prefix of
  // it: a path none of the question's words is part of names nothing, and is not split into words.
  const probes = [...words].filter((w) => w.length >= 2);
  const scored: { path: string; score: number }[] = [];
  const collections: string[] = [];
  for (const path of paths) {
    const lower = path.toLowerCase();
    if (!probes.some((w) => lower.includes(w))) continue;
    const { name, own, folders } = pathNameOf(path);
    if (name.length === 0) continue;
    const matched = name.filter((w) => words.has(w));
    const ownMatched = own.filter((w) => words.has(w));
    if (ownMatched.length > 0 && matched.length / name.length >= 0.5) {
      scored.push({ path, score: matched.length / name.length + matched.length / 100 });
    } else if (matched.length > 0 && ownMatched.length === 0 && folders.every((w) => words.has(w))) {
      collections.push(path);
    }
  }
  if (scored.length === 0) return collections;
  // Only the best-named documents: "LilyPond Music Glossary" names music-glossary.pdf, not every LilyPond manual.
  const best = Math.max(...scored.map((s) => s.score));
  return scored.filter((s) => s.score >= best - 1e-9).map((s) => s.path);
}

/** A path's name words made singular, those of them not also a folder's, and its folders' words. */
interface PathName {
  name: string[];
  own: string[];
  folders: string[];
}

/**
 * Each path's words, worked out once per process rather than once per question: a question beside
 * a 5,046-document library otherwise splits every path again (~0.25 s each). Bounded: a process
 * that sees more paths than this starts over.
 */
const pathNames = new Map<string, PathName>();
const MAX_PATH_NAMES = 100_000;

function pathNameOf(path: string): PathName {
  let held = pathNames.get(path);
  if (!held) {
    const folders = folderWords(path);
    const name = pathWords(path).map(singular);
    held = { name, own: name.filter((w) => !folders.has(w)), folders: [...folders] };
    if (pathNames.size >= MAX_PATH_NAMES) pathNames.clear();
    pathNames.set(path, held);
  }
  return held;
}
