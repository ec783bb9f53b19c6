/**
 * A change of embedder (another model, another dimension, full-text to vectors or back) without
 * loss: the new index is built beside the old one (`<index>.rebuild`, as `--rebuild` does, see
 * store/rebuildSwap.ts) and swapped in only when the run completes. Until then the old index
 * answers every query; a run that fails (the model server dies, a reply is refused) leaves it as
 * it was, and says so.
 *
 * Nothing is read again from the documents: the chunks table holds every chunk's text and
 * provenance (pages, lines, heading, OCR confidence), so each stored document is copied with its
 * chunks as they are and only the vectors are made anew. No extraction, no OCR. The chunks are
 * those the document was cut into when it was indexed, as an ordinary run keeps them for an
 * unchanged file; the run that follows the copy handles files that changed since, as always.
 */
import { sqlIn } from '../sql';
import { chunkFromRow } from '../store/rows';
import { CHUNKS_TABLE, OCR_CONFIDENCE_COLUMN, type ChunkRow } from '../store/schema';
import { sameEmbedderId } from '../embed/ollama';
import type { Embedder } from '../embed/embedder';
import { IndexCorruptError, IndexStoreError } from '../store/errors';
import type { DocumentWrite, IndexStore, StoredDocument } from '../store/indexStore';
import type { IndexProgress } from '../types';

/** What the index records against what this run embeds with, decided before anything is written. */
export interface EmbedderChange {
  /** The id to record (the recorded spelling when it names the same model). */
  id: string | null;
  dimension: number | null;
  /** The recorded embedder differs (model or dimension). */
  changed: boolean;
  /** The index holds documents: a change must then be built beside it. */
  hasDocuments: boolean;
}

export async function embedderChange(store: IndexStore, embedder: Embedder | null, signal?: AbortSignal): Promise<EmbedderChange> {
  const dimension = embedder ? (embedder.dimension ?? (await embedder.probe(signal))) : null;
  const meta = store.meta();
  // The same model under another spelling (`name` vs `name:latest`) keeps the recorded id, so
  // valid vectors are never thrown away for a tag.
  const id = embedder ? (sameEmbedderId(meta.embeddingModel, embedder.id) ? meta.embeddingModel : embedder.id) : null;
  const changed = id !== meta.embeddingModel || dimension !== meta.dimension;
  const hasDocuments = changed && ((await store.countChunks()) > 0 || (await store.documents()).length > 0);
  return { id, dimension, changed, hasDocuments };
}

/** Documents copied per write: one commit, and one progress line, per batch. */
const DOCUMENTS_PER_BATCH = 50;
/** Chunks re-embedded per write at most (a few long documents are a batch of their own). */
const CHUNKS_PER_BATCH = 2000;

/**
 * Copies every document of `from` that `to` does not hold yet (a switch cut short carries on),
 * each with its stored chunks and new vectors from `embedder` (none for full-text). Yields
 * progress; returns how many documents were copied. An abort stops between batches: what was
 * written stays for the next run.
 */
export async function* reembedInto(from: IndexStore, to: IndexStore, embedder: Embedder | null, signal?: AbortSignal): AsyncGenerator<IndexProgress, number> {
  const done = new Set((await to.documents()).map((d) => d.path));
  const pending = (await from.documents()).filter((d) => !done.has(d.path));
  const withOcr = (await from.table.schema()).fields.some((f) => f.name === OCR_CONFIDENCE_COLUMN);
  const columns = ['id', 'path', 'ordinal', 'page_start', 'page_end', 'line_start', 'line_end', 'heading', 'text', ...(withOcr ? [OCR_CONFIDENCE_COLUMN] : [])];
  let copied = 0;
  for (const batch of batches(pending)) {
    signal?.throwIfAborted();
    yield { phase: 'embed', done: copied, total: pending.length, message: `re-embedding stored passages (${copied}/${pending.length} documents)` };
    let rows: ChunkRow[];
    try {
      rows = (await from.table
        .query()
        .where(
          sqlIn(
            'path',
            batch.map((d) => d.path),
          ),
        )
        .select(columns)
        .toArray()) as ChunkRow[];
    } catch (error) {
      throw await from.damageFrom(error);
    }
    const byPath = new Map<string, ChunkRow[]>();
    for (const row of rows) byPath.set(row.path, [...(byPath.get(row.path) ?? []), row]);
    const chunksOf = (doc: StoredDocument) => (byPath.get(doc.path) ?? []).sort((a, b) => a.ordinal - b.ordinal).map(chunkFromRow);
    const documents = batch.map((doc) => ({ doc, chunks: chunksOf(doc) }));
    for (const { doc, chunks } of documents) {
      // The bookkeeping and the table disagree: copying would carry the damage into the new index.
      if (chunks.length !== doc.chunks)
        throw new IndexCorruptError(from.dir, `${doc.path}: ${doc.chunks} chunks recorded, ${chunks.length} in the ${CHUNKS_TABLE} table`);
    }
    const texts = documents.flatMap(({ chunks }) => chunks.map((c) => c.text));
    const vectors = embedder ? await embedder.embed(texts, signal) : null;
    let at = 0;
    const writes: DocumentWrite[] = documents.map(({ doc, chunks }) => {
      const { chunks: _count, indexedAt: _at, ...document } = doc;
      const write = { document, chunks, vectors: vectors ? vectors.slice(at, at + chunks.length) : null };
      at += chunks.length;
      return write;
    });
    await to.replaceDocuments(writes);
    copied += batch.length;
  }
  // What each PDF says about its paper was read from the same bytes: it comes along as it is.
  const copiedFields = new Set((await to.paperFields.readAll()).map((row) => row.path));
  await to.paperFields.upsert((await from.paperFields.readAll()).filter((row) => !copiedFields.has(row.path)));
  const copiedReferences = new Set((await to.paperReferences.stamps()).map((row) => row.path));
  await to.paperReferences.upsert((await from.paperReferences.readAll()).filter((row) => !copiedReferences.has(row.path)));
  return copied;
}

function* batches(documents: StoredDocument[]): Generator<StoredDocument[]> {
  let batch: StoredDocument[] = [];
  let chunks = 0;
  for (const doc of documents) {
    if (batch.length > 0 && (batch.length >= DOCUMENTS_PER_BATCH || chunks + doc.chunks > CHUNKS_PER_BATCH)) {
      yield batch;
      batch = [];
      chunks = 0;
    }
    batch.push(doc);
    chunks += doc.chunks;
  }
  if (batch.length > 0) yield batch;
}

/** An embedder id as messages name it. */
export function describeEmbedder(id: string | null): string {
  return id ?? 'full-text only';
}

/**
 * On object storage there is no folder to build beside and rename: readers on other machines
 * would find the index half switched. The change is refused before anything is written.
 */
export function refusedOnObjectStore(uri: string, from: string | null, to: string | null): IndexStoreError {
  const keep = from === null ? 'none' : from.split(':')[0]!;
  return new IndexStoreError(
    `the index at ${uri} is ${from === null ? 'full-text only' : `embedded with ${from}`} and this run would switch it to ${describeEmbedder(to)}; on object storage that is refused (its readers would find it half switched): index into a new prefix and point the readers at it, or keep this one with --embed ${keep}`,
    'index-write',
    uri,
  );
}
