/**
 * A record as `papers --json` prints it: every field present, as `{value, source, confidence}`
 * (and `from`, where exactly), an unknown one with `value: null`.
 */
import { RECORD_FIELDS, type Field, type PaperRecord } from './record';

export interface FieldJson<T> {
  value: T | null;
  source: Field<T>['source'] | null;
  confidence: number | null;
  from?: string;
}

export type RecordJson = { path: string } & { [K in (typeof RECORD_FIELDS)[number]]: FieldJson<unknown> };

export function recordJson(path: string, record: PaperRecord | undefined): RecordJson {
  const json = { path } as RecordJson;
  for (const name of RECORD_FIELDS) {
    const field = record?.[name] as Field<unknown> | undefined;
    json[name] = field
      ? { value: field.value, source: field.source, confidence: field.confidence, ...(field.from ? { from: field.from } : {}) }
      : { value: null, source: null, confidence: null };
  }
  return json;
}
