/**
 * From answer to manuscript in the real extension host: the Sources list names papers as readers
 * cite them, an answer's citations go to the cursor of the draft (after the PDF viewer took the
 * focus), a paper the bibliography lacks gets its entry only when the writer accepts, keys complete
 * in `\cite{` and `[@`, and Check Citations puts a diagnostic on a wrongly cited sentence.
 */
import * as assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { IndexJobResult } from '../../../src/vscode/indexing/indexReport';
import { MANUSCRIPT, MANUSCRIPT_DIR, placeManuscript } from '../manuscriptFixtures';
import { RecordingStream, cancellation } from './chatStream';
import { getApi, waitFor, workspaceRoot } from './helpers';
import { recordNotifications } from './notifications';
import { useFakeOllama } from './ollama';
import { researchScript } from '../scriptedResearchModel';
import { readConfig } from '../../../src/vscode/settings/config';
import { engineSettings } from '../../../src/vscode/pure/settings';

const abs = (file: string) => join(workspaceRoot().fsPath, file);
const uriOf = (file: string) => vscode.Uri.file(abs(file));

/** Answers the modal questions the extension asks (bib entries) with `answer`, recording them. */
function answerModals(answer: string | undefined): { asked: string[]; restore(): void } {
  const window = vscode.window as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = window.showInformationMessage!;
  const asked: string[] = [];
  window.showInformationMessage = (message: unknown, ...rest: unknown[]) => {
    if (typeof rest[0] === 'object' && rest[0] !== null && (rest[0] as { modal?: boolean }).modal) {
      asked.push(String(message));
      return Promise.resolve(answer);
    }
    return original.call(vscode.window, message, ...rest);
  };
  return { asked, restore: () => (window.showInformationMessage = original) };
}

/** No index run pending or running: the watcher queues one after files appear (its debounce is 300 ms here), and a run reopens the index. */
async function settled(): Promise<void> {
  const api = await getApi();
  await new Promise((r) => setTimeout(r, 1000));
  await waitFor(() => !api.index.busy, 'indexing to finish', 60_000);
}

async function openAt(file: string, line: number, character: number): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(uriOf(file), { preview: false });
  editor.selection = new vscode.Selection(line, character, line, character);
  return editor;
}

