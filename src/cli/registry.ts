/** The CLI's commands by name; each module is loaded only when asked for, so `--help` stays instant. */
import type { CliCommand } from './command';

export const commands: Record<string, () => Promise<{ command: CliCommand }>> = {
  index: () => import('./commands/index'),
  search: () => import('./commands/search'),
  status: () => import('./commands/status'),
  eval: () => import('./commands/eval'),
  ask: () => import('./commands/ask'),
  chat: () => import('./commands/chat'),
  papers: () => import('./commands/papers'),
  references: () => import('./commands/references'),
  check: () => import('./commands/check'),
};
