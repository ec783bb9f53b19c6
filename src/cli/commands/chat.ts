import type { CliCommand } from '../command';

// Placeholder: replaced by the real command.
export const command: CliCommand = {
  usage: 'chat (not implemented yet)',
  async run() {
    process.stderr.write('chat: not implemented yet\n');
    return 2;
  },
};
