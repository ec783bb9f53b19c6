/**
 * apache-arrow's classes, loaded when a schema is built (a table created or checked), not when the
 * store's modules are: a command that never opens an index (an unchanged library's re-check)
 * does not load its ~100 modules (0.2-0.4 s of a loaded machine's CPU). A plain `require`: lazy in
 * the esbuild bundle, where apache-arrow stays external.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const arrow = () => require('apache-arrow') as typeof import('apache-arrow');
