/**
 * pdf.js keeps what it parsed (fonts, page resources) until told to let go; its own viewer app
 * does so when rendering has been idle for a while. So do we: memory stays bounded however far
 * a long manual is paged through. Returns the function to call each time a page is drawn.
 */
const IDLE_CLEANUP_MS = 2000;

export function idleCleanup(viewer: { cleanup(): void }, document: () => { cleanup(): Promise<void> } | undefined): () => void {
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      viewer.cleanup();
      void document()
        ?.cleanup()
        .catch(() => {}); // refused while a page renders: the next idle retries
    }, IDLE_CLEANUP_MS);
  };
}
