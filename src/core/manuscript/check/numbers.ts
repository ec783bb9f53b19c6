/**
 * Numbers as a text writes them, in digits (`5,000`, `6.7%`, `0.034`) or in words ("fifteen",
 * "twenty-one", "a hundred", "two hundred and fifty", "one in a thousand"), so a sentence and a
 * passage that write one number two ways agree, and a rounded number ("1.19") agrees with the
 * figure it rounds (`1.18875`).
 */

export interface NumberToken {
  value: number;
  /** As written: `5,000`, `6.7%`, `twenty-one`. */
  text: string;
  /** Offsets in the text: where it starts, and just after it. */
  start: number;
  end: number;
  /** Digits after the decimal point, as written (0 for words and integers). */
  decimals: number;
  /** Written in words. */
  word: boolean;
}

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
/** "Dozen" counts as a scale: "two dozen" is 24, as "two hundred" is 200. */
const SCALES: Record<string, number> = { dozen: 12, hundred: 100, thousand: 1000, million: 1e6, billion: 1e9 };

/** Whether a word is part of how numbers are written in words. */
export function isNumberWord(word: string): boolean {
  const w = word.toLowerCase();
  return w in UNITS || w in TENS || w in SCALES;
}

const DIGITS = /(?<![\p{L}\p{N}.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(%?)(?![\p{L}\p{N}])/gu;
/** A passage's text from a PDF often glues a unit to its number (`10ms`, `683in`): a letter may follow. */
const DIGITS_LOOSE = /(?<![\p{L}\p{N}.])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(%?)(?![\p{N}])/gu;

/** Every number of a text, in order: digits, and runs of number words read as one number (`loose`: digits may touch a letter after them). */
export function numbersIn(text: string, loose = false): NumberToken[] {
  const found: NumberToken[] = [];
  for (const m of text.matchAll(loose ? DIGITS_LOOSE : DIGITS)) {
    const digits = m[1]!;
    found.push({
      value: Number(digits.replace(/,/g, '')),
      text: m[0],
      start: m.index,
      end: m.index + m[0].length,
      decimals: digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0,
      word: false,
    });
  }
  found.push(...wordNumbers(text));
  return found.sort((a, b) => a.start - b.start);
}

/** A run of number words, joined by a space or hyphen, and "and" after a scale ("hundred and five"). */
const NUMBER_WORD = [...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES)].sort((a, b) => b.length - a.length).join('|');
const WORD_RUN = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${NUMBER_WORD})(?:(?:[ -]|\s+and\s+)(?:${NUMBER_WORD}))*(?![\p{L}\p{N}])`, 'giu');

/** Runs of number words ("two hundred and fifty", "twenty-one", "a hundred"), each read as one number. */
function wordNumbers(text: string): NumberToken[] {
  const found: NumberToken[] = [];
  for (const m of text.matchAll(WORD_RUN)) {
    // "and" joins only after a scale; a run that reads as no number ("one and two") is cut at "and".
    let run = m[0];
    let words = run.toLowerCase().split(/[\s-]+/);
    const and = words.indexOf('and');
    if (and !== -1 && !(words[and - 1]! in SCALES)) {
      run = run.slice(0, run.search(/\s+and\s+/i));
      words = words.slice(0, and);
    }
    const value = valueOf(words.filter((w) => w !== 'and'));
    if (value !== null) found.push({ value, text: run, start: m.index, end: m.index + run.length, decimals: 0, word: true });
  }
  return found;
}

function valueOf(run: readonly string[]): number | null {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const word of run) {
    if (word in UNITS) current += UNITS[word]!;
    else if (word in TENS) current += TENS[word]!;
    else if (word in SCALES) {
      const scale = SCALES[word]!;
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
    } else return null;
    seen = true;
  }
  return seen ? total + current : null;
}

/**
 * Whether a passage's number is the sentence's: the same value, or the sentence rounds it ("1.19"
 * for 1.18875, "251" for 251.4) when the sentence gives at least two significant digits.
 */
export function sameNumber(claim: Pick<NumberToken, 'value' | 'decimals' | 'text'>, passage: Pick<NumberToken, 'value' | 'decimals'>): boolean {
  if (claim.value === passage.value) return true;
  if (passage.decimals <= claim.decimals || significantDigits(claim.text) < 2) return false;
  const scale = 10 ** claim.decimals;
  return Math.round(passage.value * scale) / scale === claim.value;
}

function significantDigits(text: string): number {
  const digits = text.replace(/[^\d]/g, '').replace(/^0+/, '');
  return digits.length;
}

/**
 * A share ("33%", "20 percent") rather than a count or a value: a page's "33% test set" gives no
 * other figure for a claim's "thirteen data sets", nor a count for a claim's share.
 */
export function isShare(text: string, nextWord: string | undefined): boolean {
  return text.endsWith('%') || nextWord === 'percent' || nextWord === 'per';
}
