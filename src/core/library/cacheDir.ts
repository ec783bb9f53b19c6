/**
 * Where a library's index lives: the user's cache folder, never inside the library (a Zotero data
 * directory must stay as Zotero wrote it; a shared papers folder is not ours to write in). One
 * index per library, shared by every workspace, window and CLI run of this user.
 *
 *   Linux   $XDG_CACHE_HOME/local-research-assistant/libraries/<name>-<hash>  (~/.cache when unset)
 *   macOS   ~/Library/Caches/local-research-assistant/libraries/<name>-<hash>
 *   Windows %LOCALAPPDATA%\local-research-assistant\libraries\<name>-<hash>
 *
 * `<hash>` is of the library's real path, so two libraries named `papers` never share an index and
 * a library reached through a link is the same library.
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const APP_DIR = 'local-research-assistant';

/** The user's cache folder for this program (`RESEARCH_CACHE_DIR` overrides it). */
export function userCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (env.RESEARCH_CACHE_DIR) return resolve(env.RESEARCH_CACHE_DIR);
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), APP_DIR);
  if (platform === 'darwin') return join(home, 'Library', 'Caches', APP_DIR);
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), APP_DIR);
}

/** The library's real path (a link resolved; as given when it cannot be resolved, e.g. unmounted). */
export function libraryIdentity(root: string): string {
  const absolute = resolve(root);
  try {
    return realpathSync.native(absolute);
  } catch {
    return absolute;
  }
}

/** The index folder of the library at `root` in the user's cache folder. */
export function libraryIndexDir(root: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const identity = libraryIdentity(root);
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 12);
  const name =
    basename(identity)
      .replace(/[^\w.-]+/g, '_')
      .slice(0, 40) || 'library';
  return join(userCacheDir(env, platform), 'libraries', `${name}-${hash}`);
}
