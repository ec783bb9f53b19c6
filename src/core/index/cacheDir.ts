/**
 * The user's cache folder for this program (XDG_CACHE_HOME or ~/.cache, ~/Library/Caches,
 * %LOCALAPPDATA%): per user, not per index, so every index, the editor and the CLI share what is
 * kept there (the int8 model copies of embed/, the OCR of shared indexes kept by store/, the
 * records of bib files' reads kept by papers/, the libraries' indexes of ../library). RESEARCH_CACHE_DIR
 * moves it.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const APP_DIR = 'local-research-assistant';

export function appCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  // Tests and a machine whose home is read-only move all of it.
  if (env.RESEARCH_CACHE_DIR) return resolve(env.RESEARCH_CACHE_DIR);
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), APP_DIR);
  if (platform === 'darwin') return join(home, 'Library', 'Caches', APP_DIR);
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), APP_DIR);
}

/** Where local models' int8 copies go: RESEARCH_MODEL_CACHE, else `models` in the app's cache folder. */
export function defaultModelCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.RESEARCH_MODEL_CACHE) return resolve(env.RESEARCH_MODEL_CACHE);
  return join(appCacheDir(env, platform), 'models');
}
