/** The index store: open it, write documents into it, search its `table`. */
export { openIndexStore } from './openIndexStore';
export { removeIndexDir, verifyIndex } from './indexFiles';
export { loadLanceDb } from './lancedb';
export type { IndexStore, IndexMeta, StoredDocument, DocumentWrite, OpenIndexStoreOptions } from './indexStore';
export { IndexStoreError, IndexMissingError, IndexCorruptError, IndexVersionError, isIndexDamage } from './errors';
export { describeMismatch, type VerifyReport, type ChecksumMismatch, type IndexChecksums } from './checksums';
export { checkDocumentHashes, type DocumentCheck } from './verifyDocuments';
export * from './schema';
export { acquireWriterLock, IndexLockedError, lockPathOf, type WriterLock, type LockOwner } from './writerLock';
