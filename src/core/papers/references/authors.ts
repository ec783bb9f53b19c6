/**
 * The names of a reference's author list, in order, as family and given names, from the forms
 * reference styles print: "Andrews DWK, Monahan JC" (JSS, Vancouver), "Bennett, K. P. &
 * Campbell, C." (APA), "L. Breiman, J.H. Friedman, and C.J Stone" (plain), "Noel Cressie and
 * Christopher K Wikle" (plainnat), a body ("R Core Team"), "et al." and "and others".
 */
import type { Author } from '../record';

/** Initials: "J.", "J.H.", "DWK", "C.-C.", "J.J.J.C". */
const INITIALS = /^(?:\p{Lu}\.?-?){1,4}\.?$/u;
const SUFFIX = /^(?:Jr|Sr|II|III|IV)\.?$/;
/** Lower-case particles that belong to the family name ("van de Wiel", "de Valpine"). */
const PARTICLE = /^(?:van|von|de|der|den|del|della|di|da|du|la|le|dos|das|ter|te|zu|vom|d'|l')$/;
/** Capitalised particles that start a family name when a given name comes before them ("L. De Cesare"). */
const CAPITAL_PARTICLE = /^(?:De|Van|Von|Di|Da|Du|Le|La|Del|Della|Dos|Ter|Te|Mac|Mc)$/;
/** Words of a body's name: "R Core Team", "International Organization for Standardization", "ISO/IEC". */
const BODY =
  /\b(?:Team|Core|Organi[sz]ation|Foundation|Group|Consortium|Project|Committee|Society|Agency|Association|Office|Bureau|Council|Cent(?:re|er)|Institute|Corporation|Company|Inc|Ltd|Department|Ministry|Board|Commission|Programme|Program|Network|Collaboration|Working|Standardi[sz]ation)\b|\/|^[A-Z]{2,}$/;
const ET_AL = /^(?:et\.?\s*al\.?|and others|others|many others|et al)$/i;

export interface ParsedAuthors {
  authors: Author[];
  etAl: boolean;
}

export function parseAuthors(block: string): ParsedAuthors {
  let etAl = false;
  const text = block
    .replace(/\s+/g, ' ')
    .replace(/[\s.,;:]+$/, '')
    .trim();
  if (text === '') return { authors: [], etAl };
  // Groups split at ";", "and", "&"; each group's commas then split names (or a family from its initials).
  const groups = text.split(/\s*;\s*|\s*,?\s+(?:and|&)\s+|\s*,\s*&\s*/);
  const pieces: Array<{ text: string; given?: string }> = [];
  for (const group of groups) {
    for (const raw of group.split(/\s*,\s*/)) {
      const piece = raw.trim();
      if (piece === '') continue;
      if (ET_AL.test(piece) || /^(?:et al|and others)\b/i.test(piece)) {
        etAl = true;
        continue;
      }
      const previous = pieces[pieces.length - 1];
      // "Bennett, K. P.": initials alone after a comma are the given names of the family before them.
      if (previous && previous.given === undefined && isInitialsOnly(piece) && !isInitialsOnly(previous.text) && !endsWithInitials(previous.text)) {
        previous.given = piece;
        continue;
      }
      if (SUFFIX.test(piece) && previous) {
        previous.text += ` ${piece.replace(/\.$/, '')}`;
        continue;
      }
      pieces.push({ text: piece });
    }
  }
  // "O'Brien, Peter": two single words and a comma are one person, family first.
  if (
    pieces.length === 2 &&
    groups.length === 1 &&
    pieces.every((p) => p.given === undefined && /^\p{Lu}[\p{L}'’-]+$/u.test(p.text) && !INITIALS.test(p.text))
  ) {
    return { authors: [{ family: pieces[0]!.text, given: pieces[1]!.text }], etAl };
  }
  const authors: Author[] = [];
  for (const piece of pieces) {
    const name = piece.given !== undefined ? { family: piece.text, given: piece.given } : nameOf(piece.text);
    if (name && isName(name)) authors.push(name);
    else if (/\bothers\b/i.test(piece.text)) etAl = true;
  }
  return { authors, etAl };
}

function isInitialsOnly(piece: string): boolean {
  const tokens = piece.split(' ');
  return tokens.length <= 4 && tokens.every((t) => INITIALS.test(t) && !/^\p{Lu}{2,}$/u.test(t));
}

function endsWithInitials(piece: string): boolean {
  const tokens = piece.split(' ');
  return tokens.length >= 2 && INITIALS.test(tokens[tokens.length - 1]!);
}

/** One name: a body whole; "Family Initials" when the initials come last; else given names first. */
function nameOf(piece: string): Author | null {
  if (BODY.test(piece) && piece.split(' ').length >= 1 && !/^\p{Lu}\.?\s/u.test(piece.replace(/^R /, ''))) return { family: piece, given: '' };
  let tokens = piece.split(' ').filter(Boolean);
  let suffix = '';
  if (tokens.length > 1 && SUFFIX.test(tokens[tokens.length - 1]!)) {
    suffix = ` ${tokens[tokens.length - 1]!.replace(/\.$/, '')}`;
    tokens = tokens.slice(0, -1);
  }
  if (tokens.length === 0) return null;
  if (tokens.length === 1) return { family: tokens[0]! + suffix, given: '' };
  const last = tokens[tokens.length - 1]!;
  if (INITIALS.test(last) && !INITIALS.test(tokens[0]!)) {
    // "Andrews DWK", "Henderson Jr CR", "de Valpine P", "Grambsch P.M."
    return { family: tokens.slice(0, -1).join(' ') + suffix, given: last };
  }
  let start = tokens.length - 1;
  while (start > 1 && (PARTICLE.test(tokens[start - 1]!) || CAPITAL_PARTICLE.test(tokens[start - 1]!))) start--;
  if (start === 1 && PARTICLE.test(tokens[0]!)) start = 0;
  return { family: tokens.slice(start).join(' ') + suffix, given: tokens.slice(0, start).join(' ') };
}

/** Looks like a person's or a body's name: letters, a capital (or a particle) first, not a sentence. */
function isName(name: Author): boolean {
  const family = name.family.trim();
  if (!/\p{L}/u.test(family) || family.length > 80) return false;
  if (name.given === '' && BODY.test(family)) return true;
  const words = `${name.given} ${family}`.trim().split(' ');
  if (words.length > 6) return false;
  return words.every((w) => /^[\p{Lu}'’(]/u.test(w) || PARTICLE.test(w) || /^\p{Lu}/u.test(w.replace(/^[dl]['’]/, '')));
}
