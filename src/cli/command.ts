/** One CLI command. `run` returns the process exit code. */
export interface CliCommand {
  /** One usage line, e.g. `index <folder> [--db DIR] ...`. */
  usage: string;
  /** What it does, in a sentence or two: printed under the usage line by `<command> --help`. */
  summary: string;
  run(args: string[]): Promise<number>;
}
