/** One CLI command. `run` returns the process exit code. */
export interface CliCommand {
  /** One usage line, e.g. `index <folder> [--db DIR] ...`. */
  usage: string;
  run(args: string[]): Promise<number>;
}
