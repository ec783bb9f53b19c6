/**
 * The side files of an index on object storage: `index-meta.json` and `README.md` as objects under
 * the prefix. Reading the meta object is also the first request to the store, so wrong
 * credentials, a missing bucket or an unreachable endpoint fail here with one typed error, before
 * LanceDB (which retries for minutes) is asked anything.
 *
 * No checksums: they guard against bytes changed in place on a local disk, and the store's objects
 * are written whole and never modified (its own integrity checks cover transfers); LanceDB's
 * manifests name every file of a version. Hashing them would mean downloading the whole index.
 */
import { META_FILE } from '../schema';
import { parseMeta, metaText } from '../meta';
import { INDEX_README } from '../readme';
import type { IndexSidecar } from '../sidecar';
import { keyOf, parseObjectLocation, type ObjectLocation } from './location';
import { ObjectStoreError, S3Client } from './s3Client';

export function objectSidecar(
  uri: string,
  client: S3Client = new S3Client(parseObjectLocation(uri)),
): IndexSidecar & { client: S3Client; objectLocation: ObjectLocation } {
  const location = client.location;
  return {
    location: location.uri,
    onObjectStore: true,
    client,
    objectLocation: location,
    prepare: async () => undefined,
    async readMeta() {
      const object = await client.get(keyOf(location, META_FILE));
      return object ? parseMeta(location.uri, object.body.toString('utf8')) : null;
    },
    writeMeta: async (meta) => void (await client.put(keyOf(location, META_FILE), metaText(meta))),
    writeReadme: async () => void (await client.put(keyOf(location, 'README.md'), INDEX_README)),
    // s3rver (and other stores) answer a delimited listing without common prefixes, so LanceDB's
    // tableNames() sees no table there: ask for the manifests under each table's folder instead
    // (a few after each run's cleanup).
    existingTables: async (_db, names) => {
      const found = await Promise.all(names.map((name) => client.hasKeysUnder(keyOf(location, `${name}.lance/_versions/`))));
      return names.filter((_, i) => found[i]);
    },
    // Without a meta object and without tables, nothing of ours is there.
    isEmpty: async (tableNames) => tableNames.length === 0,
    checkBeforeOpen: async () => ({ recordBehind: false }),
    checksumsNow: async () => null,
    openFailure: (detail, cause) =>
      new ObjectStoreError(
        `the object store at ${client.shownEndpoint} failed for ${location.uri}: ${detail}; run again, or check the store`,
        'store-failed',
        location.uri,
        { cause },
      ),
  };
}
