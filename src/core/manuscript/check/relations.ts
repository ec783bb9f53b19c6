/**
 * A claim whose words a page holds but whose relation it turns around: the page's sentence that
 * says the most of the claim (with its neighbours) says the opposite. Eight general rules, no
 * list fitted to a paper:
 * - **opposites**: the claim says "increasing", "larger", "faster", "outperforms" where that
 *   sentence says "decreasing", "smaller", "slower", "underperforms" and not the claim's word,
 *   of the same thing (the word beside it; for a verb of change, "rises", the words of its clause:
 *   ./clauseTopic.ts);
 * - **a denial**: the claim says "A rather than B" / "instead of B" where that sentence states B
 *   itself, not as something set aside ("rather than B", "not B");
 * - **a swap**: the claim's two clauses ("the ridge penalty picks one …, while the lasso shrinks …")
 *   keep their subjects where the page's do but trade what is said of them;
 * - **names traded**: the page's clauses say of one clause's names what the claim says of the
 *   other's, over the sentences around (./namesSwapped.ts);
 * - **negated**: the claim states plainly what that sentence (or the next, pointing back) says
 *   is not so or not available (./negated.ts);
 * - **another crowned**: the page gives the claim's superlative ("the best") to another thing
 *   (./otherBest.ts);
 * - **compared backwards**: the page compares the claim's two things the other way round ("B is
 *   at least as good as A") (./comparedBackwards.ts);
 * - **another default**: the claim says what happens by default, the page states it of another
 *   option and names the default as something else in the sentence beside it.
 * The result is the page's sentence, to show the writer what the paper says.
 */
import { CLAIM_FUNCTION_WORDS } from '../../text/stopWords';
import { contentStems, stemOf } from './claimTerms';
import { claimOf, type Claim, type PassageSentence, type PreparedPassage } from './passageSupport';
import { namesSwapped } from './namesSwapped';
import { sameClauseTopic } from './clauseTopic';
import { negatedOn } from './negated';
import { otherBest } from './otherBest';
import { otherYear } from './otherYear';
import { tradedRespectively } from './respectively';
import { comparedBackwards } from './comparedBackwards';

/** Word forms of opposite meaning, both ways: general English comparatives and verbs of change. */
const OPPOSITES: ReadonlyArray<readonly [readonly string[], readonly string[]]> = [
  [
    ['increase', 'increases', 'increased', 'increasing', 'rise', 'rises', 'rising', 'rose'],
    ['decrease', 'decreases', 'decreased', 'decreasing', 'decline', 'declines', 'declined', 'declining', 'falls', 'falling', 'fell'],
  ],
  [
    ['larger', 'largest', 'bigger', 'greater'],
    ['smaller', 'smallest', 'lesser'],
  ],
  [
    ['faster', 'fastest', 'quicker'],
    ['slower', 'slowest'],
  ],
  [
    ['higher', 'highest'],
    ['lower', 'lowest'],
  ],
  [
    ['better', 'best'],
    ['worse', 'worst'],
  ],
  [
    ['outperforms', 'outperform', 'outperformed'],
    ['underperforms', 'underperform', 'underperformed'],
  ],
  [
    ['overestimates', 'overestimate', 'overestimated'],
    ['underestimates', 'underestimate', 'underestimated'],
  ],
];

/** Words that set what follows aside: "rather than B", "instead of B", "not B", "unlike B". */
const SETS_ASIDE = new Set(['not', 'no', 'nor', 'than', 'instead', 'rather', 'unlike', 'without', 'never']);

/** Of the claim's content words, at least this many (and this share) in one sentence of the page: the sentence is about the claim. */
const ABOUT_WORDS = 3;
const ABOUT_SHARE = 0.4;
/** A swap: the words said of the subjects cross over by this many more than they stay. */
const SWAP_MARGIN = 3;

export function invertedOn(claim: Claim, passage: PreparedPassage): string | null {
  const sentences = passage.sentences;
  // What the claim sets aside ("rather than a Brownian bridge") is not what it is about: the page's sentence is about the rest.
  const setAside = new Set(setAsideOf(claim)?.stems ?? []);
  const wanted = Math.max(ABOUT_WORDS, Math.ceil((claim.stems.length - setAside.size) * ABOUT_SHARE));
  const words = claimWords(claim);
  let best = -1;
  let bestCount = 0;
  sentences.forEach((sentence, i) => {
    let count = 0;
    for (const stem of claim.stems) if (sentence.stems.has(stem)) count++;
    // A word the sentence turns into its opposite ("decreasing" for "increasing") is a word of the claim it speaks of.
    count += oppositesSaid(words, sentence);
    if (count > bestCount) {
      best = i;
      bestCount = count;
    }
  });
  if (best === -1) return otherDefault(claim, sentences);
  // A superlative given to another thing is looked for near the closest sentence even when it says less of the claim (the crowning may come two sentences on).
  if (bestCount < wanted)
    return otherBest(claim, sentences, best) ?? otherYear(claim, sentences) ?? otherDefault(claim, sentences) ?? clauseNegated(claim, sentences);
  const around = sentences.slice(Math.max(0, best - 1), best + 2);
  return (
    opposite(claim, around) ??
    denied(claim, around) ??
    swapped(claim, sentences[best]!) ??
    namesSwapped(claim, sentences, best) ??
    negatedOn(claim, sentences, best) ??
    otherBest(claim, sentences, best) ??
    comparedBackwards(claim, sentences, best) ??
    tradedRespectively(claim, sentences, best) ??
    otherYear(claim, sentences) ??
    otherDefault(claim, sentences)
  );
}

