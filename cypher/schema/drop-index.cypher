// Drops one of Strata's indexes so it can be created again as the current schema builds it (schema.ts says when).
DROP INDEX $name IF EXISTS
