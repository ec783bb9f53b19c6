// pdf.js's viewer components (web/pdf_viewer.mjs) read the library from `globalThis.pdfjsLib`,
// so it is set here, in a module imported before them (ES modules evaluate in import order).
import * as pdfjsLib from 'pdfjs-dist';

(globalThis as { pdfjsLib?: unknown }).pdfjsLib = pdfjsLib;

export { pdfjsLib };
