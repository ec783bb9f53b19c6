/**
 * Values a sentence sets a parameter to ("with the seasonal smoothing parameter set to one",
 * "alpha = 0") that are no facts of it (./claimTerms.ts: "one" and "zero" are more often a pronoun
 * or part of a name): a page need not state them, the writer may take them from another page. But
 * a page states what a setting does in a clause of its own ("if γ = 0, the seasonal pattern is
 * constant over time"): when the page's clause that holds the most of the sentence's words sets a
 * parameter by `=` to another value, and does not hold the sentence's, the value was changed. */
import { numbersIn, sameNumber } from './numbers';
import type { Fact, NumberFact } from './claimTerms';

/** A page's sentence as this rule reads it (./passageSupport.ts prepares it; named here so the two files do not import each other). */
interface Clause {
  text: string;
  stems: { has(stem: string): boolean };
  readonly numbers: ReadonlyArray<{ value: number; decimals: number }>;
}

/** A verb that sets a value, or `=`, right before the number: "set to one", "fixed at 0", "defaults to 5", "equal to 1". */
const SETTING_BEFORE = /(?:\b(?:set|sets|fixed|fixes|defaults?|defaulted|initiali[sz]ed)\s+(?:to|at)|\bequals?(?:\s+to)?|[^<>=!]=)\s*$/iu;

/** Whether the number at `start` is a value the sentence sets ("set to one"): then even "one" is a figure, not a pronoun. */
export function setsValue(sentence: string, start: number): boolean {
  return SETTING_BEFORE.test(sentence.slice(Math.max(0, start - 24), start));
}

/** The values a sentence sets that are no fact of its own ("set to one"), as number facts that count and name nothing. */
export function settingsOf(sentence: string, facts: readonly Fact[]): NumberFact[] {
  return numbersIn(sentence)
    .filter((n) => setsValue(sentence, n.start) && !facts.some((f) => f.kind === 'number' && f.value === n.value))
    .map((n) => ({ kind: 'number', text: n.text, value: n.value, decimals: n.decimals, unit: [], unitWords: [], label: null, labelParts: [], setting: true }));
}

/**
 * The page's clause must share this many of the sentence's content words, and at least as many as
 * any other clause of the page: a clause that shares fewer is about something else.
 */
const CLAUSE_WORDS = 3;

/** The page's clauses that share the most of the sentence's content words (CLAUSE_WORDS at least). */
function closestClauses(stems: readonly string[], sentences: readonly Clause[]): Clause[] {
  let closest: Clause[] = [];
  let most = CLAUSE_WORDS - 1;
  for (const sentence of sentences) {
    let shared = 0;
    for (const stem of stems) if (sentence.stems.has(stem)) shared++;
    if (shared > most) [closest, most] = [[sentence], shared];
    else if (shared === most && closest.length > 0) closest.push(sentence);
  }
  return closest;
}

/** The page sets the value too: one of its closest clauses holds it ("letting ϕ = 1"); a "D = 1" in a clause about something else is not it. */
function settingHeld(setting: NumberFact, closest: readonly Clause[]): boolean {
  return closest.some((sentence) => sentence.numbers.some((n) => sameNumber(setting, n)));
}

/**
 * A value the page's closest clause sets by `=` ("γ = 0") where the sentence sets another, or null.
 * Of the clauses that share the most words, one that holds the sentence's value clears it; of the
 * others, only one may set a value ("setting the smoothing parameters to extreme values" sets none),
 * else which one the sentence restates is open.
 */
function settingOtherwise(setting: NumberFact, closest: readonly Clause[]): string | null {
  let set: string | null = null;
  for (const sentence of closest) {
    const numbers = numbersIn(sentence.text, true);
    if (numbers.some((n) => n.value === setting.value)) return null;
    const value = numbers.find((n) => /[^<>=!]=\s*$/u.test(` ${sentence.text.slice(Math.max(0, n.start - 4), n.start)}`));
    if (!value) continue;
    if (set !== null) return null;
    set = value.text;
  }
  return set;
}

/** Of the sentence's set values, those the page sets too, and those its closest clause sets otherwise (with the page's value). */
export function settingsOn(
  settings: readonly NumberFact[],
  stems: readonly string[],
  sentences: readonly Clause[],
): { settled: NumberFact[]; otherwise: Array<{ fact: NumberFact; passage: string }> } {
  const settled: NumberFact[] = [];
  const otherwise: Array<{ fact: NumberFact; passage: string }> = [];
  if (settings.length === 0) return { settled, otherwise };
  // The closest clauses depend on the sentence and the page, not on the value: found once for all its values.
  const closest = closestClauses(stems, sentences);
  for (const fact of settings) {
    if (settingHeld(fact, closest)) settled.push(fact);
    const passage = settingOtherwise(fact, closest);
    if (passage !== null) otherwise.push({ fact, passage });
  }
  return { settled, otherwise };
}
