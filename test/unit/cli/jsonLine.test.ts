/**
 * `--json` output read on a terminal: C1 controls (U+009B is CSI to an 8-bit terminal) and bidi
 * overrides (which reorder what is shown) are written as \uXXXX escapes, which JSON.stringify
 * leaves raw; a program parsing the line gets the same strings back.
 */
import assert from 'node:assert/strict';
import { jsonLine } from '../../../src/cli/jsonLine';

describe('--json lines', () => {
  const value = { title: 'Relay \u202eyalpsid\u202c \u2066x\u2069 switches\u0085on \u009b31m load\u007f', n: 1, list: ['\u009d0;t\u009c', 'plain é ü'] };

  it('escapes DEL, C1 controls, bidi controls and line separators; the JSON parses back to the same value', () => {
    const line = jsonLine(value);
    assert.ok(line.endsWith('\n'));
    assert.doesNotMatch(line, /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    assert.match(line, /\\u202e/);
    assert.match(line, /\\u009b/);
    assert.deepEqual(JSON.parse(line), value);
    assert.ok(line.includes('plain é ü'), 'other characters stay as they are');
  });

  it('JSON.stringify alone passes them through (what the escape is for)', () => {
    assert.match(JSON.stringify(value), /[\u009b\u202e]/);
  });
});
