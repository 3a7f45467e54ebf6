/**
 * What the demo generator planted of named entities, read back from the messages: which entities the texts name and
 * by which of their spellings. Both the generator (over what it wrote) and seeding (over what it kept) use it, and
 * bench:entities:planted compares it with the profiles the cycle makes.
 */

/** A named entity the group's messages name, by its name or one of its aliases. */
export interface PlantedEntity {
  name: string;
  kind: string;
  aliases: string[];
  /** Its name and the aliases its messages actually use (plantedIn), in the order of `[name, ...aliases]`. */
  written: string[];
}

/**
 * The entities among `candidates` that the texts name, each with the spellings they use: a spelling counts where it
 * stands as written (case and all) between non-letters, and a longer one is taken first, so "Ana" inside
 * "Dr. Ana Costa" is not a use of the alias "Ana". An era line that names one (Lisbon in the trip's lines) counts too.
 */
export function plantedIn(
  candidates: readonly Pick<PlantedEntity, 'name' | 'kind' | 'aliases'>[],
  texts: readonly string[],
): PlantedEntity[] {
  const entities = [...new Map(candidates.map((e) => [e.name, e])).values()];
  const spellings = entities
    .flatMap((e) => [e.name, ...e.aliases].map((spelling) => ({ spelling, entity: e.name })))
    .sort((a, b) => b.spelling.length - a.spelling.length);
  const escaped = spellings.map(({ spelling }) => spelling.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${escaped.map((e) => `(${e})`).join('|')})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  const used = new Set<string>();
  if (spellings.length > 0) {
    for (const text of texts) {
      for (const match of text.matchAll(pattern)) {
        const group = match.findIndex((g, i) => i > 0 && g !== undefined);
        const hit = spellings[group - 1];
        if (hit) used.add(`${hit.entity}\u0000${hit.spelling}`);
      }
    }
  }
  return entities
    .map(({ name, kind, aliases }) => ({
      name,
      kind,
      aliases: [...aliases],
      written: [name, ...aliases].filter((s) => used.has(`${name}\u0000${s}`)),
    }))
    .filter((e) => e.written.length > 0);
}
