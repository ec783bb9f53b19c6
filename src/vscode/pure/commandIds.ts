/**
 * Every id this extension registers with VS Code (commands, the chat participant), in one place:
 * they must match `contributes` in package.json. No `vscode` import, so unit tests and the
 * editor-free modules can use them.
 */

export const PARTICIPANT_ID = 'local-research.research';

/** Opens a citation in our viewer or the note at its lines (citations/register.ts). */
export const OPEN_CITATION_COMMAND = 'local-research.openCitation';

export const COMMANDS = {
  indexWorkspace: 'local-research.indexWorkspace',
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
} as const;
