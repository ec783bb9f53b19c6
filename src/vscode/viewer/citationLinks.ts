/**
 * The in-text citations of a library PDF as links in the viewer: the extension reads them from
 * the index (core's pdfCitationLinks, through the engine) when a viewer's script is ready and
 * sends them to the webview, which draws them over the text (media/pdf-viewer/citationLinks.ts).
 * A click comes back as the index of the mention clicked; what it leads to is looked up here in
 * what was sent, never taken from the webview: the cited paper opened in the viewer when the
 * library has it, else an offer to copy the reference or search the library for it.
 */
import * as vscode from 'vscode';
import { pageToOpen } from '../../core/citations/followCitation';
import type { CitedReference, PdfCitationLinks } from '../../core/citations/viewerProtocol';
import type { Logger } from '../../core/ports';
import { describe } from '../log';
import { plainLabel } from '../pure/documentText';
import type { FolderPaths } from '../indexing/workspaceFolders';

export interface CitationLinkDeps {
  /** Between index paths and files (the workspace's folders and the libraries). */
  folders(): FolderPaths;
  /** The engine's answer for a PDF named as citations name it (null: no list read for it). */
  read(path: string): Promise<PdfCitationLinks | null>;
  /** Opens a PDF in the viewer at a page. */
  open(uri: vscode.Uri, page: number, label: string): Promise<void>;
  log: Logger;
}

/** What the chat is asked to find: the work's title (the research graph searches every folder and library), else its printed text. */
function searchText(reference: CitedReference): string {
  return reference.title ?? reference.raw.slice(0, 200);
}

/** The chat participant as typed in the chat input (its `name` in package.json). */
const PARTICIPANT = '@research';

export class CitationLinks {
  constructor(private readonly deps: CitationLinkDeps) {}

  /** The PDF's citations to draw, or undefined when it has none read (or they could not be read: logged). */
  async of(uri: vscode.Uri): Promise<PdfCitationLinks | undefined> {
    const path = this.deps.folders().indexPathOf(uri.with({ fragment: '' }));
    try {
      const links = await this.deps.read(path);
      return links && links.mentions.length > 0 ? links : undefined;
    } catch (error) {
      this.deps.log.warn(`PDF viewer: the citations of ${path} could not be read: ${describe(error)}`);
      return undefined;
    }
  }

  /** The reader clicked mention `index` of the links sent for this PDF. */
  async follow(links: PdfCitationLinks, index: number): Promise<void> {
    const mention = links.mentions[index];
    const reference = mention && links.references.find((r) => r.index === mention.entry);
    if (!mention || !reference) return;
    // The path comes from the index: one that climbs out of its folder opens nothing.
    const inside = reference.library && !reference.library.path.split('/').includes('..');
    const target = inside ? this.deps.folders().uriOf(reference.library!.path) : undefined;
    if (target) {
      await this.deps.open(target, pageToOpen(reference, mention), mention.text);
      return;
    }
    // A quick pick where the reader just clicked, rather than a toast in a corner: both ways out at once, by keyboard too.
    const copy: vscode.QuickPickItem = { label: '$(copy) Copy the reference', detail: plainLabel(reference.raw) };
    const search: vscode.QuickPickItem = { label: '$(search) Search the library for it', detail: `${PARTICIPANT} ${plainLabel(searchText(reference))}` };
    const picked = await vscode.window.showQuickPick([copy, search], { title: `${plainLabel(reference.name)} is not in your library`, matchOnDetail: true });
    if (picked === copy) {
      await vscode.env.clipboard.writeText(reference.raw);
      void vscode.window.setStatusBarMessage('Local Research: reference copied', 3000);
    } else if (picked === search) {
      await vscode.commands.executeCommand('workbench.action.chat.open', { query: `${PARTICIPANT} ${searchText(reference)}` });
    }
  }
}
