/**
 * The 1-based line of a character offset, for every reader that reports lines (bib entries, a
 * draft's bib scan, HTML blocks). The line starts are found once; each question is a binary
 * search, so offsets may be asked in any order.
 */
export function lineCounter(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}
