/**
 * Libraries outside the workspace (README.md): a Zotero data directory or a folder of papers,
 * indexed once into the user's cache folder and searched beside any workspace. The entry the
 * hosts (the CLI, the editor's engine) use.
 */
export { indexLibrary, LibraryGoneError, type LibraryIndexRequest, type LibraryRun } from './indexLibrary';
export { librarySource, libraryRecordOf, scopedPaths, type LibrarySource } from './openLibrary';
export { libraryIndexDir, libraryIdentity } from './cacheDir';
export { libraryKind, type LibraryKind } from './libraryKind';
export { readLibraryRecord, itemsByPath, LIBRARY_RECORD_FILE, type LibraryItem, type LibraryPdf, type LibraryRecord } from './libraryRecord';
export { isOwnWordsPath, OWN_WORDS_FOLDER } from './ownWords';
export { citedHighlights, documentFiles, type LibraryDocumentFile } from './libraryFiles';
export { zoteroPaperSource, zoteroFields } from './zoteroPapers';
export { combinedLibrary } from './combinedLibrary';
export { librariesOutside, type LibraryOutside } from './bibOutside';
export { isZoteroReadError, ZoteroReadError, ScopeError, readZoteroLibrary, prefsForDataDir, readProfiles, type ZoteroScope } from './zotero';
