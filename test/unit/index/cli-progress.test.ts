import assert from 'node:assert/strict';
import { createProgressView } from '../../../src/cli/progress';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, columns: 200, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream };
}

describe('CLI progress view', () => {
  it('prints one plain line per document when not on a terminal', () => {
    const { writes, stream } = fakeStream(false);
    const view = createProgressView(stream, false);
    view.update({ phase: 'discover', done: 0, total: 0, message: 'scanning /docs' });
    view.update({ phase: 'embed', done: 0, total: 2, file: 'a.pdf' });
    view.update({ phase: 'extract', done: 1, total: 2, file: 'b.md' });
    view.update({ phase: 'embed', done: 1, total: 2, file: 'b.md' });
    view.update({ phase: 'write', done: 2, total: 2, file: 'b.md' });
    view.update({ phase: 'done', done: 2, total: 2, message: 'done' });
    assert.deepEqual(writes, ['discover: scanning /docs\n', '[1/2] a.pdf\n', '[2/2] b.md\n']);
  });

  it('redraws one bar in place on a terminal and clears it at the end', () => {
    const { writes, stream } = fakeStream(true);
    const view = createProgressView(stream, false);
    view.update({ phase: 'embed', done: 1, total: 4, file: 'a.pdf' });
    view.end();
    assert.match(writes[0]!, /^\r\x1b\[K\[######------------------\] 1\/4 embed a\.pdf$/);
    assert.equal(writes.at(-1), '\r\x1b[K');
  });

  it('stays silent for --json', () => {
    const { writes, stream } = fakeStream(false);
    createProgressView(stream, true).update({ phase: 'embed', done: 0, total: 1, file: 'a.pdf' });
    assert.deepEqual(writes, []);
  });
});
