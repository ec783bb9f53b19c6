import assert from 'node:assert/strict';
import { WarningLines } from '../../../src/cli/warningLines';

function collect(maxBytes?: number) {
  const out: string[] = [];
  const lines = new WarningLines({ write: (text: string) => out.push(text) }, maxBytes);
  return { out, lines };
}

describe('cli: warning lines of one run', () => {
  it('says a repeated warning once and counts the repeats in one last line', () => {
    const { out, lines } = collect();
    for (let i = 0; i < 1000; i++) lines.add('draft.tex, line 1: \\cite has no {key}');
    lines.add('refs.bib is empty');
    lines.end();
    assert.deepEqual(out, [
      'warning: draft.tex, line 1: \\cite has no {key}\n',
      'warning: refs.bib is empty\n',
      'warning: 999 more warnings left out (999 repeating a line above)\n',
    ]);
  });

  it('writes no more than its byte limit (1 MB by default), then one line counting what was left out', () => {
    const { out, lines } = collect();
    for (let i = 0; i < 200_000; i++) lines.add(`draft.tex, line ${i + 1}: ${'x'.repeat(80)}`);
    lines.end();
    const bytes = out.reduce((n, line) => n + Buffer.byteLength(line), 0);
    assert.ok(bytes <= 1024 * 1024 + 200, `${bytes} bytes`);
    assert.match(out.at(-1)!, /^warning: [\d,]+ more warnings left out \([\d,]+ past the 1024 KB of warnings one run prints\)\n$/);
    assert.ok(out.length > 5_000 && out.length < 200_000, `${out.length} lines`);
  });

  it('makes a warning safe for the terminal (escape sequences from a draft are not run)', () => {
    const { out, lines } = collect();
    lines.add('draft.tex, line 1: \u001b[31mred\u001b[0m');
    assert.doesNotMatch(out[0]!, /\u001b/);
  });

  it('says nothing more when nothing was left out', () => {
    const { out, lines } = collect();
    lines.add('one');
    lines.end();
    assert.deepEqual(out, ['warning: one\n']);
  });
});
