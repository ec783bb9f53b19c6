/**
 * The workspace's folders as the index knows them. Every folder of a multi-root workspace gets
 * its own index in the extension's workspace storage (incremental runs, writer lock and integrity
 * checks stay per folder); the research graph searches all of them through core's
 * multiFolderRetriever. With several folders, paths (citations, scopes, failures) read
 * `<label>/<path in the folder>`, the label being the folder's name (made unique); with one folder
 * they are relative to it and its index stays where it always was (`<storage>/index`), so a
 * single-folder workspace, its index and its chat history are unchanged; the one folder left of a
 * multi-root workspace keeps the index it had (`<storage>/indexes/<hash>`) while there is none at
 * `<storage>/index`.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import * as vscode from 'vscode';
import { folderLabels, inFolder, isObjectStoreUri, splitFolderPath } from '../../core/index';

export interface IndexedFolder {
  /** Prefix of its documents' paths when there are several folders. */
  label: string;
  uri: vscode.Uri;
  /** Its index: in the extension's workspace storage, or where `research.index.location` says. */
  dbDir: string;
  /**
   * A team's index on object storage (`research.index.location` is an `s3://` URI): read-only
   * here, written by its own indexing run elsewhere. The folder is this machine's copy of the
   * documents, to which the index's relative paths are mapped.
   */
  shared: boolean;
}

/**
 * One index per workspace folder; none without workspace storage (no folder open). `locationOf`
 * gives a folder's `research.index.location` (a resource setting, so each folder may name its own).
 */
export function indexedFolders(
  folders: readonly vscode.WorkspaceFolder[] | undefined,
  storage: vscode.Uri | undefined,
  locationOf: (folder: vscode.WorkspaceFolder) => string = () => '',
): IndexedFolder[] {
  if (!folders?.length || !storage) return [];
  const at = (folder: vscode.WorkspaceFolder, ownDir: string) => {
    const location = locationOf(folder);
    if (!location) return { dbDir: ownDir, shared: false };
    return isObjectStoreUri(location) ? { dbDir: location, shared: true } : { dbDir: resolve(folder.uri.fsPath, location), shared: false };
  };
  // Keyed by the folder's URI, not its name: renaming a folder in the .code-workspace keeps its index.
  const keyed = (f: vscode.WorkspaceFolder) => join(storage.fsPath, 'indexes', createHash('sha256').update(f.uri.toString()).digest('hex').slice(0, 16));
  if (folders.length === 1) {
    const single = join(storage.fsPath, 'index');
    // The folder left of a multi-root workspace keeps the index it had there (rather than indexing again).
    const dir = existsSync(single) || !existsSync(keyed(folders[0]!)) ? single : keyed(folders[0]!);
    return [{ label: folders[0]!.name, uri: folders[0]!.uri, ...at(folders[0]!, dir) }];
  }
  const labels = folderLabels(folders.map((f) => f.name));
  return folders.map((f, i) => ({ label: labels[i]!, uri: f.uri, ...at(f, keyed(f)) }));
}

/** A folder and where its index is: a folder whose index moves is another entry of the set. */
export function folderKey(folder: IndexedFolder): string {
  return `${folder.uri.toString()}\n${folder.dbDir}`;
}

/** A path as the index names it, for a folder among `count` folders. */
export function folderIndexPath(folder: IndexedFolder, count: number, path: string): string {
  return count > 1 ? inFolder(folder.label, path) : path;
}

/** Between index paths and files, for citations, scopes and the PDF viewer. */
export class FolderPaths {
  constructor(private readonly folders: readonly IndexedFolder[]) {}

  get all(): readonly IndexedFolder[] {
    return this.folders;
  }

  /** The folder and path inside it that an index path names; undefined when it names no folder. */
  locate(file: string): { folder: IndexedFolder; path: string } | undefined {
    if (this.folders.length <= 1) return this.folders[0] ? { folder: this.folders[0], path: file } : undefined;
    const split = splitFolderPath(
      file,
      this.folders.map((f) => f.label),
    );
    const folder = split && this.folders.find((f) => f.label === split.label);
    return folder ? { folder, path: split.path } : undefined;
  }

  /** The file an index path names (the caller checks the path stays inside its folder). */
  uriOf(file: string): vscode.Uri | undefined {
    const found = this.locate(file);
    return found && vscode.Uri.joinPath(found.folder.uri, ...found.path.split('/'));
  }

  /**
   * A file as the index names it (relative to its folder, POSIX separators, behind the folder's
   * label with several folders). A file outside every folder keeps its full path (or its URI for
   * another scheme), so an answer names it as not indexed.
   */
  indexPathOf(uri: vscode.Uri): string {
    for (const folder of this.folders) {
      if (uri.scheme !== folder.uri.scheme) continue;
      const rel = relative(folder.uri.fsPath, uri.fsPath);
      if (rel.startsWith('..') || isAbsolute(rel)) continue;
      return folderIndexPath(folder, this.folders.length, rel.split(sep).join('/'));
    }
    return this.folders.some((f) => f.uri.scheme === uri.scheme) ? uri.fsPath : uri.toString();
  }
}
