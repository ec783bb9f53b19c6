import type { CliCommand } from '../command';

// Placeholder: replaced by the real command.
export const command: CliCommand = {
  usage: 'ask (not implemented yet)',
  async run() {
    process.stderr.write('ask: not implemented yet\n');
    return 2;
  },
};
