/**
 * "Quoted passages (no model)": the entry our model provider offers when Ollama offers no chat
 * model (not running, not installed, or only embedding models pulled). VS Code calls a chat
 * participant only when some model is selected, so without this entry a new user without Ollama
 * could not reach `@research` at all, although its extractive answers need no model. It is not a
 * language model: `@research` recognises it and quotes passages; anyone else who sends it a
 * request gets one line saying so.
 */
import type * as vscode from 'vscode';

export const EXTRACTIVE_MODEL_ID = 'local-research-extractive';
export const EXTRACTIVE_MODEL_NAME = 'Quoted passages (no model)';

export function extractiveModelInfo(): vscode.LanguageModelChatInformation {
  const info = {
    id: EXTRACTIVE_MODEL_ID,
    name: EXTRACTIVE_MODEL_NAME,
    family: EXTRACTIVE_MODEL_ID,
    version: '1',
    detail: 'no Ollama chat model',
    tooltip:
      '@research quotes the best passages from your documents, with citations. Not a language model: install Ollama and pull a chat model for full answers.',
    maxInputTokens: 8192,
    maxOutputTokens: 4096,
    // VS Code 1.139 hides models without tool calling from the picker in agent mode; a request
    // that carries tools gets the same one-line reply as any other.
    capabilities: { imageInput: false, toolCalling: true },
    // Not in the 1.104 typings (see ollamaModels.ts): newer VS Code lists only user-selectable models.
    isUserSelectable: true,
  };
  return info;
}

/** True for the chat's selected model when it is our "no model" entry. */
export function isExtractiveModel(model: Pick<vscode.LanguageModelChat, 'vendor' | 'id'> | undefined, vendor: string): boolean {
  return model?.vendor === vendor && model.id === EXTRACTIVE_MODEL_ID;
}

/** What another participant (or the default agent) reads when it sends this entry a request. */
export function notAModelReply(chatModel: string): string {
  return `"${EXTRACTIVE_MODEL_NAME}" is not a language model: it only lets @research quote your documents. For chat answers, install Ollama (https://ollama.com/download), run \`ollama pull ${chatModel}\` and pick the model in the model picker.`;
}
