import { describe, expect, it } from 'vitest';
import { monthIndex, namedPeriod } from '../../src/domain/named-period.js';

const days = (from: string, to: string) => ({
  from: new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString(),
  to: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString(),
});

describe('namedPeriod', () => {
  it('reads a day written day first, month first or as an ISO date, with a day of slack each side', () => {
    expect(namedPeriod('What did Gina find for her store on 1 February, 2023?')).toEqual(
      days('2023-02-01', '2023-02-02'),
    );
    expect(namedPeriod('What painting did Melanie show on October 13, 2023?')).toEqual(
      days('2023-10-13', '2023-10-14'),
    );
    expect(namedPeriod('notes from the 3rd of Jun 2023')).toEqual(days('2023-06-03', '2023-06-04'));
    expect(namedPeriod('what happened on 2024-02-29')).toEqual(days('2024-02-29', '2024-03-01'));
  });

  it('reads a month with its year', () => {
    expect(namedPeriod('What did Maria donate in December 2023?')).toEqual(days('2023-12-01', '2024-01-01'));
  });

  it('names no period for relative dates, months without a year, or days that do not exist', () => {
    expect(namedPeriod('When did Melanie go camping in June?')).toBeNull();
    expect(namedPeriod('what did we decide last week')).toBeNull();
    expect(namedPeriod('on 31 June, 2023')).toBeNull();
    expect(namedPeriod('which team did you sign with')).toBeNull();
  });

  it('reads month names whole or cut to three letters or more', () => {
    expect(['January', 'jan', 'Sept.', 'DEC'].map(monthIndex)).toEqual([0, 0, 8, 11]);
    expect(['ju', 'Mayo', ''].map(monthIndex)).toEqual([-1, -1, -1]);
  });
});
