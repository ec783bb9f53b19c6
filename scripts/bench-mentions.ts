/**
 * What naming papers costs each question on a large library: `papersNamedBy` (src/core/papers/mentions.ts)
 * over N made-up records, for four questions (an author and year, a citation key, a package's
 * paper, a topic that names none), a few rounds. Search asks it once per query, and the graph for each sub-query.
 *
 *   node --require tsx/cjs scripts/bench-mentions.ts [--records 5000] [--rounds 3]
 *
 * Also the index made from keys kept as a library keeps them (core/library/mentionKeyFile.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { mentionKeyFile } from '../src/core/library/mentionKeyFile';
import { mentionIndex, papersNamedBy } from '../src/core/papers/mentions';
import type { PaperRecord } from '../src/core/papers/record';

const { values } = parseArgs({ options: { records: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '3' } } });
const count = Number(values.records);
const topics =
  'bayesian multilevel models regression trees survival kernel mixed spatial time series clustering inference robust covariance estimation methods'.split(' ');
const field = <T>(value: T) => ({ value, source: 'bib' as const, confidence: 1 });
const records: PaperRecord[] = Array.from({ length: count }, (_, i) => ({
  path: `p${i}.pdf`,
  title: field(`${topics[i % 17]} ${topics[(i * 7) % 17]}: Modeling ${topics[(i * 3) % 17]} with the R Package pkg${i}`),
  authors: field([{ family: `Author${i % 900}`, given: 'A' }]),
  year: field(1990 + (i % 30)),
  // A library's records carry citation keys (Zotero's or Better BibTeX's): a question is matched against each.
  citekey: field(`author${i % 900}${1990 + (i % 30)}${topics[i % 17]}${i}`),
}));

let started = performance.now();
const index = mentionIndex(records);
console.log(`${count} records: index made in ${(performance.now() - started).toFixed(0)} ms`);
// As a library's index keeps them (core/library/mentionKeyFile.ts): the first process writes the keys, a later one reads them.
const keptIn = mkdtempSync(join(tmpdir(), 'bench-mentions-'));
started = performance.now();
mentionIndex(records, mentionKeyFile(keptIn));
console.log(`index made and its keys kept: ${(performance.now() - started).toFixed(0)} ms`);
started = performance.now();
mentionIndex(records, mentionKeyFile(keptIn));
console.log(`index made from the kept keys (a later process): ${(performance.now() - started).toFixed(0)} ms`);
rmSync(keptIn, { recursive: true, force: true });
const questions = [
  'What do Author12 et al. (2002) find about kernel regression?',
  'What does @author121993kernel121 say about priors?',
  'Which prior does the pkg42 paper use?',
  'How are spatial time series clustered in robust covariance estimation?',
];
const perQuestion = 30;
for (let round = 0; round < Number(values.rounds); round++) {
  started = performance.now();
  for (let i = 0; i < perQuestion; i++) for (const question of questions) papersNamedBy(question, index);
  console.log(`round ${round + 1}: ${((performance.now() - started) / (perQuestion * questions.length)).toFixed(2)} ms per question`);
}
