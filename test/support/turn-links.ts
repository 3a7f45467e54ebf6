/** A memory as its place in a conversation is decided: its id, time and session (null for none). */
export interface TurnPlace {
  id: string;
  ts: string;
  sessionId: string | null;
}

/**
 * The NEXT_TURN links a group's memories should have (graph/turns.ts), as [from, to] ids in from's order: in each
 * conversation (the same session id, or none), each turn to the next in (time, id) order, when it comes at most
 * `horizonMinutes` later. The tests' own statement of the rule that turns/relink.cypher keeps, written apart from
 * its Cypher.
 */
export function expectedTurnLinks(memories: TurnPlace[], horizonMinutes: number): [string, string][] {
  const conversations = new Map<string, { id: string; at: number }[]>();
  for (const m of memories) {
    const key = m.sessionId ?? '';
    const turns = conversations.get(key) ?? [];
    turns.push({ id: m.id, at: Date.parse(m.ts) });
    conversations.set(key, turns);
  }
  const links: [string, string][] = [];
  for (const turns of conversations.values()) {
    turns.sort((a, b) => a.at - b.at || compareIds(a.id, b.id));
    for (let i = 1; i < turns.length; i++) {
      const [before, after] = [turns[i - 1], turns[i]] as [
        { id: string; at: number },
        { id: string; at: number },
      ];
      if (after.at - before.at <= horizonMinutes * 60_000) links.push([before.id, after.id]);
    }
  }
  return links.sort((a, b) => compareIds(a[0], b[0]));
}

/** Ids in string order, as Cypher orders the tests' ASCII ids. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
