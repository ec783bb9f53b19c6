/**
 * Zotero's preferences that say where files are: the base directory of linked files
 * (`extensions.zotero.baseAttachmentPath`) and a custom data directory (`extensions.zotero.dataDir`
 * with `useDataDir`), in `prefs.js` of the Zotero profile. Profiles live in
 * `~/.zotero/zotero/*` (Linux), `~/Library/Application Support/Zotero/Profiles/*` (macOS) and
 * `%APPDATA%\Zotero\Zotero\Profiles\*` (Windows). Read only, like everything of Zotero's.
 */
import { readdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface ZoteroPrefs {
  /** The folder of prefs.js. */
  profile: string;
  baseAttachmentPath: string | null;
  /** The data directory this profile uses (its custom one, or ~/Zotero). */
  dataDir: string;
}

/** The folders holding Zotero profiles on this platform. */
export function profileRoots(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string[] {
  if (platform === 'darwin') return [join(home, 'Library', 'Application Support', 'Zotero', 'Profiles')];
  if (platform === 'win32') return [join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Zotero', 'Zotero', 'Profiles')];
  return [join(home, '.zotero', 'zotero')];
}

/** The value of one `user_pref("name", value);` line (a JSON string, number or boolean). */
export function prefValue(prefsJs: string, name: string): string | number | boolean | null {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^user_pref\\("${escaped}",\\s*(.+)\\);\\s*$`, 'm').exec(prefsJs);
  if (!match) return null;
  try {
    const value: unknown = JSON.parse(match[1]!);
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
  } catch {
    return null;
  }
}

function parsePrefs(profile: string, prefsJs: string, home: string): ZoteroPrefs {
  const custom = prefValue(prefsJs, 'extensions.zotero.useDataDir') === true ? prefValue(prefsJs, 'extensions.zotero.dataDir') : null;
  const base = prefValue(prefsJs, 'extensions.zotero.baseAttachmentPath');
  return {
    profile,
    baseAttachmentPath: typeof base === 'string' && base ? base : null,
    dataDir: typeof custom === 'string' && custom ? resolve(custom) : join(home, 'Zotero'),
  };
}

/** Every profile found under `roots` (unreadable ones skipped). */
export async function readProfiles(roots: string[] = profileRoots(), home = homedir()): Promise<ZoteroPrefs[]> {
  const found: ZoteroPrefs[] = [];
  for (const root of roots) {
    const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!entry.isDirectory()) continue;
      const prefsJs = await readFile(join(root, entry.name, 'prefs.js'), 'utf8').catch(() => null);
      if (prefsJs !== null) found.push(parsePrefs(join(root, entry.name), prefsJs, home));
    }
  }
  return found;
}

/** The preferences of the profile whose data directory is `dataDir`, if one is found. */
export async function prefsForDataDir(dataDir: string, roots?: string[], home = homedir()): Promise<ZoteroPrefs | null> {
  const target = resolve(dataDir);
  return (await readProfiles(roots, home)).find((p) => resolve(p.dataDir) === target) ?? null;
}
