/** The library pass's papers: what they say and how they are cited (./folder.ts writes them; ./index.ts asks about them). */

/** What the library's papers say, and how they are cited. */
export const LIBRARY = {
  kernelPaper: { key: 'KERNEL01', pdf: 'PDFKERN1', citekey: 'lovelace2012kernels', author: 'Lovelace', year: '2012' },
  otherPaper: { key: 'OTHER001', pdf: 'PDFOTHR1', citekey: 'babbage2015engines', author: 'Babbage', year: '2015' },
  /** On page 2 of the kernel paper: the answer to QUESTION. */
  fact: 'The Matern kernel with smoothness 3/2 gave the lowest rainfall prediction error across all 40 stations.',
  question: 'Which kernel gave the lowest rainfall prediction error according to Lovelace (2012)?',
  /** Asked under a scope: the model cites every passage it is given (./index.ts), so the Sources show what the scope let through. */
  bothQuestion: 'What do Lovelace (2012) and Babbage (2015) write about rainfall kernels and analytical engines?',
  collections: {
    thesis: { key: 'COLTHES1', name: 'Thesis' },
    chapter: { key: 'COLCHAP2', name: 'Chapter 2' },
    reading: { key: 'COLREAD1', name: 'Reading' },
  },
  /**
   * A paper whose PDFs Zotero links rather than stores (linkMode 2): one by its absolute path,
   * outside the home folder; one as `attachments:hopper/supplement.pdf`, relative to the base
   * directory set in Zotero's preferences (prefs.js).
   */
  linkedPaper: {
    key: 'HOPPER01',
    citekey: 'hopper2019compilers',
    absolute: { key: 'LINKABS1', fact: 'The compiled pipeline cut gauge processing time from 40 minutes to 9 minutes.', page: 2 },
    relative: {
      key: 'LINKREL1',
      stored: 'attachments:hopper/supplement.pdf',
      fact: 'The supplement lists 212 gauges with complete daily records since 1990.',
      page: 3,
    },
    absoluteQuestion: 'How much did the compiled pipeline of Hopper (2019) cut the gauge processing time?',
    relativeQuestion: 'How many gauges with complete daily records does the supplement of Hopper (2019) list?',
  },
  /** The user's comment on a highlight of page 2. */
  comment: 'My note: use this result to justify the kernel choice in chapter three.',
};
