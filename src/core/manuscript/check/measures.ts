/**
 * A span of time written in another unit: "five minutes" is "300 seconds", "seven decades" is "70
 * years", "two days" is "48 hours". A claim that converts a paper's figure to a unit a reader
 * grasps states that figure. Only units that convert exactly: clock units (second to week) with
 * each other, calendar units (month to century) with each other.
 */

const CLOCK: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86_400, week: 604_800 };
const CALENDAR: Record<string, number> = { month: 1, year: 12, decade: 120, century: 1200, millennium: 12_000 };

/** The unit's size in its family's smallest unit, with the family; null for a word that is no unit of time. */
function unitOf(word: string | undefined): { family: Record<string, number>; size: number } | null {
  if (word === undefined) return null;
  const singular = word === 'centuries' ? 'century' : word === 'millennia' ? 'millennium' : word;
  for (const family of [CLOCK, CALENDAR]) if (Object.hasOwn(family, singular)) return { family, size: family[singular]! };
  return null;
}

/**
 * Whether a passage's number (`value`, and the words right after it, singular) is the claim's
 * span of time (`value`, and the words after it) written in another unit of the same family.
 */
export function sameSpan(claim: { value: number; unitWords: readonly string[] }, passage: { value: number; afterWords: readonly string[] }): boolean {
  // The claim's unit first: a passage's words after its numbers are read only for a claim that gives a span of time.
  const mine = unitOf(claim.unitWords[0]);
  if (!mine) return false;
  const theirs = unitOf(passage.afterWords[0]);
  if (!theirs || mine.family !== theirs.family || mine.size === theirs.size) return false;
  return Math.abs(claim.value * mine.size - passage.value * theirs.size) < 1e-9 * Math.max(1, claim.value * mine.size);
}
