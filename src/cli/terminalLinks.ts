/**
 * Citations and hit locations a terminal can open. Where the terminal supports it, the label
 * ("manual.pdf p. 35", "notes.md lines 3-6") is an OSC 8 hyperlink to the file; otherwise it is
 * plain text followed, when that adds something, by a path a terminal's own path matcher can use.
 *
 * These escapes are the CLI's own. Everything that goes between them comes from our numbers and
 * the file's path, and a path is a filename anyone can choose: control characters in it never
 * reach the terminal (`safeText` in labels, percent-encoding in URLs).
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where a location points: a path relative to the indexed folder, and a page or a first line. */
export interface LinkTarget {
  path: string;
  page?: number | null;
  line?: number | null;
}

export interface LocationLinker {
  /** `label` is our wording around `target.path`; it is made safe here, whatever the mode. */
  link(label: string, target: LinkTarget): string;
}

export interface TerminalFacts {
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

const ESC = '\u001b';
// ST (ESC \) rather than BEL: it is what the OSC 8 specification writes; terminals accept both.
const ST = `${ESC}\\`;

/**
 * The rules of the `supports-hyperlinks` npm package (chalk/supports-hyperlinks), without the
 * dependency. A terminal that ignores OSC 8 still shows the label, so a wrong "yes" costs little;
 * a pipe or a file must never get escapes, so without FORCE_HYPERLINK a non-TTY is always "no".
 */
export function supportsHyperlinks({ isTTY, env, platform }: TerminalFacts): boolean {
  const force = env.FORCE_HYPERLINK;
  if (force) return Number.parseInt(force, 10) !== 0;
  if (!isTTY || env.TERM === 'dumb') return false;
  if (env.CI) return false;
  if ('WT_SESSION' in env) return true; // Windows Terminal
  if (platform === 'win32') return false; // the legacy console prints the escapes as text
  const version = parseVersion(env.TERM_PROGRAM_VERSION);
  switch (env.TERM_PROGRAM) {
    case 'iTerm.app':
      return version[0] > 3 || (version[0] === 3 && version[1] >= 1);
    case 'WezTerm':
      return version[0] >= 20200620; // its versions are dates
    case 'vscode':
      return version[0] > 1 || (version[0] === 1 && version[1] >= 72);
    case 'ghostty':
      return true;
  }
  // VTE_VERSION is major*10000 + minor*100 + micro, so 0.50.0 is 5000, the first with links;
  // supports-hyperlinks notes 0.50.0 itself crashed on them (its string check can never match).
  if (env.VTE_VERSION) return Number(env.VTE_VERSION) > 5000;
  if (env.KONSOLE_VERSION) return Number(env.KONSOLE_VERSION) >= 210400;
  if (env.KITTY_WINDOW_ID) return true;
  return false;
}

function parseVersion(text: string | undefined): [number, number] {
  const [major, minor] = (text ?? '').split('.').map((n) => Number.parseInt(n, 10));
  return [major ?? Number.NaN, minor ?? Number.NaN];
}

// C0, DEL and C1 can start or end a terminal sequence; the bidi controls can make a name display
// as another. `ls` shows such bytes as '?' on a terminal, and so do we.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character replaced by '?'. */
export function safeText(text: string): string {
  return text.replace(UNSAFE, '?');
}

/**
 * `file://` URL of an absolute path. PDFs get `#page=N`, the open-parameter PDF viewers and
 * browsers honour. Text gets `#N`: the line fragment kitty's open actions (and ripgrep's
 * `--hyperlink-format=kitty`) use, and one VS Code's opener reads as a line too; VS Code's
 * terminal also takes the line from a link's label ("lines 3-6"), which ours carry.
 */
export function fileUrl(absolutePath: string, at: { page?: number | null; line?: number | null } = {}): string {
  // pathToFileURL percent-encodes spaces, '#', '?', '%', non-ASCII and control characters. No host:
  // VS Code reads a host in a file URL as a UNC share (//host/path).
  const url = pathToFileURL(absolutePath).href;
  const fragment = at.page ? `#page=${at.page}` : at.line ? `#${at.line}` : '';
  // OSC 8 allows only bytes 32-126 in the URI; pathToFileURL already guarantees it, this keeps it so.
  return url.replace(/[^\x20-\x7e]/g, (c) => encodeURIComponent(c)) + fragment;
}

/** `label` as an OSC 8 hyperlink to `url` (ESC ] 8 ; ; URL ST label ESC ] 8 ; ; ST). */
export function hyperlink(label: string, url: string): string {
  return `${ESC}]8;;${url}${ST}${safeText(label)}${ESC}]8;;${ST}`;
}

/**
 * Links for locations under `root`. Without hyperlinks, a text location gets " (path:line)" (the
 * form terminals and editors' path matchers jump to) with the path as seen from `cwd`, since a
 * matcher resolves it there; a PDF gets that path only when it differs from the label's, and never
 * ":page", which every matcher would read as a line.
 */
export function locationLinker(options: { root: string; cwd: string; hyperlinks: boolean }): LocationLinker {
  return {
    link(label, target) {
      const absolutePath = resolve(options.root, target.path);
      if (options.hyperlinks) return hyperlink(label, fileUrl(absolutePath, target));
      const fromCwd = relative(options.cwd, absolutePath);
      const outside = fromCwd === '..' || fromCwd.startsWith(`..${sep}`) || isAbsolute(fromCwd);
      const shown = fromCwd && !outside ? fromCwd : absolutePath;
      const jump = target.page ? (shown === target.path ? '' : shown) : target.line ? `${shown}:${target.line}` : '';
      return safeText(jump ? `${label} (${jump})` : label);
    },
  };
}

/** The linker for this process's stdout: no escapes for `--json`, a pipe or a file. */
export function stdoutLinker(root: string, json = false): LocationLinker {
  const hyperlinks = !json && supportsHyperlinks({ isTTY: process.stdout.isTTY === true, env: process.env, platform: process.platform });
  return locationLinker({ root, cwd: process.cwd(), hyperlinks });
}
