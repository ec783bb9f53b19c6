/**
 * What a paper says about itself is text in the editor: a title, an author or a file name with
 * Markdown in it renders, through marked (the parser of VS Code's Markdown), as the characters it
 * is, never as a link, an image, a command link, raw HTML or a theme icon: in the chat's Sources
 * list (the trusted Markdown with our commands enabled), its hovers and progress lines, the check's
 * hovers, and the labels and notifications that render icons or links of their own.
 */
import assert from 'node:assert/strict';
import { marked } from 'marked';
import { citationLabel, paperName } from '../../../src/core/citations/citationLabel';
import type { Citation } from '../../../src/core/graph/api';
import { citationHover, sourcesEntry } from '../../../src/vscode/pure/citationLinks';
import { markdownLink, markdownText, messageText, plainLabel, plainText } from '../../../src/vscode/pure/documentText';
import { EVIL_HOST, HOSTILE_PAYLOADS, hostileTitles, visibleText } from '../../support/hostileTitles';

const html = (markdown: string) => marked.parse(markdown, { gfm: true, async: false }) as string;

/** Elements that fetch, link or run: the only ones allowed are our command links of this turn. */
function foreignElements(rendered: string, turn: string): string[] {
  const found: string[] = [];
  for (const m of rendered.matchAll(/<(a|img|script|iframe|video|audio|source|link|object|svg)\b[^>]*>/gi)) {
    const href = /href="([^"]*)"/.exec(m[0])?.[1] ?? '';
    const ours = /^command:local-research\.(openCitation|insertCitation)\?/.exec(href);
    const args = ours ? argsOf(href) : [];
    if (m[1]!.toLowerCase() !== 'a' || !ours || args[0]?.turn !== turn) found.push(m[0]);
  }
  return found;
}

function argsOf(href: string): Array<{ turn?: string }> {
  try {
    return JSON.parse(decodeURIComponent(href.slice(href.indexOf('?') + 1))) as Array<{ turn?: string }>;
  } catch {
    return [];
  }
}

/** A theme icon as VS Code writes `$(name)` when a Markdown string supports icons. */
const ICON = /\$\([a-z][a-z0-9-]*(?:~[a-z]+)?\)/i;

const citationOf = (paper: Citation['paper'], file = 'papers/quokka.pdf'): Citation => ({ index: 1, file, page: 3, snippet: 'x', ...(paper ? { paper } : {}) });

describe('document strings shown in the editor', () => {
  it('the hostile payloads, as Markdown, render links, images, raw HTML and icon syntax (what the rule guards against)', () => {
    for (const payload of HOSTILE_PAYLOADS.slice(0, 6)) {
      const rendered = html(payload);
      assert.ok(foreignElements(rendered, 't1').length > 0 || ICON.test(rendered), `${payload} → ${rendered}`);
      assert.ok(foreignElements(rendered, 't1').length > 0 || payload.startsWith('$('), `${payload} → ${rendered}`);
    }
    assert.ok(html(HOSTILE_PAYLOADS[0]).includes(`href="https://${EVIL_HOST}/"`));
  });

  for (const { where, title } of hostileTitles()) {
    it(`a title with ${JSON.stringify(title.slice(-30))} ${where}: the Sources entry links only to our commands and reads as the label`, () => {
      for (const paper of [
        { authors: '', year: 2021, title },
        { authors: 'Quokka', year: 2021, title },
      ]) {
        const c = citationOf(paper);
        const entry = sourcesEntry('t1', c, citationHover(c, `the passage says ${title}`));
        const rendered = html(entry);
        assert.deepEqual(foreignElements(rendered, 't1'), [], rendered);
        assert.doesNotMatch(rendered, ICON);
        assert.ok(!/<(strong|em|code|del|h\d|table)\b/.test(rendered), rendered);
        const shown = visibleText(rendered);
        assert.ok(shown.includes(plainText(citationLabel(c))), `${JSON.stringify(shown)} lacks the label ${JSON.stringify(citationLabel(c))}`);
        assert.ok(!/[\u202a-\u202e\u2066-\u2069]/.test(shown), 'no bidi override reaches the screen');
      }
    });
  }

  it('an author field carries the payload: the same, and the hover title stays one attribute', () => {
    for (const payload of HOSTILE_PAYLOADS) {
      const c = citationOf({ authors: payload, year: 2020, title: 'On quokkas' });
      const rendered = html(sourcesEntry('t1', c, citationHover(c, payload)));
      assert.deepEqual(foreignElements(rendered, 't1'), [], rendered);
      const titles = [...rendered.matchAll(/title="([^"]*)"/g)].map((m) => visibleText(m[1]!));
      assert.ok(titles.length >= 2 && titles.every((t) => t.includes(plainText(payload))), JSON.stringify(titles));
    }
  });

  it('a file name with a payload: the note cited by its path', () => {
    for (const payload of HOSTILE_PAYLOADS) {
      const c = citationOf(undefined, `notes/${payload}.md`);
      const rendered = html(sourcesEntry('t1', c, citationHover(c, undefined)));
      assert.deepEqual(foreignElements(rendered, 't1'), [], rendered);
      assert.ok(visibleText(rendered).includes(plainText(`notes/${payload}.md`)));
    }
  });

  it('a progress line naming a paper ("Searching in …") is text', () => {
    for (const payload of HOSTILE_PAYLOADS) {
      const line = `Searching in ${paperName({ authors: '', year: null, title: payload })}…`;
      const rendered = html(markdownText(line));
      assert.deepEqual(foreignElements(rendered, 'none'), [], rendered);
      assert.doesNotMatch(rendered, ICON);
      assert.equal(visibleText(rendered).trim(), plainText(line).trim());
    }
  });

  it('check hovers: a key and a label in a command link show as text', () => {
    for (const payload of HOSTILE_PAYLOADS) {
      const rendered = html(
        `**${markdownText(payload)}**: not found · ${markdownLink(payload, 'command:local-research.openCitation?%5B%7B%22turn%22%3A%22t1%22%7D%5D', 'Open in the viewer')}`,
      );
      assert.deepEqual(foreignElements(rendered, 't1'), [], rendered);
      assert.ok(visibleText(rendered).includes(plainText(payload)));
    }
  });

  it('labels (quick picks, buttons, code actions) carry no icon syntax, line break or bidi override', () => {
    for (const payload of HOSTILE_PAYLOADS) {
      const label = plainLabel(payload);
      assert.doesNotMatch(label, ICON);
      assert.doesNotMatch(label, /[\n\r\u0000-\u001f\u202a-\u202e]/);
      assert.equal(label.replace(/\u200b/g, ''), plainText(payload));
    }
  });

  it('notifications: no [text](target) link a notification would render and run', () => {
    const notificationLink = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
    for (const payload of HOSTILE_PAYLOADS) {
      assert.doesNotMatch(messageText(`Local Research: cannot open "${payload}"`), notificationLink);
      assert.doesNotMatch(messageText(payload), ICON);
    }
  });

  it('rejects a link target that is not percent-encoded (a target is ours, never document text)', () => {
    assert.throws(() => markdownLink('x', 'command:a?b (c)'));
  });
});
