/**
 * Every id this extension registers with VS Code (commands, the chat participant), in one place:
 * they must match `contributes` in package.json. No `vscode` import, so unit tests and the
 * editor-free modules can use them.
 */

export const PARTICIPANT_ID = 'local-research.research';

/** Opens a citation in our viewer or the note at its lines (citations/register.ts). */
export const OPEN_CITATION_COMMAND = 'local-research.openCitation';

/** Inserts one cited passage of an answer into the draft (the Sources list's "insert" links). */
export const INSERT_CITATION_COMMAND = 'local-research.insertCitation';

export const COMMANDS = {
  indexWorkspace: 'local-research.indexWorkspace',
  addLibrary: 'local-research.addLibrary',
  indexLibraries: 'local-research.indexLibraries',
  rebuildIndex: 'local-research.rebuildIndex',
  clearIndex: 'local-research.clearIndex',
  showStatus: 'local-research.showIndexStatus',
  verifyIndex: 'local-research.verifyIndex',
  showPapers: 'local-research.showPapers',
  openLog: 'local-research.openLog',
  selectModels: 'local-research.selectModels',
  setLangfuseSecret: 'local-research.setLangfuseSecretKey',
  setModelServerKey: 'local-research.setModelServerKey',
  openSettings: 'local-research.openSettings',
  pullModel: 'local-research.pullModel',
  installOllama: 'local-research.installOllama',
  openCitation: OPEN_CITATION_COMMAND,
  insertCitation: INSERT_CITATION_COMMAND,
  insertCitations: 'local-research.insertCitations',
  insertAnswer: 'local-research.insertAnswer',
  checkCitations: 'local-research.checkCitations',
  /** Internal: a completion's bib entry, offered once the key is chosen. */
  addBibEntry: 'local-research.addBibEntry',
  /** Internal: a check's code action, the suggested paper's key in place of the cited one. */
  replaceCitationKey: 'local-research.replaceCitationKey',
} as const;
