/**
 * What `ask` and `chat` write to a terminal (src/cli/researchSession.ts): streamed tokens,
 * suggestions and notes come from the model and the documents, so escapes in them must not reach
 * the terminal, while the Sources' links (ours) still do.
 */
import assert from 'node:assert/strict';
import type { TurnResult } from '../../../src/core/graph/api';
import { printableAnswer, renderTurnFooter, terminalStreamer } from '../../../src/cli/researchSession';
import { locationLinker } from '../../../src/cli/terminalLinks';

const ESC = '\u001b';
const BEL = '\u0007';
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const OUR_LINK = /\u001b\]8;;file:\/\/[^\u001b]*\u001b\\|\u001b\]8;;\u001b\\/g;

function hostileTurn(): TurnResult {
  return {
    route: 'answer',
    answer: `The ballast ${ESC}]0;OWNED${BEL}warms up [1].`,
    followups: [{ label: `Wiring ${ESC}[2J`, prompt: `Show the ${ESC}]52;c;ZXZpbA==${BEL}wiring` }],
    citations: [{ index: 1, file: 'ballast.md', lines: [3, 4] }],
    metadata: {},
    decisions: [],
    llmCalls: 1,
    problem: { code: 'x', message: `model said ${ESC}[31mno` },
  } as unknown as TurnResult;
}

describe('research session output on a terminal', () => {
  it('streamed tokens reach the terminal without the escapes a model copied from a document', () => {
    let written = '';
    const out = { write: (text: string) => ((written += text), true) } as unknown as NodeJS.WriteStream;
    const streamer = terminalStreamer(out);
    for (const text of ['The ballast ', `${ESC}]0;OWNED${BEL}`, 'warms', `${ESC}[2J`, ' up', ESC, ']52;c;x', BEL, '.'])
      streamer.onEvent({ type: 'token', text });
    assert.doesNotMatch(written, CONTROL);
    assert.match(written, /^The ballast warms up/);
  });

  it('the printed answer, suggestions and note carry no escapes; the Sources keep our OSC 8 link', () => {
    const result = hostileTurn();
    const answer = printableAnswer(result);
    assert.equal(answer, 'The ballast warms up [1].');
    const footer = renderTurnFooter(result, locationLinker({ root: '/docs', cwd: '/', hyperlinks: true }));
    assert.match(footer, /\u001b\]8;;file:\/\/\/docs\/ballast\.md#3\u001b\\ballast\.md, lines 3-4/);
    assert.doesNotMatch(footer.replace(OUR_LINK, ''), CONTROL);
    assert.match(footer, /1\. Wiring : Show the wiring/);
    assert.match(footer, /note: model said no/);
  });
});