describe('manuscript: answers into drafts, keys completed, citations checked (real editor)', function () {
  this.timeout(120_000);
  useFakeOllama({ chat: researchScript() });
  let turn: string;

  before(async () => {
    await placeManuscript(workspaceRoot().fsPath);
    const job = (await vscode.commands.executeCommand('local-research.indexWorkspace')) as IndexJobResult;
    assert.equal(job.error, undefined, `indexing failed: ${String(job.error)}`);
    await settled();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await rm(abs(MANUSCRIPT_DIR), { recursive: true, force: true });
    await vscode.commands.executeCommand('local-research.indexWorkspace');
  });

  it('the Sources list names a paper with a record "Chaussé (2010), p. 2" and a note by its path; the answer offers "Insert citations"', async () => {
    const api = await getApi();
    const stream = new RecordingStream();
    await api.participant.handler({ prompt: MANUSCRIPT.question }, { history: [] }, stream.asStream(), cancellation().token);
    const insert = stream.buttons.find((b) => b.title === 'Insert citations');
    assert.ok(insert, `buttons: ${JSON.stringify(stream.buttons)}`);
    turn = (insert.arguments![0] as { turn: string }).turn;
    const sources = stream.markup.slice(stream.markup.indexOf('**Sources**'));
    assert.match(sources, /\[Chaussé \(2010\), p\. 2\]\(command:local-research\.openCitation\?/, sources);
    assert.match(sources, /\[manuscript\/notes\/gmm-notes\.md, lines 1-3\]\(command:local-research\.openCitation\?/, sources);
    // A paper can be inserted from its line; a note cannot.
    // The paper's citation key follows its label when it has one.
    assert.match(sources, /\[Chaussé \(2010\), p\. 2\]\(command:\S+ "[^"]*"\) · chausse2010computing · \[insert\]\(command:local-research\.insertCitation\?/);
    assert.doesNotMatch(sources, /gmm-notes\.md, lines 1-3\]\(command:\S+ "[^"]*"\) · \[insert\]/);
    assert.equal(insert.command, 'local-research.insertCitations');
    assert.ok(stream.buttons.some((b) => b.title === 'Insert answer' && b.command === 'local-research.insertAnswer'));
  });

  it('"Insert citations" puts [@key, p. 14] (the printed page label of physical page 2) at the cursor of the draft, after a citation click moved the focus to the PDF viewer', async () => {
    const editor = await openAt(MANUSCRIPT.markdown, 11, 'Insert here: '.length);
    // Clicking a citation opens the PDF viewer: the draft is no longer the active editor.
    await vscode.commands.executeCommand('local-research.openCitation', { turn, n: 1, file: MANUSCRIPT.chausse, page: 2 });
    await waitFor(() => vscode.window.activeTextEditor?.document !== editor.document, 'the viewer to take the focus');
    const modals = answerModals('Add and insert');
    try {
      await vscode.commands.executeCommand('local-research.insertCitations', { turn });
    } finally {
      modals.restore();
    }
    assert.deepEqual(modals.asked, [], 'the paper has its entry: nothing to ask');
    const line = editor.document.lineAt(11).text;
    assert.equal(line, 'Insert here: [@chausse2010computing, p. 14]');
  });

  it('completes keys in \\cite{ and [@: every paper with author and year, found by "chau", replacing the typed key; choosing one the bib lacks offers its entry', async () => {
    const md = await openAt(MANUSCRIPT.markdown, 7, 0);
    await md.edit((e) => e.insert(new vscode.Position(7, 0), 'See [@chau\n'));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      md.document.uri,
      new vscode.Position(7, 10),
      '@',
    );
    const chausse = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'chausse2010computing');
    assert.ok(chausse, `items: ${list.items.map((i) => JSON.stringify(i.label)).join(', ')}`);
    assert.equal(chausse.detail, 'Chaussé (2010)');
    assert.match(chausse.filterText!, /^chausse2010computing Chaussé 2010 Computing Generalized Method/);
    const range = chausse.range as { inserting: vscode.Range; replacing: vscode.Range };
    assert.deepEqual([range.inserting.start.character, range.inserting.end.character], [6, 10], 'the typed "chau" is replaced');

    const tex = await openAt(MANUSCRIPT.latex, 5, 0);
    await tex.edit((e) => e.insert(new vscode.Position(5, 0), 'As shown by \\citep{'));
    const texList = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      tex.document.uri,
      new vscode.Position(5, 19),
      '{',
    );
    const keys = texList.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(keys.includes('chausse2010computing') && keys.includes('hyndman2008automatic'), keys.join(', '));
    // The Zeileis vignette has no entry in refs.bib: choosing it offers one, and declining writes nothing.
    const zeileis = texList.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'zeileis2004econometric');
    assert.equal(zeileis?.command?.command, 'local-research.addBibEntry', keys.join(', '));
    const before = await readFile(abs(MANUSCRIPT.bib), 'utf8');
    const modals = answerModals('Not now');
    try {
      assert.equal(await vscode.commands.executeCommand(zeileis.command.command, ...(zeileis.command.arguments ?? [])), false);
    } finally {
      modals.restore();
    }
    assert.deepEqual(modals.asked, ['zeileis2004econometric is not in refs.bib. Add its entry to refs.bib?']);
    assert.equal(await readFile(abs(MANUSCRIPT.bib), 'utf8'), before);
  });

  it('"Insert answer" into a LaTeX draft: natbib style, and the paper the bib lacks gets its generated entry once accepted (saved, never twice)', async () => {
    const editor = await openAt(MANUSCRIPT.latex, 4, 'We weight the moment conditions with a HAC matrix.'.length);
    const registry = (await getApi()).citations.registry;
    const own = registry.newTurn();
    await registry.sources(own, [
      { index: 1, file: MANUSCRIPT.zeileis, page: 2, text: 'The wild cluster bootstrap draws its weights from the Rademacher distribution' },
    ]);
    await registry.finish(own, [{ index: 1, file: MANUSCRIPT.zeileis, page: 2 }], ' The wild bootstrap uses Rademacher weights [1].');
    const notes = recordNotifications();
    const modals = answerModals('Add and insert');
    try {
      await vscode.commands.executeCommand('local-research.insertAnswer', { turn: own });
      assert.deepEqual(modals.asked, ['zeileis2004econometric is not in refs.bib. Add its entry to refs.bib?']);
      assert.equal(
        editor.document.lineAt(4).text,
        'We weight the moment conditions with a HAC matrix. The wild bootstrap uses Rademacher weights~\\citep[p.~2]{zeileis2004econometric}.',
      );
      const bib = await readFile(abs(MANUSCRIPT.bib), 'utf8');
      assert.match(
        bib,
        /\n\n@article\{zeileis2004econometric,\n {2}author = \{Zeileis, Achim\},\n {2}title = \{Econometric Computing with HC and HAC Covariance Matrix Estimators\},/,
      );
      assert.ok(
        notes.messages.some((m) => m.text.includes("is a version of the article in Journal of Statistical Software (2004): its page numbers are the PDF's")),
        JSON.stringify(notes.messages),
      );
      // Again: the entry is there now, so nothing is asked and nothing is added.
      await vscode.commands.executeCommand('local-research.insertAnswer', { turn: own });
      assert.equal(modals.asked.length, 1);
      assert.equal(((await readFile(abs(MANUSCRIPT.bib), 'utf8')).match(/@article\{zeileis2004econometric,/g) ?? []).length, 1);
    } finally {
      modals.restore();
      notes.restore();
    }
  });

  it('Check Citations puts a warning on the wrongly cited sentence naming the paper that says it, with a hover and a code action that cites that paper instead', async () => {
    const document = await vscode.workspace.openTextDocument(uriOf(MANUSCRIPT.markdown));
    await vscode.window.showTextDocument(document, { preview: false });
    // refs.bib gained an entry in an earlier test: the library reads it now, not at its next periodic look.
    (await getApi()).loadEngine().refreshPapers();
    await settled();
    await vscode.commands.executeCommand('local-research.checkCitations', document.uri);
    const diagnostics = vscode.languages.getDiagnostics(document.uri);
    const sentenceLine = document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('The wild cluster bootstrap'));
    const wrong = diagnostics.find((d) => d.range.start.line === sentenceLine);
    assert.ok(wrong, `diagnostics: ${JSON.stringify(diagnostics.map((d) => [d.range.start.line, d.message]))}`);
    if (!wrong.message.includes('says this')) {
      const api = await getApi();
      const folders = api.index.folders.map(({ label, dbDir, uri }) => ({ label, dbDir, root: uri.fsPath }));
      const listed = await api.loadEngine().listPapers(folders, engineSettings(readConfig(), { langfuseSecretKey: undefined, modelServerKey: undefined }));
      assert.fail(
        `${wrong.message}\n${JSON.stringify(listed.papers.filter((p) => p.path.startsWith('manuscript')).map((p) => [p.path, p.name, p.bibEntry]))}\n${listed.problems.join('\n')}\n${await readFile(abs(MANUSCRIPT.bib), 'utf8')}`,
      );
    }
    assert.equal(wrong.severity, vscode.DiagnosticSeverity.Warning);
    // The suggested paper's key is the one an earlier test added to refs.bib, or none yet when this test runs alone.
    assert.match(
      wrong.message,
      /^chausse2010computing: not found in the cited paper \(.*\)\. Zeileis \(2004\), p\. 2 says this \((zeileis2004econometric|not in your bibliography yet)\)\.$/,
    );
    assert.equal(wrong.range.start.character, 0);

    const position = new vscode.Position(sentenceLine, 10);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
    const hoverText = hovers
      .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value)))
      .join('\n')
      .replace(/&nbsp;/g, ' ');
    assert.match(hoverText, /Rademacher distribution/, hoverText);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, wrong.range);
    const replace = actions.find((a) => /^Cite Zeileis \(2004\), p\. 2 .*instead of chausse2010computing$/.test(a.title));
    assert.ok(replace?.command, `actions: ${actions.map((a) => a.title).join(' | ')}`);
    assert.ok(actions.some((a) => a.title.startsWith('Open Zeileis (2004), p. 2') && a.command?.command === 'local-research.openCitation'));
    const modals = answerModals('Add and cite');
    try {
      await vscode.commands.executeCommand(replace.command.command, ...(replace.command.arguments ?? []));
    } finally {
      modals.restore();
    }
    assert.equal(
      document.lineAt(sentenceLine).text,
      'The wild cluster bootstrap draws its weights from the Rademacher distribution by default [@zeileis2004econometric].',
    );
  });

  it('with no draft open, inserting says so and offers to open one', async () => {
    await vscode.commands.executeCommand('workbench.action.files.saveAll');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const notes = recordNotifications();
    try {
      // The offer waits for the writer's answer: not awaited here.
      void vscode.commands.executeCommand('local-research.insertCitations', { turn });
      const said = await waitFor(() => notes.messages.find((m) => m.text.includes('no LaTeX or Markdown draft')), 'the message');
      assert.equal(said.text, 'Local Research: no LaTeX or Markdown draft (.tex, .md, .qmd, .Rmd) is open to insert the citations into.');
      assert.deepEqual(said.items, ['Open a draft…']);
    } finally {
      notes.restore();
    }
  });
});