const DEFAULT = /\bdefaults?\b/iu;
/** A sentence that says what the default is: "The default method is …", "… defaults to …", "… is the default", "By default, …". */
const NAMES_DEFAULT = /\bthe\s+default(?:\s+[\p{L}-]+){0,3}\s+(?:is|are|uses?)\b|\bdefaults?\s+to\b|\b(?:is|are)\s+the\s+default\b|\bby\s+default\b/iu;

/**
 * A claim about what happens by default ("By default dbscan precomputes the full dissimilarity
 * matrix") that the page states of another option, next to a sentence naming the default as
 * something else ("The dist method precomputes a dissimilarity matrix … The default method is to
 * build a k-d tree."): the page's sentence that states the claim does not say "default", the one
 * beside it says what the default is and shares none of the claim's words, and no sentence of the
 * page says "default" with two of the claim's words.
 */
function otherDefault(claim: Claim, sentences: readonly PassageSentence[]): string | null {
  if (!DEFAULT.test(claim.text)) return null;
  const said = new Set(claim.stems.filter((stem) => !DEFAULT.test(stem) && stem !== stemOf('default')));
  const wanted = Math.max(ABOUT_WORDS, Math.ceil(said.size * ABOUT_SHARE));
  const shared = (sentence: PassageSentence) => [...said].filter((stem) => sentence.stems.has(stem)).length;
  const isDefault = (sentence: PassageSentence) => sentence.words.some((w) => w === 'default' || w === 'defaults');
  if (sentences.some((sentence) => isDefault(sentence) && shared(sentence) >= 2)) return null;
  for (let i = 0; i < sentences.length; i++) {
    if (isDefault(sentences[i]!) || shared(sentences[i]!) < wanted) continue;
    for (const j of [i - 1, i + 1]) {
      const next = sentences[j];
      if (!next || !NAMES_DEFAULT.test(next.text) || shared(next) > 0) continue;
      if (contentStems(next.text).filter((stem) => stem !== stemOf('default')).length >= 2) return next.text;
    }
  }
  return null;
}

/** The claim's words, lower-cased, in order. */
function claimWords(claim: Claim): string[] {
  return claim.text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** How many of the claim's relation words the sentence says the opposite of (and not the claim's own). */
function oppositesSaid(words: readonly string[], sentence: PassageSentence): number {
  let count = 0;
  for (const [one, other] of OPPOSITES)
    for (const [said, against] of [
      [one, other],
      [other, one],
    ] as const)
      if (
        words.some((w) => said.includes(w)) &&
        !words.some((w) => against.includes(w)) &&
        sentence.words.some((w) => against.includes(w)) &&
        !sentence.words.some((w) => said.includes(w))
      )
        count++;
  return count;
}

function opposite(claim: Claim, around: readonly PassageSentence[]): string | null {
  const words = claimWords(claim);
  for (const [one, other] of OPPOSITES) {
    const change = one === OPPOSITES[0]![0];
    for (const [said, against] of [
      [one, other],
      [other, one],
    ] as const) {
      if (!words.some((w) => said.includes(w)) || words.some((w) => against.includes(w))) continue;
      if (around.some((s) => s.words.some((w) => said.includes(w)))) continue;
      // The opposite word said of the same thing: the content word next to it is the claim's ("increasing marginal utility", "decreasing marginal utility"),
      // or, for a verb of change, its clause shares the claim's clause's words ("decrease from the 1st to the 3rd class", "rises from first to
      // third class"; a comparative's clause, "the smallest index" beside "the largest probability", may be about another thing).
      const said_ = neighbours(words, said);
      const turned = around.find(
        (s) => [...neighbours(s.words, against)].some((stem) => said_.has(stem)) || (change && sameClauseTopic(claim.text, said, s.text, against)),
      );
      if (turned) return turned.text;
    }
  }
  return null;
}

