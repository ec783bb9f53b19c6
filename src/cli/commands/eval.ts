import type { CliCommand } from '../command';

// Placeholder: replaced by the real command.
export const command: CliCommand = {
  usage: 'eval (not implemented yet)',
  async run() {
    process.stderr.write('eval: not implemented yet\n');
    return 2;
  },
};
