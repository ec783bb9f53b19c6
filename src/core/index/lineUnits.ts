/** What a chunk's line numbers count: paragraphs for DOCX, lines of the file for every other text kind (one rule, in the citation formatter). */
export { citesParagraphs, lineWord } from '../citations/citationLabel';
