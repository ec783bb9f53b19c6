/**
 * Whether a piece of front matter is a list of personal names, and each name's family and given
 * parts. A name is two to five words, each capitalised or an initial, with lower-case particles
 * (van, von, de la…) before the family name; any word of an institution ("University", "Project",
 * "Team") or an acronym ("ETH", "UNIDO") makes the whole piece an affiliation, not names.
 */
import type { Author } from '../record';

const PARTICLES = new Set([
  'van',
  'von',
  'vom',
  'zu',
  'de',
  'der',
  'den',
  'del',
  'della',
  'degli',
  'di',
  'da',
  'du',
  'des',
  'dos',
  'das',
  'la',
  'le',
  'ten',
  'ter',
  'bin',
  'ibn',
  'al',
  'el',
]);
const SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv']);

/** Words of institutions, places and roles, lower case: one in a piece makes it not a name. */
const NOT_NAME_WORDS = new Set(
  (
    'university universität universitat universiteit université universidad università universitit univ institute institut instituto ' +
    'department dept departement school college faculty center centre laboratory laboratories lab labs research foundation clinic ' +
    'hospital project projects team core development inc ltd llc gmbh ag corp corporation company associates group division unit ' +
    'program programme academy society council agency office ministry bureau service services science sciences statistics ' +
    'statistical mathematics mathematical economics economic business medicine medical health computing computer computational ' +
    'engineering technology technical technische technological informatics information methodology national federal state ' +
    'international pharma bank enthusiasts street road avenue box campus abstract summary contents keywords introduction email ' +
    'austria germany switzerland usa u.s.a. netherlands denmark norway sweden finland australia canada france italy spain ' +
    'japan china belgium wien vienna zurich zürich münchen innsbruck basel preprint draft manuscript version journal vignette ' +
    'package software'
  ).split(' '),
);
const ROLE = /^(?:(?:life |senior |student )?(?:member|fellow)|ieee|acm|phd|ph\.d\.|md|m\.d\.)$/i;
/** Endings of subject and institution words that no given or family name has. */
const NOT_NAME_ENDING = /(?:ology|ologie|ics|ment|tion|ität|ity|ical)$/u;

// "J", "J.", "R.W.", "J.-P.", "JP"; three capitals without dots are an acronym (ETH), not initials.
const INITIAL = /^\p{Lu}\.?$|^(?:\p{Lu}\.){2,3}$|^\p{Lu}\.?-\p{Lu}\.?$|^\p{Lu}{2}$/u;
const NAME_WORD = /^\p{Lu}[\p{L}'’-]*\.?$/u;

/** True when the whole text is in capitals ("TORSTEN HOTHORN, FRANK BRETZ"). */
export function isAllCaps(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

/** "TORSTEN" -> "Torsten", "MCDONALD-SMITH" -> "Mcdonald-Smith": capitals made a name's case. */
function nameCase(word: string): string {
  return word.toLowerCase().replace(/(^|[-'’\s])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * The names in a line of authors ("by A. Zeileis, T. Hothorn and K. Hornik", "Kenneth Tay; Noah
 * Simon"), in the line's order; undefined when any piece is not a name (an affiliation, a sentence).
 */
export function parseNames(text: string): Author[] | undefined {
  const caps = isAllCaps(text);
  const cleaned = text
    .replace(/\S+@\S+/g, ' ')
    .replace(/^\s*(?:by|von|par)\s+/i, '')
    // An affiliation in brackets after a name ("Alice Smith (MIT)"), footnote marks run into a name ("Smith1,2").
    .replace(/\s*\([^()]*\)/g, ' ')
    .replace(/(?<=\p{Ll})[\d∗*†‡§¶]+(?:,[\d∗*†‡§¶]+)*/gu, ' ')
    .replace(/[∗*†‡§¶]/g, ' ')
    .trim();
  const pieces = cleaned
    .split(/\s*(?:[,;]|\band\b|\bAND\b|&|\bund\b)\s*/u)
    .map((piece) => piece.trim())
    // A society's grade after a name ("Jane Doe, Senior Member, IEEE") is not a name of its own.
    .filter((piece) => piece !== '' && !ROLE.test(piece));
  if (pieces.length === 0) return undefined;
  const authors: Author[] = [];
  for (const piece of pieces) {
    const author = parseName(piece, caps);
    if (!author) return undefined;
    authors.push(author);
  }
  return authors;
}

/** One name's family and given parts, or undefined when the words do not make a name. */
export function parseName(piece: string, caps = isAllCaps(piece)): Author | undefined {
  const words = piece.split(/\s+/).map((word) => (caps && !INITIAL.test(word) ? nameCase(word) : word));
  if (words.length < 2 || words.length > 5) return undefined;
  let end = words.length;
  const suffix = SUFFIXES.has(words[end - 1]!.toLowerCase()) ? words[--end] : undefined;
  let hasFullWord = false;
  for (let index = 0; index < end; index++) {
    const word = words[index]!;
    const lower = word.toLowerCase();
    if (NOT_NAME_WORDS.has(lower.replace(/[.,]$/, '')) || (word.length >= 6 && NOT_NAME_ENDING.test(lower))) return undefined;
    if (PARTICLES.has(word) && index > 0 && index < end - 1) continue;
    if (INITIAL.test(word)) {
      if (index === end - 1) return undefined; // a family name is never an initial
      continue;
    }
    // A capitalised word with lower-case letters: an acronym (ETH, UNIDO) is not a name word.
    if (!NAME_WORD.test(word) || !/\p{Ll}/u.test(word)) return undefined;
    hasFullWord = true;
  }
  if (!hasFullWord) return undefined;
  let familyStart = end - 1;
  while (familyStart > 1 && PARTICLES.has(words[familyStart - 1]!)) familyStart--;
  const family = words.slice(familyStart, end).join(' ');
  const given = [...words.slice(0, familyStart), ...(suffix ? [suffix] : [])].join(' ');
  return { family, given };
}

/** A name as a reader writes it: "Mark A. van de Wiel". */
export function fullName(author: Author): string {
  return [author.given, author.family].filter((part) => part !== '').join(' ');
}
