/** Log lines hold short snippets of document and model text, never whole passages or terminal escapes. */
import assert from 'node:assert/strict';
import { logSnippet } from '../../../src/core/logText';
import { TERMINAL_ESCAPES, hostileMarkdown } from '../../support/hostileDoc';

describe('log snippets', () => {
  it('a whole hostile document logged as a reason becomes one short line without terminal escapes', () => {
    const line = logSnippet(`Unsupported claims: ${hostileMarkdown()}`, 200);
    assert.ok(line.length <= 200, `${line.length} characters`);
    assert.doesNotMatch(line, /\n/);
    for (const escape of TERMINAL_ESCAPES) assert.ok(!line.includes(escape.slice(0, 2)), JSON.stringify(line));
    assert.doesNotMatch(logSnippet(TERMINAL_ESCAPES.join(' ')), /[\x00-\x1f\x7f]/);
    assert.equal(logSnippet('What is the default proxy timeout?'), 'What is the default proxy timeout?');
  });
});
