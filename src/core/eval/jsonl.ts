/**
 * The eval question files are JSONL: one object a line, blank lines allowed. Both the retrieval
 * scoring and the graph checks read them; a malformed line fails with its 1-based line number.
 */
export function jsonlRecords(text: string, fail: (message: string, cause?: unknown) => Error): Array<{ line: number; record: Record<string, unknown> }> {
  const records: Array<{ line: number; record: Record<string, unknown> }> = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      throw fail(`line ${index + 1}: not valid JSON`, error);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw fail(`line ${index + 1}: not a JSON object`);
    records.push({ line: index + 1, record: parsed as Record<string, unknown> });
  });
  return records;
}
