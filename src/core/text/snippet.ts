/** Short one-line snippets of longer text (passages, log lines), cut at a word. */

/** Cuts at the last word boundary before the limit, never inside a word. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.search(/\s\S*$/);
  const cut = space > max / 2 ? head.slice(0, space) : head;
  return cut.replace(/[\s,;:–—-]+$/, '') + '…';
}

export function snippetOf(text: string, max = 160): string {
  return cutAtWord(text.replace(/\s+/g, ' ').trim(), max);
}
