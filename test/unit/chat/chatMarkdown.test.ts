/**
 * Document and model text in the chat displays as text: no image the chat would fetch, no link,
 * no raw HTML, no autolinked URL, also when the construct arrives split across stream tokens.
 * Rendered with marked (GFM), the parser VS Code's chat renders Markdown with.
 */
import assert from 'node:assert/strict';
import { marked } from 'marked';
import { BREAK, ChatMarkdownGuard, displayOnly } from '../../../src/vscode/pure/chatMarkdown';
import { EXTERNAL_LINK, hostileMarkdown, markdownLines } from '../../support/hostileDoc';

const LEAK = 'http://127.0.0.1:41999/leak';

function html(markdown: string): string {
  return marked.parse(markdown, { gfm: true, async: false }) as string;
}

/** Elements that fetch or link: what must never come out of document or model text. */
function active(rendered: string): string[] {
  return rendered.match(/<(?:img|a|script|iframe|video|audio|source|link|object)\b[^>]*>/gi) ?? [];
}

/** The text a reader sees, breaks removed and entities decoded. */
function visible(rendered: string): string {
  return rendered
    .replace(/<[^>]+>/g, '')
    .replaceAll(BREAK, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

describe('chat Markdown from documents and models', () => {
  it('an image, a link, raw HTML, a bare URL and an e-mail address render as text, the URL readable', () => {
    const lines = [
      ...markdownLines(LEAK),
      `<${LEAK}>`,
      'write to evil@attacker.example',
      'www.attacker.example/x',
      'see [ref]\n\n[ref]: https://attacker.example',
    ];
    for (const line of lines) {
      assert.notDeepEqual(active(html(line)), [], `the line renders active without the guard: ${line}`);
      const rendered = html(displayOnly(line));
      assert.deepEqual(active(rendered), [], `${line} → ${rendered}`);
    }
    const rendered = html(displayOnly(markdownLines(LEAK).join('\n\n')));
    assert.ok(visible(rendered).includes(`![x](${LEAK})`), visible(rendered));
    assert.ok(visible(rendered).includes(EXTERNAL_LINK));
  });

  it('holds while streaming: split at any point, the pieces give the same display-only Markdown as the whole', () => {
    const text = hostileMarkdown({ leakUrl: LEAK });
    const whole = displayOnly(text);
    assert.deepEqual(active(html(whole)), []);
    for (let cut = 1; cut < text.length; cut++) {
      const guard = new ChatMarkdownGuard();
      assert.equal(guard.push(text.slice(0, cut)) + guard.push(text.slice(cut)), whole, `split at ${cut}: ${JSON.stringify(text.slice(cut - 3, cut + 3))}`);
    }
    const guard = new ChatMarkdownGuard();
    assert.equal([...text].map((ch) => guard.push(ch)).join(''), whole, 'one character per token');
  });

  it('ordinary answer Markdown is unchanged: emphasis, lists, code, tables, [n] citation markers', () => {
    const answer =
      '## Timeouts\n\nThe **default** is _30 s_ [1], see [2, 3].\n\n- one\n- two\n\n```ini\ntimeout = 30\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nIf a < b and `x > y`: done!';
    assert.equal(displayOnly(answer), answer);
  });
});
