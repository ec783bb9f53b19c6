/**
 * What the LaTeX reader (./latex.ts) does with each command and environment it knows, as tables.
 * A command it does not know is dropped and the text of its braces kept (`\todo{check this}`
 * reads "check this"), which is right for the text macros a writer defines.
 */

/** Sectioning commands by depth (LaTeX's own levels: part -1, chapter 0, section 1 …). */
export const SECTION_LEVELS: Readonly<Record<string, number>> = {
  part: -1,
  chapter: 0,
  addchap: 0,
  section: 1,
  addsec: 1,
  subsection: 2,
  subsubsection: 3,
  paragraph: 4,
  subparagraph: 5,
  frametitle: 2,
};

/** Sectioning commands that are never numbered (KOMA-Script's `\addchap`, beamer's frame titles). */
export const UNNUMBERED_SECTIONS = new Set(['addchap', 'addsec', 'frametitle', 'part']);

/**
 * Commands dropped with their arguments (how many braced ones; optional `[…]` ones always go):
 * labels, graphics, files, layout, counters, colours. `\input` and `\include` name another file,
 * which the index reads as a document of its own.
 */
export const DROPPED: Readonly<Record<string, number>> = {
  label: 1,
  includegraphics: 1,
  input: 1,
  include: 1,
  includeonly: 1,
  subfile: 1,
  bibliography: 1,
  bibliographystyle: 1,
  addbibresource: 1,
  printbibliography: 0,
  usepackage: 1,
  RequirePackage: 1,
  documentclass: 1,
  vspace: 1,
  hspace: 1,
  setlength: 2,
  addtolength: 2,
  setcounter: 2,
  addtocounter: 2,
  stepcounter: 1,
  pagestyle: 1,
  thispagestyle: 1,
  pagenumbering: 1,
  color: 1,
  definecolor: 3,
  graphicspath: 1,
  hypersetup: 1,
  geometry: 1,
  newtheorem: 2,
  theoremstyle: 1,
  linespread: 1,
  fontsize: 2,
  selectfont: 0,
  maketitle: 0,
  tableofcontents: 0,
  listoffigures: 0,
  listoftables: 0,
  newpage: 0,
  clearpage: 0,
  cleardoublepage: 0,
  centering: 0,
  noindent: 0,
  hline: 0,
  toprule: 0,
  midrule: 0,
  bottomrule: 0,
  cline: 1,
  cmidrule: 1,
  multicolumn: 2,
  multirow: 2,
};

/** Definitions: the name, its optional arguments and the body all go (`\newcommand{\R}[1]{…}`, `\def\R#1{…}`). */
export const DEFINITIONS = new Set([
  'newcommand',
  'renewcommand',
  'providecommand',
  'DeclareMathOperator',
  'DeclareRobustCommand',
  'newenvironment',
  'renewenvironment',
  'def',
  'gdef',
  'edef',
  'xdef',
  'let',
]);

/**
 * Citations and cross-references are kept as written (`\citep[p.~3]{smith2020}`, `\ref{sec:data}`):
 * they are the draft's links, and a reader of a quoted passage knows what each points at.
 */
export const KEPT_AS_WRITTEN =
  /^(?:[Cc]ite[a-z]*|[a-z]*cite[a-z]*|[a-z]*ref|cref|Cref|autoref|nameref|pageref|eqref|vref|gls|Gls|glspl|acr?|acrshort|acrlong|acrfull)$/;

/** Commands whose argument is a URL or a path, copied as it is (no command inside it is read). */
export const LITERAL_ARGUMENT = new Set(['url', 'path', 'nolinkurl', 'email']);

/** Commands whose first argument is not text (a URL, a colour) and whose second is: `\href{url}{text}`. */
export const SECOND_ARGUMENT_TEXT = new Set(['href', 'textcolor', 'colorbox']);

