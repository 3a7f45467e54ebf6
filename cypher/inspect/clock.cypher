// Neo4j's own clock, which stamps what it writes (a memory's ingestedAt, a lease's expiry). A test that sets a
// cycle's `now` beside those stamps starts from this one, not from its own process's clock, so it passes on any day.
RETURN datetime().epochMillis AS epochMillis
