/** Reading a Zotero data directory (README.md): the entry the rest of the product uses. */
export { readZoteroLibrary, ZOTERO_DATABASE, BETTER_BIBTEX_FILE, type ReadZoteroOptions } from './reader';
export { ZoteroReadError, isZoteroReadError, type ZoteroReadErrorCode } from './errors';
export { databaseStamp, sameStamp, readSnapshot, type DatabaseStamp } from './snapshot';
export { itemsInScope, findCollections, withSubcollections, ScopeError, type ZoteroScope } from './scope';
export { prefsForDataDir, readProfiles, profileRoots, type ZoteroPrefs } from './prefs';
export type { ZoteroAnnotation, ZoteroAttachment, ZoteroCollection, ZoteroCreator, ZoteroItem, ZoteroLibrary, ZoteroNote, AnnotationType } from './types';