/** The stems of the content words right before and after each of `forms` in `words`. */
function neighbours(words: readonly string[], forms: readonly string[]): Set<string> {
  const found = new Set<string>();
  const content = (w: string | undefined) => w !== undefined && w.length > 1 && !CLAIM_FUNCTION_WORDS.has(w) && !/^\d/.test(w);
  words.forEach((word, i) => {
    if (!forms.includes(word)) return;
    for (let j = i - 1; j >= Math.max(0, i - 3); j--)
      if (content(words[j])) {
        found.add(stemOf(words[j]!));
        break;
      }
    for (let j = i + 1; j < Math.min(words.length, i + 4); j++)
      if (content(words[j])) {
        found.add(stemOf(words[j]!));
        break;
      }
  });
  return found;
}

/** The stems only the claim's "rather than B" / "instead of B" holds: B, less the words the rest of the claim shares. */
function setAsideOf(claim: Claim): { stems: string[] } | null {
  const match = /\b(?:rather\s+than|instead\s+of)\s+([^,;.]+)/iu.exec(claim.text);
  if (!match) return null;
  const kept = new Set(contentStems(claim.text.slice(0, match.index) + claim.text.slice(match.index + match[0].length)));
  const stems = contentStems(match[1]!).filter((stem) => !kept.has(stem));
  return stems.length === 0 ? null : { stems };
}

function denied(claim: Claim, around: readonly PassageSentence[]): string | null {
  const setAside = setAsideOf(claim)?.stems;
  if (!setAside) return null;
  const asideAt = (sentence: PassageSentence, i: number) => sentence.words.slice(Math.max(0, i - 4), i).some((w) => SETS_ASIDE.has(w));
  // The page sets B aside itself ("Why s and not lambda?"): it makes the claim's choice, though a sentence beside it uses B.
  if (around.some((sentence) => sentence.words.some((word, i) => setAside.includes(stemOf(word)) && asideAt(sentence, i)))) return null;
  for (const sentence of around) {
    const stated = sentence.words.some((word, i) => setAside.includes(stemOf(word)) && !asideAt(sentence, i));
    if (stated) return sentence.text;
  }
  return null;
}

/** Two clauses: "…, while …", "…, whereas …", "…; …", "…, but …". */
const CLAUSES = /,?\s+(?:while|whereas)\s+|;\s+|,\s+but\s+/iu;

function swapped(claim: Claim, sentence: PassageSentence): string | null {
  const claimParts = claim.text.split(CLAUSES);
  const pageParts = sentence.text.split(CLAUSES);
  if (claimParts.length !== 2 || pageParts.length !== 2) return null;
  const [c1, c2] = claimParts.map(stemSet) as [Set<string>, Set<string>];
  let [p1, p2] = pageParts.map(stemSet) as [Set<string>, Set<string>];
  // Each clause's subject: its first word that only one of the page's clauses holds.
  const subject = (clause: string) => contentStems(clause).find((stem) => p1.has(stem) !== p2.has(stem)) ?? null;
  const s1 = subject(claimParts[0]!);
  const s2 = subject(claimParts[1]!);
  if (!s1 || !s2 || s1 === s2) return null;
  if (p2.has(s1) && p1.has(s2)) [p1, p2] = [p2, p1];
  if (!p1.has(s1) || !p2.has(s2)) return null;
  const only = (a: Set<string>, b: Set<string>) => [...a].filter((stem) => !b.has(stem) && stem !== s1 && stem !== s2);
  const [said1, said2] = [only(c1, c2), only(c2, c1)];
  const count = (said: string[], part: Set<string>) => said.filter((stem) => part.has(stem)).length;
  const stay = count(said1, p1) + count(said2, p2);
  const cross = count(said1, p2) + count(said2, p1);
  return cross >= stay + SWAP_MARGIN ? sentence.text : null;
}

function stemSet(text: string): Set<string> {
  return new Set(contentStems(text).filter((stem) => !CLAIM_FUNCTION_WORDS.has(stem)));
}

/**
 * A claim of two statements joined by a colon or semicolon ("The authors correct the test on page
 * 169: the null … is in fact rejected") may have no page sentence about all of it: each statement is
 * looked for on its own, and one the page's sentence about it denies (./negated.ts) is said.
 */
function clauseNegated(claim: Claim, sentences: readonly PassageSentence[]): string | null {
  const clauses = claim.text.split(/[:;]\s+/u);
  if (clauses.length < 2) return null;
  for (const text of clauses) {
    const clause = claimOf(text);
    const wanted = Math.max(ABOUT_WORDS, Math.ceil(clause.stems.length * ABOUT_SHARE));
    let best = -1;
    let bestCount = wanted - 1;
    sentences.forEach((sentence, i) => {
      const count = clause.stems.filter((stem) => sentence.stems.has(stem)).length;
      if (count > bestCount) {
        best = i;
        bestCount = count;
      }
    });
    const denial = best === -1 ? null : negatedOn(clause, sentences, best);
    if (denial) return denial;
  }
  return null;
}
