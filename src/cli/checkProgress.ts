/**
 * `check`'s progress on a terminal: "checking 120/2,000 cited sentences" redrawn in place on
 * stderr, at most ten times a second, and cleared before the results print. Nothing when stderr
 * is not a terminal (a log or a pipe gets the results and warnings only).
 */
export interface SentenceProgress {
  update: (done: number, total: number) => void;
  end: () => void;
}

export function sentenceProgress(stream: NodeJS.WriteStream): SentenceProgress {
  if (!stream.isTTY) return { update: () => undefined, end: () => undefined };
  let drawn = false;
  let lastDraw = 0;
  return {
    update(done, total) {
      const now = Date.now();
      if (done !== total && now - lastDraw < 100) return;
      lastDraw = now;
      drawn = true;
      stream.write(`\r\x1b[Kchecking ${done.toLocaleString('en')}/${total.toLocaleString('en')} cited sentences`);
    },
    end() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
