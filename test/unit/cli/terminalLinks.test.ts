/**
 * Terminal links for citations (src/cli/terminalLinks.ts): when a terminal gets OSC 8 hyperlinks,
 * what their URLs hold, and that a filename cannot smuggle escapes into either form.
 */
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileUrl, hyperlink, locationLinker, safeText, supportsHyperlinks } from '../../../src/cli/terminalLinks';

const ESC = '\u001b';
const tty = (env: NodeJS.ProcessEnv, platform: NodeJS.Platform = 'linux') => supportsHyperlinks({ isTTY: true, env, platform });

describe('terminal links', () => {
  it('decides hyperlink support from the environment like supports-hyperlinks', () => {
    const vscode = { TERM_PROGRAM: 'vscode', TERM_PROGRAM_VERSION: '1.96.2' };
    assert.equal(tty(vscode), true);
    assert.equal(supportsHyperlinks({ isTTY: false, env: vscode, platform: 'linux' }), false, 'piped');
    assert.equal(supportsHyperlinks({ isTTY: false, env: { FORCE_HYPERLINK: '1' }, platform: 'linux' }), true, 'forced on, even piped');
    assert.equal(tty({ ...vscode, FORCE_HYPERLINK: '0' }), false, 'forced off');
    assert.equal(tty({ ...vscode, FORCE_HYPERLINK: '' }), true, 'empty is unset');
    assert.equal(tty({ ...vscode, TERM: 'dumb' }), false);
    assert.equal(tty({ ...vscode, CI: 'true' }), false);
    assert.equal(tty({ TERM_PROGRAM: 'vscode', TERM_PROGRAM_VERSION: '1.71.0' }), false);
    assert.equal(tty({ TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.0.15' }), false);
    assert.equal(tty({ TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.1.0' }), true);
    assert.equal(tty({ TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '4.0.1' }), true);
    assert.equal(tty({ TERM_PROGRAM: 'WezTerm', TERM_PROGRAM_VERSION: '20240203-110809-5046fc22' }), true);
    assert.equal(tty({ TERM_PROGRAM: 'ghostty' }), true);
    assert.equal(tty({ WT_SESSION: 'abc' }, 'win32'), true);
    assert.equal(tty({ TERM_PROGRAM: 'vscode', TERM_PROGRAM_VERSION: '1.96.2' }, 'win32'), false, 'conhost prints escapes as text');
    assert.equal(tty({ VTE_VERSION: '7600' }), true);
    assert.equal(tty({ VTE_VERSION: '5000' }), false);
    assert.equal(tty({ KONSOLE_VERSION: '210400' }), true);
    assert.equal(tty({ KONSOLE_VERSION: '201203' }), false);
    assert.equal(tty({ KITTY_WINDOW_ID: '1' }), true);
    assert.equal(tty({ TERM: 'xterm-256color' }), false);
  });

  it('builds file URLs that encode spaces, unicode, # and ?, with #page=N for PDFs and #N for lines', () => {
    const pdf = resolve('/docs/my manuals/Ünïcode #1?.pdf');
    const url = fileUrl(pdf, { page: 35 });
    assert.match(url, /^file:\/\/\/.*my%20manuals\/%C3%9Cn%C3%AFcode%20%231%3F\.pdf#page=35$/);
    assert.equal(fileURLToPath(url.slice(0, url.lastIndexOf('#'))), pdf, 'the URL names the same file');
    assert.match(fileUrl(resolve('/docs/notes.md'), { line: 3 }), /\/docs\/notes\.md#3$/);
    assert.match(fileUrl(resolve('/docs/100%.md')), /\/docs\/100%25\.md$/);
  });

  it('wraps a label in an OSC 8 hyperlink', () => {
    assert.equal(hyperlink('a.pdf p. 2', 'file:///x/a.pdf#page=2'), `${ESC}]8;;file:///x/a.pdf#page=2${ESC}\\a.pdf p. 2${ESC}]8;;${ESC}\\`);
  });

  it('keeps control characters in a filename out of the label and the URL', () => {
    const evil = `red${ESC}[31m${ESC}]8;;http:x\u0007\u009b2J\u202e\n.md`;
    assert.equal(safeText(evil), 'red?[31m?]8;;http:x??2J??.md');
    const linked = locationLinker({ root: '/docs', cwd: '/docs', hyperlinks: true }).link(`${evil} line 4`, { path: evil, line: 4 });
    assert.equal(linked.split(ESC).length - 1, 4, `only the two OSC 8 sequences carry ESC: ${JSON.stringify(linked)}`);
    assert.match(linked, /red%1B%5B31m%1B%5D8;;http:x%07%C2%9B2J%E2%80%AE%0A\.md#4/);
    const plain = locationLinker({ root: '/docs', cwd: '/docs', hyperlinks: false }).link(`${evil} line 4`, { path: evil, line: 4 });
    assert.doesNotMatch(plain, /[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
  });

  it('without hyperlinks, adds the path:line form for text and the path for PDFs when the label alone would not find it', () => {
    const root = resolve('/work/docs');
    const inRoot = locationLinker({ root, cwd: root, hyperlinks: false });
    assert.equal(inRoot.link('notes.md lines 3-6', { path: 'notes.md', line: 3 }), 'notes.md lines 3-6 (notes.md:3)');
    assert.equal(inRoot.link('manual.pdf p. 35', { path: 'manual.pdf', page: 35 }), 'manual.pdf p. 35', 'no ":35", which reads as a line');
    const above = locationLinker({ root, cwd: resolve('/work'), hyperlinks: false });
    assert.equal(above.link('notes.md lines 3-6', { path: 'notes.md', line: 3 }), `notes.md lines 3-6 (${join('docs', 'notes.md')}:3)`);
    assert.equal(above.link('manual.pdf p. 35', { path: 'manual.pdf', page: 35 }), `manual.pdf p. 35 (${join('docs', 'manual.pdf')})`);
    const elsewhere = locationLinker({ root, cwd: resolve('/home/me'), hyperlinks: false });
    assert.equal(elsewhere.link('manual.pdf p. 35', { path: 'manual.pdf', page: 35 }), `manual.pdf p. 35 (${join(root, 'manual.pdf')})`);
  });
});
