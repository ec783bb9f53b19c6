/**
 * Where an index lives: a local folder (the default) or an object-store URI (`s3://bucket/prefix`).
 * LanceDB opens both; this program's own small files beside the tables (meta, writer lock) need
 * an object-store client of its own, and it speaks the S3 API only: `gs://` and `az://` are
 * refused with a line saying how to reach such a store through its S3-compatible endpoint.
 */

export interface ObjectLocation {
  /** The URI as given, without a trailing slash: what LanceDB connects to and messages name. */
  uri: string;
  bucket: string;
  /** Key prefix inside the bucket, without leading or trailing slash ('' for the bucket's root). */
  prefix: string;
}

const OBJECT_SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** True for any `scheme://` location (a Windows path `C:\…` has no `//`). */
export function isObjectStoreUri(location: string): boolean {
  return OBJECT_SCHEME.test(location);
}

/** Thrown for a URI this program cannot use as an index location (decided by `code`). */
export class UnsupportedLocationError extends Error {
  readonly code = 'location-unsupported';
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedLocationError';
  }
}

/**
 * The one canonical form of an `s3://bucket/prefix` location, or UnsupportedLocationError. LanceDB
 * reads the URI as a URL (a `?` starts a query, a `#` a fragment, `%2e%2e` decodes to `..`) while
 * S3 keys take those characters literally, so a prefix holding them would put the tables and the
 * side files (meta, lock) in different places, or outside the prefix. Rather than guess which
 * reading was meant, such a prefix is refused: letters, digits and `- _ . ! * ' ( )` (S3's safe
 * characters) in `/`-separated segments, none of them empty, `.` or `..`.
 */
export function parseObjectLocation(uri: string): ObjectLocation {
  const scheme = OBJECT_SCHEME.exec(uri)?.[1]?.toLowerCase();
  if (scheme !== 's3') {
    throw new UnsupportedLocationError(
      `${uri}: only s3:// index locations are supported (any S3-compatible store: Google Cloud Storage and Azure through their S3 endpoints, with AWS_ENDPOINT set)`,
    );
  }
  const rest = uri.slice('s3://'.length).replace(/\/+$/, '');
  const slash = rest.indexOf('/');
  const bucket = slash < 0 ? rest : rest.slice(0, slash);
  const prefix = slash < 0 ? '' : rest.slice(slash + 1);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new UnsupportedLocationError(`${uri}: '${bucket}' is not a valid bucket name`);
  const bad = prefix ? prefixProblem(prefix) : null;
  if (bad) throw new UnsupportedLocationError(`${uri}: ${bad}; use letters, digits and - _ . ! * ' ( ) in /-separated names, e.g. s3://${bucket}/team/index`);
  return { uri: `s3://${bucket}${prefix ? `/${prefix}` : ''}`, bucket, prefix };
}

const SAFE_SEGMENT = /^[A-Za-z0-9_.!*'()-]+$/;

/** What makes a prefix ambiguous, in words; null when it is canonical. */
function prefixProblem(prefix: string): string | null {
  for (const segment of prefix.split('/')) {
    if (segment === '') return 'the prefix has an empty segment (//)';
    if (segment === '.' || segment === '..') return `the prefix has a '${segment}' segment`;
    if (!SAFE_SEGMENT.test(segment)) {
      const char = [...segment].find((c) => !SAFE_SEGMENT.test(c))!;
      const shown = /^[\x21-\x7e]$/.test(char) ? `'${char}'` : `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      return `${shown} is not allowed in the prefix (LanceDB and S3 would read it differently)`;
    }
  }
  return null;
}

/** The key of a file of the index (`index-meta.json`) under its prefix. */
export function keyOf(location: ObjectLocation, name: string): string {
  return location.prefix ? `${location.prefix}/${name}` : name;
}
