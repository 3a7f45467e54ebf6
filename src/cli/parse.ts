import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type FlagSpecs, Flags, UsageError } from './args.js';
import type { CommandSpec } from './command.js';
import { COMMANDS, type CommandName, isCommandName } from './commands/index.js';

type OptionsOf<S> = S extends CommandSpec<infer O> ? O : never;

/** A parsed command line: a command with its typed options, or a request for help or the version. */
export type CommandLine =
  | { [N in CommandName]: { command: N; options: OptionsOf<(typeof COMMANDS)[N]> } }[CommandName]
  | { command: 'help'; options: { topic?: CommandName } }
  | { command: 'version'; options: Record<string, never> };

/**
 * argv (without node and the script) to a command and its options. Pure: reads no files and no
 * environment, so every way of getting it wrong is a UsageError a test can provoke.
 */
export function parseCommandLine(argv: string[]): CommandLine {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError('missing command');
  if (first === '--help' || first === '-h' || first === 'help') {
    const topic = rest[0];
    if (topic === undefined) return { command: 'help', options: {} };
    if (!isCommandName(topic)) throw new UsageError(`unknown command "${topic}"`);
    return { command: 'help', options: { topic } };
  }
  if (first === '--version') return { command: 'version', options: {} };
  if (first.startsWith('-')) throw new UsageError(`unknown option ${first} (options go after the command)`);
  if (!isCommandName(first)) throw new UsageError(`unknown command "${first}"`);

  const spec = COMMANDS[first] as CommandSpec<unknown>;
  // Help wins over everything else on the line, so `strata recall --help` works without its required flags.
  const beforeTerminator = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (beforeTerminator.includes('--help') || beforeTerminator.includes('-h')) {
    return { command: 'help', options: { topic: first } };
  }
  const { values, positionals } = readFlags(spec, rest);
  return { command: first, options: spec.parse(new Flags(first, values, positionals)) } as CommandLine;
}

function readFlags(spec: CommandSpec<unknown>, args: string[]) {
  try {
    return parseArgs({
      args,
      options: parseArgsOptions(spec.flags),
      allowPositionals: spec.positionals ?? false,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(describeParseError(error), spec.name);
  }
}

function parseArgsOptions(flags: FlagSpecs): NonNullable<ParseArgsConfig['options']> {
  return Object.fromEntries(
    Object.entries(flags).map(([name, f]) => [
      name,
      f.short ? { type: f.type, short: f.short } : { type: f.type },
    ]),
  );
}

/** node:util's messages, shortened to what the user typed and what is wrong with it. */
function describeParseError(error: unknown): string {
  const { code, message } = error as { code?: string; message: string };
  const quoted = /'([^']+)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && quoted) return `unknown option ${quoted}`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && quoted) return `unexpected argument "${quoted}"`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && quoted) {
    const flag = quoted.split(' ')[0];
    if (message.includes('argument missing')) return `${flag} needs a value`;
    if (message.includes('does not take an argument')) return `${flag} does not take a value`;
    // e.g. "--k -1": a value starting with a dash must be attached with "=".
    if (message.includes('ambiguous'))
      return `${flag} needs a value; write ${flag}=<value> for one starting with "-"`;
  }
  return message.split('. ')[0] ?? message;
}
