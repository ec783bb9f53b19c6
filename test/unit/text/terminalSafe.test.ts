/**
 * terminalSafe (src/core/text/terminalSafe.ts): document and model text printed by the CLI must
 * not drive the terminal (title, screen, clipboard, links) yet keep the words around the escapes.
 */
import assert from 'node:assert/strict';
import { terminalSafe } from '../../../src/core/text/terminalSafe';

const ESC = '\u001b';
const BEL = '\u0007';
const ST = `${ESC}\\`;
/** Every byte a terminal could act on; what must never come out. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('terminalSafe: document text cannot drive the terminal', () => {
  const cases: Array<[string, string, string]> = [
    ['OSC 0 window title ended by BEL', `a ${ESC}]0;PWNED${BEL} b`, 'a  b'],
    ['OSC 52 clipboard write ended by ST', `a ${ESC}]52;c;ZXZpbA==${ST} b`, 'a  b'],
    ['OSC 8 link smuggled in by a document', `see ${ESC}]8;;https://evil.example${ST}here${ESC}]8;;${ST}.`, 'see here.'],
    ['CSI clear screen', `a ${ESC}[2J b`, 'a  b'],
    ['CSI colour with parameters', `${ESC}[1;31mred${ESC}[0m`, 'red'],
    ['CSI private mode (hide cursor)', `x${ESC}[?25ly`, 'xy'],
    ['8-bit CSI (U+009B)', `a\u009b31mb`, 'ab'],
    ['8-bit OSC (U+009D) ended by 8-bit ST', `a\u009d0;t\u009cb`, 'ab'],
    ['DCS string', `a${ESC}Pq#0;2;0;0;0${ST}b`, 'ab'],
    ['APC string', `a${ESC}_payload${ST}b`, 'ab'],
    ['PM and SOS strings', `a${ESC}^pm${ST}b${ESC}Xsos${ST}c`, 'abc'],
    ['ESC c (full reset)', `a${ESC}cb`, 'ab'],
    ['charset switch ESC ( 0', `a${ESC}(0b`, 'ab'],
    ['lone ESC at the end', `text${ESC}`, 'text'],
    ['unterminated OSC: the introducer goes, the rest is plain text', `a${ESC}]0;title`, 'a0;title'],
    ['BEL, backspace, carriage return and DEL', `a${BEL}b\bc\rd\u007fe`, 'abcde'],
  ];
  for (const [name, input, expected] of cases) {
    it(`strips ${name}`, () => {
      const out = terminalSafe(input);
      assert.equal(out, expected);
      assert.doesNotMatch(out, CONTROL);
    });
  }

  it('keeps newlines, tabs and non-ASCII text as they are', () => {
    const text = 'Überschrift\n\tcafé — 東京 ✓\n';
    assert.equal(terminalSafe(text), text);
  });

  it('leaves no control byte whatever the input (every code point 0-0x2000 with ESC and C1 introducers)', () => {
    let input = '';
    for (let c = 0; c < 0x2000; c++) input += String.fromCharCode(c) + ESC + '\u009b' + '\u009d';
    assert.doesNotMatch(terminalSafe(input), CONTROL);
  });
});
