// Types for scripts/pdfjsPatch.mjs (plain JS so that esbuild.mjs can import it without a compiler).
import type { Plugin } from 'esbuild';

export const PDFJS_FILE: RegExp;
export function patchPdfjsSource(source: string, helpersPath?: string): { code: string; applied: string[]; skipped: string[] };
export function pdfjsPatchPlugin(): Plugin;
