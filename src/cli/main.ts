#!/usr/bin/env node
/**
 * Command-line entry point: `research-assistant <command> ...`. Each command lives in its own
 * file under ./commands, listed in ./registry and loaded only when asked for.
 */
import { guardOutput, outputFailure } from './output';
import { cliCommand } from './invocation';
import { commands } from './registry';
import { terminalSafe } from '../core/text/terminalSafe';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(await usage());
    return name ? 0 : 2;
  }
  const load = commands[name];
  if (!load) {
    process.stderr.write(`unknown command '${name}'\n\n${await usage()}`);
    return 2;
  }
  const { command } = await load();
  if (asksForHelp(rest)) {
    process.stdout.write(`usage: ${command.usage}\n\n${command.summary}\n`);
    return 0;
  }
  return command.run(rest);
}

/** `--help` or `-h` among a command's options; after `--` it would be an argument, not an option. */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

async function usage(): Promise<string> {
  const lines = ['Local Research Assistant: index your documents and ask them questions, locally.', '', 'Commands:'];
  for (const load of Object.values(commands)) lines.push(`  ${(await load()).command.usage}`);
  lines.push('', `${cliCommand()} <command> --help: that command's usage and what it does.`);
  return lines.join('\n') + '\n';
}

guardOutput();
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = outputFailure() ? 1 : code;
  },
  (error: unknown) => {
    // An unexpected error's message may quote a document or a server's answer.
    process.stderr.write(`error: ${terminalSafe(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = 1;
  },
);
