/** What the reader takes from a Zotero data directory (reader.ts). */
import type { DatabaseStamp } from './snapshot';

export interface ZoteroCreator {
  firstName: string;
  lastName: string;
  /** Zotero's one-field names (an institution): `lastName` holds the whole name. */
  singleField: boolean;
  /** author, editor, … (the creatorTypes table). */
  creatorType: string;
}

export type AnnotationType = 'highlight' | 'note' | 'image' | 'ink' | 'underline' | 'text';

export interface ZoteroAnnotation {
  key: string;
  type: AnnotationType;
  /** The text highlighted or underlined (the paper's words). */
  text: string | null;
  /** The user's comment. */
  comment: string | null;
  color: string | null;
  /** The page as printed ("iv", "12"). */
  pageLabel: string | null;
  /** 0-based physical page, from the position JSON. */
  pageIndex: number | null;
  /** Zotero's position JSON as stored (pageIndex, rects): the viewer draws the highlight from it. */
  position: string;
  sortIndex: string;
  dateModified: string;
  version: number;
}

export interface ZoteroAttachment {
  itemID: number;
  key: string;
  /** 0 imported file, 1 imported URL, 2 linked file, 3 linked URL, 4 embedded image. */
  linkMode: number;
  contentType: string | null;
  /** The `path` column as stored (`storage:x.pdf`, `attachments:sub/x.pdf`, an absolute path). */
  storedPath: string | null;
  /** The file on disk, absolute; null when it cannot be placed (see `problem`). */
  file: string | null;
  /** Why there is no readable file: missing, outside its folder, no base directory known. */
  problem: string | null;
  title: string | null;
  dateModified: string;
  version: number;
  annotations: ZoteroAnnotation[];
}

export interface ZoteroNote {
  key: string;
  /** The note as text (HTML read into paragraphs). */
  text: string;
  title: string | null;
  dateModified: string;
  version: number;
}

export interface ZoteroItem {
  itemID: number;
  key: string;
  libraryID: number;
  itemType: string;
  version: number;
  dateModified: string;
  /** Fields by base name (title, date, publicationTitle, DOI, url, volume, issue, pages, publisher, extra, …). */
  fields: Record<string, string>;
  title: string | null;
  creators: ZoteroCreator[];
  /** The year of Zotero's multipart date (`2010-00-00 2010`), when it has one. */
  year: number | null;
  /** The date as the user typed it (the multipart form's second half). */
  date: string | null;
  publication: string | null;
  doi: string | null;
  citationKey: string | null;
  /** Where the key came from: Better BibTeX's database, Zotero's own field, or a `Citation Key:` line in Extra. */
  citationKeySource: 'better-bibtex' | 'zotero' | 'extra' | null;
  /** The PDFs (and other file attachments) of the item; a standalone PDF is an item of its own with itself as attachment. */
  attachments: ZoteroAttachment[];
  notes: ZoteroNote[];
  tags: string[];
  /** Keys of the collections the item is in (directly). */
  collections: string[];
  /** Zotero's retraction flag (Retraction Watch), unless the user hid it. */
  retracted: boolean;
}

export interface ZoteroCollection {
  key: string;
  name: string;
  parentKey: string | null;
  /** Names from the top collection down, joined with " / " ("Thesis / Chapter 2"). */
  path: string;
}

export interface ZoteroLibrary {
  dataDir: string;
  /** The `version` rows (userdata, system, triggers, globalSchema, …). */
  versions: Record<string, number>;
  items: ZoteroItem[];
  collections: ZoteroCollection[];
  /** One line each: what was read with a caveat (a newer schema, missing files, links leaving their folder). */
  notices: string[];
  /** The database files as read: an unchanged stamp means an unchanged library. */
  stamp: DatabaseStamp;
  /** WAL frames applied (changes Zotero had not yet written into the file). */
  walFrames: number;
}
