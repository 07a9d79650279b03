import { Command, InvalidArgumentError } from 'commander';

// What the command lines (the admin one, src/cli.ts, and the developer tools, tools/cli.ts)
// share: usage errors in one line, and integer options checked before anything runs.

/** A program whose usage errors are one line, as the commands' own failures are. */
export function commandLine(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .configureOutput({
      outputError: (message, write) =>
        write(`${message.trim().replace(/\s*\n\s*/g, ' ')} (add --help for usage)\n`),
    })
    .configureHelp({ sortSubcommands: false });
}

/** Parses an option's value as an integer of at least `min`, or refuses it. */
export function integer(option: string, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
      throw new InvalidArgumentError(`${option} must be an integer >= ${min}.`);
    }
    return n;
  };
}
