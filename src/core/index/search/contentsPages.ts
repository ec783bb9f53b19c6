/**
 * Passages that are a document's table of contents. They hold a book's chapter and section titles
 * ("1.2 A Brief History of Macsyma . . . . . 8"), so a question that names the book and a topic
 * shares most of its words with them, and BM25 ranks them above the page that answers; yet they
 * say only where a topic is. Search ranks them below the passages that say it (search.ts), unless
 * the question asks about contents, chapters or sections themselves.
 */

/** A dot leader: five or more dots, spaced or not, between an entry and its page number. */
const LEADER = /(?:\.\s?){5,}\s*[\divxlc]+\b/gi;
/** This many leaders make a contents passage: a passage may hold one or two ruled lines of its own. */
const MIN_LEADERS = 4;

export function isContentsPassage(text: string): boolean {
  let leaders = 0;
  for (const _ of text.matchAll(LEADER)) if (++leaders >= MIN_LEADERS) return true;
  return false;
}

/** The question asks what a document covers or where: its contents answer it. */
export function asksAboutContents(question: string): boolean {
  return /\b(contents|chapters?|sections?|outline|table of contents|which part|where in)\b/i.test(question);
}
