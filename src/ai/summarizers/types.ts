import type { SummaryLevel } from '../../domain/levels.js';

/** One thing to summarise: a memory (for sessions and days) or a child summary (for weeks, months, eras). */
export interface SummaryItem {
  id: string;
  text: string;
  /** Who said it, for memories. */
  speaker?: string;
  /** ISO instant (memories) or period start (child summaries). */
  ts?: string;
}

export interface SummarizeRequest {
  level: SummaryLevel | 'era';
  groupId: string;
  /** Period bounds as ISO dates (or instants for sessions), for prompts and logs. */
  periodStart: string;
  periodEnd: string;
  /** In time order. */
  items: SummaryItem[];
  /** Message count per speaker over the whole period (for weeks and months, summed over the memories beneath). */
  speakerCounts: Record<string, number>;
  /**
   * Texts of the group's other periods at the same level (recent ones, up to a few dozen), so topics can be
   * the terms that make this period distinctive rather than the group's everyday words.
   */
  background: string[];
}

export interface SummaryTopic {
  /** Normalised, lower-case term or short phrase. */
  name: string;
  /** Relative importance in this period, 0..1, highest first. */
  weight: number;
}

export interface SummaryDraft {
  /** 2-5 sentences. */
  text: string;
  /** 3-7 topics, best first (fewer only when the period has fewer distinct terms). */
  topics: SummaryTopic[];
  /** 2-4 notable messages or sentences, verbatim. */
  highlights: string[];
  /** Up to 5 speakers, most active first. */
  activeUsers: string[];
  /**
   * A short title naming the subject, for eras, when the summarizer writes one (a language model does; the local
   * summarizer leaves it out and the era's distinctive terms stand in).
   */
  title?: string;
  /** Which summarizer made it, with its version, and any fallback, e.g. "local-extractive@3". */
  summarizer: string;
  /** Why the configured summarizer's draft was replaced by its fallback's, when it was; the cycle records it. */
  fallbackReason?: string;
}

export interface Summarizer {
  readonly name: string;
  summarize(request: SummarizeRequest): Promise<SummaryDraft>;
}
