import type { VerifyReport } from '../../domain/verify.js';
import { type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { plural, printJson, tableWidth } from '../output.js';
import { formatTable } from '../table.js';

export interface VerifyOptions {
  groupId: string;
  json: boolean;
}

export const verifyCommand: CommandSpec<VerifyOptions> = {
  name: 'verify',
  summary: "Check a group's graph: every memory under its day, every period under its parent, chains, counts",
  synopsis: '--group <id> [--json]',
  description:
    'Read-only, like neo4j-admin database check for one group. Exit code 0 when every check holds and the group\n' +
    "keeps up, 1 when a check fails, 4 when the graph is sound but the group's cycles are behind: its last cycle\n" +
    'failed or left periods unsummarised, or a memory has waited for its day summary for over 48 hours.\n' +
    'Memories a cycle has not taken yet are reported as pending, not as faults.',
  flags: {
    group: { type: 'string', value: '<id>', description: 'Group to check (required)' },
    ...JSON_FLAG,
  },
  parse: (flags) => ({ groupId: flags.requiredGroup(), json: flags.boolean('json') }),
  needs: 'schema',
  async run(options, { backend, stdout }) {
    const group = await backend.services.getGroup(options.groupId);
    if (!group) {
      stdout.write(`No group ${options.groupId}: it has no memories.\n`);
      return EXIT.failed;
    }
    const report = await backend.services.verify(options.groupId);
    if (options.json) printJson(stdout, report);
    else printReport(stdout, report);
    if (!report.ok) return EXIT.failed;
    return report.cycle.behind ? EXIT.behind : EXIT.ok;
  },
};

function printReport(out: OutStream, report: VerifyReport): void {
  out.write(
    formatTable(
      [{ header: 'check' }, { header: 'result' }, { header: 'what it holds to', flex: true, min: 30 }],
      report.checks.map((c) => [c.check, c.skipped ? 'skipped' : c.ok ? 'ok' : 'FAILED', c.description]),
      tableWidth(out),
    ),
  );
  for (const check of report.checks) {
    if (check.skipped) out.write(`  ${check.check}: skipped: ${check.skipped}\n`);
    for (const f of check.findings) {
      out.write(
        `  ${check.check} (${f.where}): ${plural(f.count, 'finding')}, e.g. ${f.examples.join('; ')}\n`,
      );
    }
  }
  if (report.pending.memories > 0) {
    out.write(`${plural(report.pending.memories, 'memory', 'memories')} wait for the next cycle.\n`);
  }
  for (const reason of report.cycle.reasons) out.write(`behind: ${reason}\n`);
  if (!report.ok) out.write(`${report.groupId}: some checks failed\n`);
  else if (report.cycle.behind)
    out.write(`${report.groupId}: every check holds, but its cycles are behind\n`);
  else out.write(`${report.groupId}: every check holds\n`);
}
