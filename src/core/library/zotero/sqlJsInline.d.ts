/** sql.js with its WebAssembly inlined (base64): one bundle, nothing to locate at run time (sqlite.ts). */
declare module 'sql.js/dist/sql-wasm-inline.js' {
  import initSqlJs from 'sql.js';
  export default initSqlJs;
}
