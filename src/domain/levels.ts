/** The layers of the graph, from raw words up to eras. */
export const SUMMARY_LEVELS = ['session', 'day', 'week', 'month'] as const;
export type SummaryLevel = (typeof SUMMARY_LEVELS)[number];

/** Levels that recall can search: raw memories, every summary level, and eras. */
export const RECALL_LEVELS = ['memory', ...SUMMARY_LEVELS, 'era'] as const;
export type RecallLevel = (typeof RECALL_LEVELS)[number];

/** Calendar levels, which nest: days roll into weeks, weeks into months. Sessions sit beside days. */
export const CALENDAR_LEVELS = ['day', 'week', 'month'] as const;
export type CalendarLevel = (typeof CALENDAR_LEVELS)[number];
