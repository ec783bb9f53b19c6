import type { CliCommand } from '../command';

// Placeholder: replaced by the real command.
export const command: CliCommand = {
  usage: 'index (not implemented yet)',
  async run() {
    process.stderr.write('index: not implemented yet\n');
    return 2;
  },
};
