/**
 * The clock of the entity tests' conversation (Ana Costa and Ben Okafor planning Lisbon with Maria Silva in March
 * 2024): each test writes its own turns at these times and cycles the group at NOW.
 */
export const NOW = new Date('2024-05-01T00:00:00Z');

/** 10:mm on the given day of March 2024, UTC. */
export const at = (day: number, minute: number): string =>
  `2024-03-${String(day).padStart(2, '0')}T10:${String(minute).padStart(2, '0')}:00.000Z`;
