// Build-time patch of unpdf's bundled pdf.js (node_modules/unpdf/dist/pdfjs.mjs), applied by
// esbuild.mjs to every bundle that includes it (dist/extract-worker.js and the in-thread fallback).
//
// Why: pdf.js is ~90% of full-text indexing's CPU. Two spots cost far more than their work:
//   text-transform  `getCurrentTextTransform` (twice per glyph) multiplies matrices with the shared,
//                   megamorphic `Util.transform`; it now calls its own copy, `multiplyTransform`.
//   message-clone   the in-thread fake worker's `LoopbackPort.postMessage` structuredClones every
//                   message; it now calls `cloneMessage`, a faster copy of plain-data messages that
//                   leaves the rest to structuredClone.
// Both helpers live in src/core/index/pipeline/extract/pdfjsFastPaths.ts and compute what they replace
// (same text, bit for bit: the eval corpus's pages were diffed; test/unit/index/extract-pdfjs-patch.test.ts
// compares patched and stock pdf.js on generated PDFs). Measured: README of src/core/index.
//
// When unpdf changes: each target is a pattern over the minified bundle that must match exactly
// once. One that does not is skipped (that spot of pdf.js stays stock, correct but slower) and the
// build prints a warning; the unit test fails, so the patch gets redone, not silently lost. Tests
// and tsx runs from source use stock pdf.js: only bundles are patched.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const HELPERS = fileURLToPath(new URL('../src/core/index/pipeline/extract/pdfjsFastPaths.ts', import.meta.url));

/** The file the patch applies to, matched on esbuild's resolved path. */
export const PDFJS_FILE = /[\\/]unpdf[\\/]dist[\\/]pdfjs\.mjs$/;

const PATCHES = [
  {
    name: 'text-transform',
    // return Util$1.transform(j.ctm,Util$1.transform(j.textMatrix,t))}  (inside getCurrentTextTransform)
    pattern: /return ([\w$]+)\.transform\(([\w$]+)\.ctm,\1\.transform\(\2\.textMatrix,([\w$]+)\)\)\}/g,
    replacement: 'return multiplyTransform$lra($2.ctm,multiplyTransform$lra($2.textMatrix,$3))}',
  },
  {
    name: 'message-clone',
    // LoopbackPort: postMessage(e,t){let n={data:structuredClone(e,t?{transfer:t}:null)};
    pattern: /postMessage\(([\w$]+),([\w$]+)\)\{let ([\w$]+)=\{data:structuredClone\(\1,\2\?\{transfer:\2\}:null\)\}/g,
    replacement: 'postMessage($1,$2){let $3={data:cloneMessage$lra($1,$2)}',
  },
];

/**
 * Applies every patch whose target occurs exactly once. Returns the new source with the helpers'
 * import prepended (only if a patch applied), and which patches applied or were skipped.
 */
export function patchPdfjsSource(source, helpersPath = HELPERS) {
  let code = source;
  const applied = [];
  const skipped = [];
  for (const patch of PATCHES) {
    const matches = code.match(patch.pattern)?.length ?? 0;
    if (matches !== 1) {
      skipped.push(`${patch.name} (target found ${matches} times, expected once)`);
      continue;
    }
    code = code.replace(patch.pattern, patch.replacement);
    applied.push(patch.name);
  }
  if (applied.length > 0) {
    code = `import { multiplyTransform as multiplyTransform$lra, cloneMessage as cloneMessage$lra } from ${JSON.stringify(helpersPath)};\n` + code;
  }
  return { code, applied, skipped };
}

/** The esbuild plugin: patches pdfjs.mjs as it is loaded; a skipped patch is a build warning, never an error. */
export function pdfjsPatchPlugin() {
  return {
    name: 'pdfjs-patch',
    setup(build) {
      build.onLoad({ filter: PDFJS_FILE }, async (args) => {
        const { code, skipped } = patchPdfjsSource(await readFile(args.path, 'utf8'));
        const warnings = skipped.map((text) => ({ text: `pdf.js patch not applied, stock code kept: ${text}` }));
        return { contents: code, loader: 'js', warnings };
      });
    },
  };
}
