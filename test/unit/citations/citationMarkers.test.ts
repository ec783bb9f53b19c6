/**
 * One place for each rule that is easy to copy in a line: the `[n]` citation marker
 * (src/core/citations/citationMarkers.ts) and the extension that decides a document's kind
 * (src/core/formats.ts). One-line copies are below the duplicate detector's threshold, so this
 * reads src/ for them; each allowed use outside the home file is named with its reason.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { citationMarkerRuns, citationMarkers, markerCiting, markerNumbers, OPEN_MARKER_AT_END } from '../../../src/core/citations/citationMarkers';

const root = join(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** Files of src/ whose text (a string-built RegExp's `\\[` read as `\[`) matches `rule`. */
function filesWriting(rule: RegExp): string[] {
  return sourceFiles(join(root, 'src'))
    .filter((file) => rule.test(readFileSync(file, 'utf8').replaceAll('\\\\', '\\')))
    .map((file) => relative(root, file).split('\\').join('/'))
    .sort();
}

/** A regex's `\[` followed closely by a digit class: the start of a `[n]` marker pattern. */
const MARKER_PATTERN = /\\\[.{0,6}?\\d/;
/** An extension tested against a name: `/\.pdf$/`, `endsWith('.pdf')`, `'.pdf': kind`. */
const EXTENSION_RULE =
  /\\\.\(?(?:pdf|docx|html?|md|markdown|txt)\b|endsWith\(\s*['"`]\.(?:pdf|docx|html?|md|markdown|txt)['"`]|['"`]\.(?:pdf|docx|html?|md|markdown|txt)['"`]\s*:/i;

describe('citation markers: one pattern', () => {
  it('finds markers and their numbers as answers write them', () => {
    const answer = 'It is 30 seconds [1]. Both agree [2, 3][4], see [12 ,5].';
    assert.deepEqual(
      [...answer.matchAll(citationMarkers())].map((m) => markerNumbers(m[1]!)),
      [[1], [2, 3], [4], [12, 5]],
    );
    assert.deepEqual(
      [...answer.matchAll(citationMarkerRuns())].map((m) => m[0]),
      ['[1]', '[2, 3][4]', '[12 ,5]'],
    );
    assert.ok(markerCiting(3).test('agree [2, 3].') && !markerCiting(3).test('agree [2, 13].'));
    assert.equal(OPEN_MARKER_AT_END.exec('as shown [2,')?.index, 9);
  });

  it('no file of src/ writes the [n] pattern but citationMarkers.ts', () => {
    // (src/vscode/pure/citationLinks.ts reads the chat's link markup around one marker,
    // `[&#91;n&#93;](command:…)`, back into `[n]`: a pattern of links, not of markers.)
    assert.deepEqual(filesWriting(MARKER_PATTERN), [
      'src/core/citations/citationMarkers.ts',
      // A PDF's printed numeric citations and list labels ("[12]", "[3-5]"), not an answer's markers.
      'src/core/papers/references/fields.ts',
      'src/core/papers/references/mentions.ts',
      'src/core/papers/references/section.ts',
      'src/core/papers/references/split.ts',
    ]);
  });

  it('no file of src/ decides a kind by extension but formats.ts', () => {
    assert.deepEqual(filesWriting(EXTENSION_RULE), []);
  });
});
