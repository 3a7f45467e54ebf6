import type { FlagSpecs } from './args.js';
import type { CommandSpec } from './command.js';
import { COMMANDS } from './commands/index.js';

const HELP_FLAG = '-h, --help';

export function generalUsage(): string {
  const names = Object.keys(COMMANDS);
  const pad = Math.max(...names.map((n) => n.length)) + 2;
  const list = Object.values(COMMANDS)
    .map((c) => `  ${c.name.padEnd(pad)}${c.summary}`)
    .join('\n');
  return `Usage: strata <command> [options]

Strata keeps long-term memory for conversations in Neo4j: memories roll up into days, weeks, months
and eras. This command line runs the same operations as the HTTP API.

Commands:
${list}

Options:
  ${HELP_FLAG.padEnd(pad + 8)}Show help; strata <command> --help shows a command's options
  ${'--version'.padEnd(pad + 8)}Print the version
  ${'--json'.padEnd(pad + 8)}(every command) print one JSON document on stdout, for scripts

Settings come from the environment, as for the server: NEO4J_URI, NEO4J_USER, NEO4J_PASSWORD,
NEO4J_DATABASE, EMBEDDER, SUMMARIZER, ... Logs and progress go to stderr (LOG_LEVEL, default warn).

Exit codes: 0 success; 1 the work failed (a cycle failed, rejected import lines); 2 usage or
configuration error; 3 Neo4j unreachable or its schema missing or mismatched.
`;
}

export function commandUsage(spec: CommandSpec<unknown>): string {
  const flags = flagLines(spec.flags);
  const description = spec.description ? `\n${spec.description}\n` : '';
  return `Usage: strata ${spec.name} ${spec.synopsis}

${spec.summary}.
${description}
Options:
${flags}
`;
}

function flagLines(flags: FlagSpecs): string {
  const rows: [string, string][] = Object.entries(flags).map(([name, f]) => {
    const short = f.short ? `-${f.short}, ` : '';
    return [`${short}--${name}${f.value ? ` ${f.value}` : ''}`, f.description];
  });
  rows.push([HELP_FLAG, 'Show this help']);
  const pad = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `  ${left.padEnd(pad)}${right}`).join('\n');
}
