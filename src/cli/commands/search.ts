import type { CliCommand } from '../command';

// Placeholder: replaced by the real command.
export const command: CliCommand = {
  usage: 'search (not implemented yet)',
  async run() {
    process.stderr.write('search: not implemented yet\n');
    return 2;
  },
};
