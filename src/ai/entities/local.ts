import { readFileSync } from 'node:fs';
import {
  type Entity,
  type EntityExtractor,
  type ExtractOptions,
  entityOf,
  overlaySpans,
  spansFromLabels,
  speakerSpans,
  tokenize,
} from '../../domain/entities.js';
import { eventSpans, withEvents } from '../../domain/entity-rules.js';
import { type TaggerModel, tagTokens } from '../../domain/entity-tagger.js';
import { projectPath } from '../../project-files.js';
import { decodeEntityModel, type EntityModel } from './model.js';

/** The tagger's weights as shipped: trained by bench/train-entities.ts (see its header for how). */
export const ENTITY_MODEL_FILE = ['models', 'entity-tagger.json.gz'] as const;

/** The thousand most frequent English words (will, may, hope, mark) are not a speaker's name in lower case. */
const COMMON_WORDS = 1000;

/** The local extractor, and the speakers it names for an extractor that has it as its fallback (the LLM's). */
export interface LocalEntityExtractor extends EntityExtractor {
  /** Where the speakers are named in `text`, as people: what the extractor lays over what its tagger found. */
  speakerEntities(text: string, speakers: readonly string[]): Entity[];
}

/**
 * Offline extraction: the trained tagger finds people, places, organisations, products and works; rules add events
 * (over what the tagger found inside them); the group's speakers are people wherever they are named, over whatever the tagger said.
 */
export function createLocalEntityExtractor(model: TaggerModel): LocalEntityExtractor {
  const isCommon = (word: string) => {
    const rank = model.lexicon.get(word)?.rank ?? -1;
    return rank >= 0 && rank < COMMON_WORDS;
  };
  return {
    speakerEntities(text: string, speakers: readonly string[]): Entity[] {
      const tokens = tokenize(text);
      return speakerSpans(tokens, speakers, isCommon).map((span) => entityOf(text, tokens, span));
    },
    extract(text: string, options: ExtractOptions = {}): Entity[] {
      const tokens = tokenize(text);
      let spans = spansFromLabels(tagTokens(model, tokens));
      spans = withEvents(spans, eventSpans(tokens));
      if (options.speakers && options.speakers.length > 0) {
        spans = overlaySpans(spans, speakerSpans(tokens, options.speakers, isCommon));
      }
      return spans.map((span) => entityOf(text, tokens, span));
    },
  };
}

/** The shipped model, or the one in `file`; `source` says what it was trained on. */
export function loadEntityModel(file = projectPath(...ENTITY_MODEL_FILE)): EntityModel {
  return decodeEntityModel(readFileSync(file));
}

/** Reads the model (some tens of ms) and builds the extractor. */
export function loadLocalEntityExtractor(file?: string): LocalEntityExtractor {
  return createLocalEntityExtractor(loadEntityModel(file));
}

/** The shipped extractor, read on first use: a process that never cycles (a CLI read) does not load the model. */
export function lazyLocalEntityExtractor(): () => LocalEntityExtractor {
  let extractor: LocalEntityExtractor | null = null;
  return () => {
    extractor ??= loadLocalEntityExtractor();
    return extractor;
  };
}
