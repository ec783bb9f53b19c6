/**
 * A Markdown file written to attack the terminal of whoever searches it: escapes that set the
 * window title (OSC 0), clear the screen (CSI 2J), write the clipboard (OSC 52), plant a link of
 * their own (OSC 8), in 7-bit and 8-bit (C1) forms. Before terminalSafe the CLI printed them raw
 * in search hits and in the extractive answer of `ask`; the terminal obeyed.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOnce, runCli } from '../support/cli';
import { deadHost } from '../support/deadHost';
import { withTempDir } from '../support/tempDir';

const ESC = '\u001b';
const BEL = '\u0007';
const ST = `${ESC}\\`;

const HOSTILE = [
  `# Ballast guide ${ESC}]0;OWNED-TITLE${BEL}chapter`,
  '',
  `The ballast ${ESC}[2J${ESC}[H warms up before ${ESC}]52;c;cm0gLXJmIH4=${BEL} the tube strikes.`,
  `A starter \u009b31m glows \u009d0;c1-title\u009c briefly ${ESC}P+q544e${ST} then opens.`,
  `Read the ${ESC}]8;;https://evil.example/${ST}manual${ESC}]8;;${ST} for wiring ${ESC}c details.`,
  '',
  'Plain sentences around the attack keep the file looking like prose to the binary sniffing.',
].join('\n');

/** ESC, BEL and the other C0 controls except newline and tab, DEL, and C1 (U+0080-U+009F). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** The CLI's own hyperlinks: ESC ] 8 ; ; file://… ST label ESC ] 8 ; ; ST. */
const OUR_LINK = /\u001b\]8;;(?:file:\/\/[^\u001b]*)?\u001b\\/g;

async function hostileFolder(root: string): Promise<string> {
  const docs = join(root, 'docs');
  await mkdir(docs, { recursive: true });
  await writeFile(join(docs, 'ballast.md'), HOSTILE);
  const run = await runCli(['index', docs, '--embed', 'none']);
  assert.equal(run.code, 0, run.stderr);
  return docs;
}

function assertNoTerminalControl(output: string): void {
  const match = CONTROL.exec(output);
  assert.equal(
    match,
    null,
    `control character U+${match?.[0].charCodeAt(0).toString(16).padStart(4, '0')} reached the terminal in:\n${JSON.stringify(output)}`,
  );
}

/** The words on both sides of every escape are still there, in order. */
function assertTextKept(output: string): void {
  const flat = output.replace(/\s+/g, ' ');
  assert.match(flat, /The ballast warms up before the tube strikes\./);
  assert.match(flat, /A starter glows briefly then opens\./);
  assert.match(flat, /Read the manual for wiring details\./);
}

describe('faults: terminal escapes in a document', function () {
  before(() => buildOnce());

  it('search prints no ESC, BEL or C1 from the document but keeps the text around them', () =>
    withTempDir(async (root) => {
      const docs = await hostileFolder(root);
      const run = await runCli(['search', docs, 'ballast starter manual']);
      assert.equal(run.code, 0, run.stderr);
      assertNoTerminalControl(run.stdout);
      assertTextKept(run.stdout);
      assert.match(run.stdout, /\[Ballast guide chapter\]/, 'the heading, cleaned');
    }));

  it('extractive ask (no Ollama) quotes the passage without its escapes', () =>
    withTempDir(async (root) => {
      const docs = await hostileFolder(root);
      const run = await runCli(['ask', docs, 'What warms up before the tube strikes?'], { env: { OLLAMA_HOST: await deadHost() } });
      assert.equal(run.code, 0, run.stderr);
      assertNoTerminalControl(run.stdout);
      assertNoTerminalControl(run.stderr);
      assertTextKept(run.stdout);
    }));

  it("with FORCE_HYPERLINK=1 our OSC 8 links to the file are still emitted, and the document's own are not", () =>
    withTempDir(async (root) => {
      const docs = await hostileFolder(root);
      const env = { FORCE_HYPERLINK: '1', OLLAMA_HOST: await deadHost() };
      for (const args of [
        ['search', docs, 'ballast starter manual'],
        ['ask', docs, 'What warms up before the tube strikes?'],
      ]) {
        const run = await runCli(args, { env });
        assert.equal(run.code, 0, run.stderr);
        const ours = run.stdout.match(OUR_LINK) ?? [];
        assert.ok(
          ours.some((link) => link.includes('/ballast.md')),
          `${args[0]}: no link of ours to the file in:\n${JSON.stringify(run.stdout)}`,
        );
        assert.doesNotMatch(run.stdout, /evil\.example/);
        assertNoTerminalControl(run.stdout.replace(OUR_LINK, ''));
      }
    }));

  it('--json writes the C1 controls and bidi overrides of a document as \\uXXXX escapes; the parsed text keeps them', () =>
    withTempDir(async (root) => {
      const docs = join(root, 'docs');
      await mkdir(docs, { recursive: true });
      await writeFile(join(docs, 'relay.md'), `# Relay\n\nThe relay \u202eyalpsid\u202c switches \u2066on\u2069 under \u009b31m load, says \u0085 the note.\n`);
      assert.equal((await runCli(['index', docs, '--embed', 'none'])).code, 0);
      const run = await runCli(['search', docs, 'relay switches load', '--json']);
      assert.equal(run.code, 0, run.stderr);
      const raw = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.exec(run.stdout);
      assert.equal(raw, null, `U+${raw?.[0].charCodeAt(0).toString(16)} reached the terminal raw`);
      const text = (JSON.parse(run.stdout) as { hits: Array<{ text: string }> }).hits.map((h) => h.text).join(' ');
      assert.ok(text.includes('\u202eyalpsid\u202c'), `the bidi override is data a program still reads: ${JSON.stringify(text)}`);
    }));
});