/** Control words that print something: the characters they print. */
export const WORDS: Readonly<Record<string, string>> = {
  LaTeX: 'LaTeX',
  LaTeXe: 'LaTeX2e',
  TeX: 'TeX',
  BibTeX: 'BibTeX',
  ldots: '…',
  dots: '…',
  textellipsis: '…',
  textendash: '–',
  textemdash: '—',
  textasciitilde: '~',
  textbackslash: '\\',
  textbar: '|',
  textless: '<',
  textgreater: '>',
  textquotedblleft: '“',
  textquotedblright: '”',
  textquoteleft: '‘',
  textquoteright: '’',
  S: '§',
  P: '¶',
  copyright: '©',
  textcopyright: '©',
  textregistered: '®',
  texttrademark: '™',
  pounds: '£',
  euro: '€',
  textdegree: '°',
  degree: '°',
  ss: 'ß',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  o: 'ø',
  O: 'Ø',
  aa: 'å',
  AA: 'Å',
  l: 'ł',
  L: 'Ł',
  i: 'ı',
  j: 'ȷ',
  par: '\n\n',
  newline: '\n',
  linebreak: '\n',
  quad: ' ',
  qquad: ' ',
  enspace: ' ',
  thinspace: ' ',
  space: ' ',
};

/** One-character commands: `\%` prints %, `\,` a thin space, `\-` (a hyphenation point) nothing. */
export const SYMBOLS: Readonly<Record<string, string>> = {
  '%': '%',
  '&': '&',
  $: '$',
  '#': '#',
  _: '_',
  '{': '{',
  '}': '}',
  ' ': ' ',
  ',': ' ',
  ';': ' ',
  ':': ' ',
  '>': ' ',
  '!': '',
  '-': '',
  '/': '',
  '@': '',
  '\n': ' ',
  '\t': ' ',
};

/** Accents as combining marks: `\'e` and `\'{e}` read é (composed after). */
export const ACCENTS: Readonly<Record<string, string>> = {
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '"': '\u0308',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  c: '\u0327',
  v: '\u030c',
  u: '\u0306',
  H: '\u030b',
  k: '\u0328',
  r: '\u030a',
  d: '\u0323',
  b: '\u0331',
};

/** Floats: their code goes, their caption stays (a line "Figure: …"). */
export const FLOATS: Readonly<Record<string, string>> = {
  figure: 'Figure',
  'figure*': 'Figure',
  wrapfigure: 'Figure',
  sidewaysfigure: 'Figure',
  subfigure: 'Figure',
  table: 'Table',
  'table*': 'Table',
  wraptable: 'Table',
  sidewaystable: 'Table',
  algorithm: 'Algorithm',
};

/** Environments that are not text at all: drawings, files written out, commented-out text. */
export const DROPPED_ENVIRONMENTS = new Set(['tikzpicture', 'pgfpicture', 'picture', 'filecontents', 'filecontents*', 'comment', 'thebibliography']);

/** Display maths, kept as written on lines of its own (labels dropped). */
export const MATH_ENVIRONMENTS = new Set(
  ['equation', 'align', 'gather', 'multline', 'eqnarray', 'flalign', 'alignat', 'displaymath', 'math', 'dmath'].flatMap((name) => [name, `${name}*`]),
);

/** Environments that open with a word: "Theorem (Fermat). …", "Proof. …". */
export const LEAD_WORDS: Readonly<Record<string, string>> = {
  theorem: 'Theorem',
  lemma: 'Lemma',
  proposition: 'Proposition',
  corollary: 'Corollary',
  definition: 'Definition',
  conjecture: 'Conjecture',
  remark: 'Remark',
  example: 'Example',
  assumption: 'Assumption',
  hypothesis: 'Hypothesis',
  proof: 'Proof',
};

/** Braced arguments of `\begin{…}` that are layout, not text (`\begin{minipage}{0.5\textwidth}`). */
export const ENVIRONMENT_ARGUMENTS: Readonly<Record<string, number>> = {
  minipage: 1,
  multicols: 1,
  tabular: 1,
  'tabular*': 2,
  tabularx: 2,
  longtable: 1,
  array: 1,
  adjustbox: 1,
  resizebox: 2,
  list: 2,
};

/** Classes whose top level is the chapter (numbers read 2.1, not 1). Any document that uses `\chapter` counts too. */
export const CHAPTER_CLASSES = new Set(['book', 'report', 'memoir', 'scrbook', 'scrreprt', 'thesis']);
