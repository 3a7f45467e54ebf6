import type { CycleReport } from '../../domain/cycle-report.js';
import { inParallel } from '../../jobs/in-parallel.js';
import { cycleWhenLeaseFree, leaseHeld } from '../../jobs/lease-wait.js';
import { type CommandSpec, JSON_FLAG, type OutStream } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { plural, printJson, tableWidth } from '../output.js';
import { createProgress, formatDuration } from '../progress.js';
import { formatTable, truncate } from '../table.js';

export interface AggregateOptions {
  /** One group, or every group the scheduler would pick when absent. */
  groupId?: string;
  dryRun: boolean;
  /** Seconds to wait for a cycle lease another instance holds; 0 reports it at once. */
  waitSeconds: number;
  json: boolean;
}

export const aggregateCommand: CommandSpec<AggregateOptions> = {
  name: 'aggregate',
  summary: 'Run a roll-up cycle now: sessions, days, weeks, months, eras, decay, pruning',
  synopsis: '(--group <id> | --all) [--dry-run] [--wait <seconds>] [--json]',
  description: [
    '--all runs every group the scheduler would pick now: new data, waiting work, or no cycle for a day. It runs',
    'them as a scheduler tick does: CYCLE_CONCURRENCY groups at a time, their writes sharing commits.',
    "A group whose cycle lease another instance holds is not cycled: it is reported with the lease's expiry",
    '(--wait <seconds> tries again until the lease is free or that time has passed).',
    'Exits 1 when any cycle failed, left a period with an error (the next cycle retries it), or was not run',
    'because another instance held its lease.',
  ].join('\n'),
  flags: {
    group: { type: 'string', value: '<id>', description: 'The group to cycle' },
    all: { type: 'boolean', description: 'Cycle every group that is due' },
    'dry-run': { type: 'boolean', description: 'Count what a cycle would do; write nothing' },
    wait: {
      type: 'string',
      value: '<seconds>',
      description: 'Wait up to this long for a cycle lease another instance holds (default 0)',
    },
    ...JSON_FLAG,
  },
  parse(flags) {
    const groupId = flags.group();
    const all = flags.boolean('all');
    if (groupId && all) throw flags.usage('give either --group <id> or --all, not both');
    if (!groupId && !all) throw flags.usage('missing --group <id> (or --all for every group that is due)');
    return {
      groupId,
      dryRun: flags.boolean('dry-run'),
      waitSeconds: flags.int('wait', 0, { min: 0, max: 3600 }),
      json: flags.boolean('json'),
    };
  },
  needs: 'schema',
  async run(options, { backend, stdout, stderr }) {
    const groups = options.groupId ? [options.groupId] : await backend.groupsDue();
    const progress =
      groups.length > 1 ? createProgress('aggregate', { total: groups.length, stream: stderr }) : null;
    // As a scheduler tick runs them: several groups at a time, their writes sharing commits.
    const commits = backend.tick.shareCommits();
    const byGroup = new Map<string, CycleReport>();
    await inParallel(groups, backend.tick.concurrency, async (groupId) => {
      if (!progress) stderr.write(`aggregating ${groupId}${options.dryRun ? ' (dry run)' : ''}...\n`);
      const { report, waitedMs } = await commits.join(() =>
        cycleWhenLeaseFree(() => backend.cycle(groupId, { dryRun: options.dryRun }), {
          waitMs: options.waitSeconds * 1000,
        }),
      );
      if (waitedMs > 0) {
        const outcome = leaseHeld(report) ? 'still held' : 'free';
        stderr.write(
          `${groupId}: waited ${formatDuration(waitedMs / 1000)} for the cycle lease (${outcome})\n`,
        );
      }
      byGroup.set(groupId, report);
      progress?.update(byGroup.size, groupId);
    });
    // Reported in the order the groups were due, whichever finished first.
    const reports = groups.flatMap((g) => byGroup.get(g) ?? []);
    progress?.done();

    const failed = reports.filter(cycleFailed);
    const held = reports.filter(leaseHeld);
    if (options.json) printJson(stdout, { reports });
    else if (reports.length === 0) stdout.write('No group is due: every group is up to date.\n');
    else printReports(stdout, reports);
    if (held.length > 0) {
      const until = held.map((r) => `${r.groupId} (until ${r.leaseExpiresAt})`).join(', ');
      stderr.write(
        `${plural(held.length, 'group')} not cycled: another instance holds the cycle lease of ${until}; ` +
          'try again later or with --wait <seconds>\n',
      );
    }
    if (failed.length > 0) {
      const groups = failed.map((r) => r.groupId).join(', ');
      stderr.write(
        `${plural(failed.length, 'cycle')} failed or left errors: ${groups}; the next cycle retries\n`,
      );
      return EXIT.failed;
    }
    return held.length > 0 ? EXIT.failed : EXIT.ok;
  },
};

/** A cycle that failed, was stopped by a shutdown, or finished with periods it could not summarise. */
export function cycleFailed(report: CycleReport): boolean {
  return report.status === 'failed' || report.status === 'stopped' || report.errors.length > 0;
}

const LEVELS = ['session', 'day', 'week', 'month', 'era'] as const;

/** One block per group: status line, created/updated per level, decay and pruning, errors. */
export function printReports(out: OutStream, reports: CycleReport[]): void {
  const width = tableWidth(out);
  reports.forEach((r, i) => {
    if (i > 0) out.write('\n');
    const dry = r.dryRun ? ' (dry run: nothing written)' : '';
    const errors = r.errors.length > 0 ? ` with ${plural(r.errors.length, 'error')}` : '';
    out.write(`${r.groupId}: ${r.status}${errors} in ${formatDuration(r.tookMs / 1000)}${dry}\n`);
    if (r.reason) out.write(`  ${r.reason}\n`);
    if (r.status === 'skipped') return;
    const archived = r.pruned.archived as Record<string, number>;
    const table = formatTable(
      [
        { header: 'level' },
        { header: 'created', align: 'right' },
        { header: 'updated', align: 'right' },
        { header: 'archived', align: 'right' },
      ],
      LEVELS.map((level) => [
        level,
        String(r.levels[level].created),
        String(r.levels[level].updated),
        String(archived[level] ?? 0),
      ]),
    );
    out.write(indent(table, '  '));
    const pruned = r.pruned.checked
      ? `originals pruned: ${plural(r.pruned.memories, 'memory', 'memories')}`
      : 'pruning: not this cycle (a group is pruned once a UTC day, when PRUNE_ENABLED)';
    out.write(`  decay updated: ${r.decayUpdated}   ${pruned}\n`);
    if (r.pendingWork) out.write('  some periods are ready but not summarised; the next cycle takes them\n');
    if (r.nextWorkAt) {
      out.write(`  some periods are still open; a cycle from ${r.nextWorkAt} will summarise them\n`);
    }
    for (const error of r.errors) out.write(`  error: ${truncate(error, width - 9)}\n`);
  });
}

function indent(text: string, prefix: string): string {
  return text.replace(/^(?=.)/gm, prefix);
}
