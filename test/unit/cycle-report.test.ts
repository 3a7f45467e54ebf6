import { describe, expect, it } from 'vitest';
import { cycleReportSchema, newCycleReport } from '../../src/domain/cycle-report.js';

describe('newCycleReport', () => {
  it('is a valid report with nothing counted, and takes the fields it is given', () => {
    const report = newCycleReport('g', '2024-05-01T00:00:00.000Z', { dryRun: true, status: 'stopped' });
    expect(cycleReportSchema.parse(report)).toEqual(report);
    expect(report).toMatchObject({ groupId: 'g', dryRun: true, status: 'stopped', errors: [], tookMs: 0 });
    expect(Object.values(report.levels).every((l) => l.created === 0 && l.updated === 0)).toBe(true);
  });
});
