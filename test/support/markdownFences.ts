/**
 * Which lines of a Markdown text sit inside fenced code blocks, by CommonMark's fence rules, with
 * block quote markers stripped first. Stricter than a renderer (which also ends a fence when its
 * block quote ends): a fence left open anywhere shows up here.
 */
export function linesInsideFences(markdown: string): { inside: boolean[]; openAtEnd: boolean } {
  let open: { char: string; length: number } | null = null;
  const inside: boolean[] = [];
  for (const raw of markdown.split('\n')) {
    const line = raw.replace(/^(\s{0,3}>\s?)+/, '');
    const m = /^\s{0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (!open && m && !(m[1]![0] === '`' && m[2]!.includes('`'))) {
      open = { char: m[1]![0]!, length: m[1]!.length };
      inside.push(true);
    } else if (open && m && m[1]![0] === open.char && m[1]!.length >= open.length && m[2]!.trim() === '') {
      open = null;
      inside.push(true);
    } else {
      inside.push(open !== null);
    }
  }
  return { inside, openAtEnd: open !== null };
}
