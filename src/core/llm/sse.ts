/**
 * Server-sent events as OpenAI-compatible servers stream a chat completion: `data: {json}` lines
 * separated by blank lines, ending with `data: [DONE]`. Comments (`: ping`) and other fields
 * (`event:`, `id:`) carry nothing we use. A `data` line that is not JSON fails the stream: a
 * server sending something else is broken, and skipping lines could drop part of the answer.
 */

export type SseData = { done: true } | { done: false; json: unknown };

export async function* readSseData(body: ReadableStream<Uint8Array>, notJson: (cause: unknown) => Error): AsyncGenerator<SseData> {
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (line: string): SseData | null => {
    if (!line.startsWith('data:')) return null;
    const data = line.slice(5).trim();
    if (data === '') return null;
    if (data === '[DONE]') return { done: true };
    try {
      return { done: false, json: JSON.parse(data) };
    } catch (error) {
      throw notJson(error);
    }
  };
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const data = parse(line);
        if (data) yield data;
      }
    }
    const last = parse((buffer + decoder.decode()).trim());
    if (last) yield last;
  } finally {
    // A reader that stops early (an answer over its limit, an error) closes the connection.
    await reader.cancel().catch(() => undefined);
  }
}
