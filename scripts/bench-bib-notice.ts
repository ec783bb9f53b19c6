/**
 * What the editor's notice for a bib pointing outside the workspace costs at startup: the `file`
 * fields of a Better BibTeX export read (`bibFilePaths`) and grouped by the library they are in
 * (`librariesOutside`, src/vscode/pure/libraries.ts), on the extension host's thread, once per
 * window. A made-up bib of N entries, each with one PDF in Zotero's storage; a few rounds.
 *
 *   node --require tsx/cjs scripts/bench-bib-notice.ts [--entries 5000] [--rounds 3]
 */
import { parseArgs } from 'node:util';
import { bibFilePaths, librariesOutside } from '../src/vscode/pure/libraries';

const { values } = parseArgs({ options: { entries: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '3' } } });
const count = Number(values.entries);
const entry = (i: number) =>
  [
    `@article{key${i},`,
    `  title = {Paper {${i}} on Kernels},`,
    '  author = {Lovelace, Ada and Babbage, Charles},',
    '  year = {2012},',
    `  file = {/home/ada/Zotero/storage/K${String(i).padStart(7, '0')}/Lovelace - 2012 - Paper ${i}.pdf}`,
    '}',
  ].join('\n');
const text = Array.from({ length: count }, (_, i) => entry(i)).join('\n\n');
const context = { bibDir: '/home/ada/thesis', home: '/home/ada', workspace: ['/home/ada/thesis'], libraries: [] };
for (let round = 1; round <= Number(values.rounds); round++) {
  const started = performance.now();
  const paths = bibFilePaths(text);
  const libraries = librariesOutside(paths, context, (root) => root === '/home/ada/Zotero');
  const ms = performance.now() - started;
  console.log(
    `round ${round}: ${(text.length / 1e6).toFixed(2)} MB, ${paths.length} file paths -> ${libraries.map((l) => `${l.root} (${l.pdfs} PDFs)`).join(', ')}: ${ms.toFixed(1)} ms`,
  );
}
