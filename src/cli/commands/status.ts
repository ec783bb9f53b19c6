import type { CliCommand } from '../command';

// Placeholder: replaced by the real command.
export const command: CliCommand = {
  usage: 'status (not implemented yet)',
  async run() {
    process.stderr.write('status: not implemented yet\n');
    return 2;
  },
};
