/**
 * What `activate()` returns: a small handle for the integration tests (and other extensions).
 * Tests drive the REAL code through it: `participant.handler` is the function registered with
 * VS Code, `index` the service behind the commands.
 */
import type { IndexService } from './indexing/indexService';
import type { ResearchParticipant } from './chat/participant';
import type { Engine } from './engine/contract';
import type { Citations } from './citations/register';
import type { RemoteNotices } from './settings/remoteNotice';
import type { FolderSet } from './indexing/folderSet';
import type { Manuscript } from './manuscript/register';
import type { LibraryService } from './indexing/libraryService';
import type { LibraryOffers } from './indexing/libraryOffers';

export interface ResearchApi {
  /** Wall time of activate() in ms, measured inside it. */
  activateMs: number;
  index: IndexService;
  participant: ResearchParticipant;
  statusBarText(): string;
  /** The registered ChatFollowupProvider, for a result (what the chat view shows as buttons). */
  followupsFor(result: import('vscode').ChatResult): import('vscode').ChatFollowup[];
  /** True once LanceDB/LangGraph were loaded (lazy activation check). */
  engineLoaded(): boolean;
  loadEngine(): Engine;
  /** The citation openers: the PDF viewer (its reports say what it shows), the text highlighter. */
  citations: Citations;
  /** The manuscript tools: the draft tracker, the inserter, the citation check and key completion. */
  manuscript: Manuscript;
  /** The "this leaves your machine" notices (one per destination, remembered). */
  remoteNotices: RemoteNotices;
  /** The indexed folders following the workspace's (added, removed, an index moved). */
  folders: FolderSet;
  /** The user's libraries outside the workspace (research.library.folders): their runs and status. */
  libraries: LibraryService;
  /** Adding a library: the command, the first-use Zotero offer, the notice for a bib pointing outside. */
  libraryOffers: LibraryOffers;
}
