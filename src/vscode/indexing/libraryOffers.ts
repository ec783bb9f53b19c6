/**
 * How a library gets added: the "Add Library" command (a folder picker, or the folder a notice
 * names), one offer on first use when Zotero's data directory exists (`~/Zotero`, or the one
 * Zotero's prefs name), and a notice when a workspace's `.bib` points at PDFs outside the folder
 * (as Better BibTeX writes `file` fields), naming the folder they are in, with a button that adds
 * it. Nothing outside the workspace is read before the user adds it: the folder boundary stays.
 * Each offer is made once (the first-use offer per user, the bib notice per workspace and folder).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { readProfiles } from '../../core/library/zotero/prefs';
import type { Logger } from '../../core/ports';
import { bibFilePaths, expandHome, librariesOutside, ZOTERO_DATABASE, type OutsideLibrary } from '../pure/libraries';
import { SECTION } from '../settings/config';
import { messageText } from '../pure/documentText';
import type { LibraryService } from './libraryService';

const isZotero = (root: string) => existsSync(join(root, ZOTERO_DATABASE));
const ZOTERO_OFFERED = 'library.zoteroOffered';
const BIB_NOTICED = 'library.bibNoticed';
/** A bib bigger than this is not read for the notice (the index reads it with its own limits). */
const MAX_BIB_BYTES = 20 * 1024 * 1024;
export const ADD_LIBRARY = 'Add Library';

/** `~/x` for a folder under the home folder: shorter in a message, and the same on every machine of the user. */
export function homeRelative(path: string, home = homedir()): string {
  return path === home ? '~' : path.startsWith(`${home}/`) ? `~/${path.slice(home.length + 1)}` : path;
}

export class LibraryOffers {
  /** The offers shown in this window, as the user read them (text and buttons). */
  readonly shown: Array<{ text: string; items: string[] }> = [];

  constructor(
    private readonly libraries: LibraryService,
    private readonly globalState: vscode.Memento,
    private readonly workspaceState: vscode.Memento,
    private readonly log: Logger,
  ) {}

  /** Adds `root` (or the folder the user picks) to `research.library.folders` and indexes it in the background. */
  async add(root?: string): Promise<string | undefined> {
    let folder = root;
    if (!folder) {
      const picked = await vscode.window.showOpenDialog({
        canSelectFolders: true,
        canSelectFiles: false,
        canSelectMany: false,
        openLabel: ADD_LIBRARY,
        title: 'Add a library: your Zotero data directory (it holds zotero.sqlite) or a folder of papers',
      });
      folder = picked?.[0]?.fsPath;
    }
    if (!folder) return undefined;
    const config = vscode.workspace.getConfiguration(SECTION);
    const folders = config.get<string[]>('library.folders') ?? [];
    const home = homedir();
    if (!folders.some((f) => expandHome(f, home) === expandHome(folder, home))) {
      await config.update('library.folders', [...folders, homeRelative(folder, home)], vscode.ConfigurationTarget.Global);
    }
    this.log.info(`library added: ${folder}`);
    // The setting's change syncs the service; a run queued now indexes what it then holds.
    this.libraries.sync();
    void this.libraries.index('background');
    return folder;
  }

  /** At activation: the bib notice when the workspace's bib points outside it, else the first-use Zotero offer. */
  async check(workspaceFolders: readonly string[]): Promise<void> {
    if (await this.bibNotice(workspaceFolders)) return;
    await this.zoteroOffer();
  }

  /** The libraries a workspace's bib files point into that are not added yet, largest first. */
  async outsideLibraries(workspaceFolders: readonly string[]): Promise<Array<OutsideLibrary & { bib: string }>> {
    const bibs = await vscode.workspace.findFiles('**/*.bib', '**/{node_modules,.git}/**', 20);
    const found: Array<OutsideLibrary & { bib: string }> = [];
    const libraries = this.libraries.libraries.map((l) => l.root);
    for (const bib of bibs) {
      const size = (await stat(bib.fsPath).catch(() => null))?.size ?? 0;
      if (size === 0 || size > MAX_BIB_BYTES) continue;
      const text = await readFile(bib.fsPath, 'utf8').catch(() => '');
      const context = { bibDir: dirname(bib.fsPath), home: homedir(), workspace: workspaceFolders, libraries };
      for (const library of librariesOutside(bibFilePaths(text), context, isZotero)) {
        if (!found.some((f) => f.root === library.root)) found.push({ ...library, bib: vscode.workspace.asRelativePath(bib, false) });
      }
    }
    return found.sort((a, b) => b.pdfs - a.pdfs);
  }

  /** Says once per workspace and folder where the bib's PDFs are and how to add them; true when it said so. */
  private async bibNotice(workspaceFolders: readonly string[]): Promise<boolean> {
    const noticed = this.workspaceState.get<string[]>(BIB_NOTICED) ?? [];
    const library = (await this.outsideLibraries(workspaceFolders)).find((l) => !noticed.includes(l.root));
    if (!library) return false;
    await this.workspaceState.update(BIB_NOTICED, [...noticed, library.root]);
    const where = homeRelative(library.root);
    const what = library.kind === 'zotero' ? 'your Zotero library' : 'a folder outside this workspace';
    const message =
      `${library.bib} points at ${library.pdfs} PDF${library.pdfs === 1 ? '' : 's'} in ${what}, ${where}. ` +
      `@research reads nothing outside the workspace until you add it as a library (indexed once, for every workspace; read only).`;
    this.log.info(`${library.bib}: ${library.pdfs} PDFs outside the workspace, in ${library.root}`);
    const choice = await this.offer(message);
    if (choice === ADD_LIBRARY) await this.add(library.root);
    return true;
  }

  /** Once per user, with no library set: Zotero's data directory, when there is one. */
  private async zoteroOffer(): Promise<void> {
    if (this.libraries.libraries.length > 0 || this.globalState.get<boolean>(ZOTERO_OFFERED)) return;
    const dataDir = await zoteroDataDir();
    if (!dataDir) return;
    await this.globalState.update(ZOTERO_OFFERED, true);
    const message =
      `Zotero's library is at ${homeRelative(dataDir)}. Add it so @research answers from your papers, highlights and notes too? ` +
      `Zotero's files are only read; the index goes in your cache folder and serves every workspace.`;
    const choice = await this.offer(message);
    if (choice === ADD_LIBRARY) await this.add(dataDir);
  }

  /** `text` names folders a bib file wrote: a notification shows it as text (no link forms). */
  private offer(message: string): Thenable<string | undefined> {
    const text = messageText(message);
    const items = [ADD_LIBRARY, 'Not Now'];
    this.shown.push({ text, items });
    return vscode.window.showInformationMessage(text, ...items);
  }
}

/** The data directory a Zotero profile names (a custom one), else `~/Zotero`, when it holds zotero.sqlite. */
async function zoteroDataDir(): Promise<string | null> {
  const profiles = await readProfiles().catch(() => []);
  for (const dir of [...profiles.map((p) => p.dataDir), join(homedir(), 'Zotero')]) if (dir && isZotero(dir)) return dir;
  return null;
}
