import type * as vscode from 'vscode';

// Placeholder until the editor layer lands: activation must stay cheap.
export function activate(_context: vscode.ExtensionContext): void {}

export function deactivate(): void {}
