// Drops the full-text index so it can be created again with the current properties and analyzer.
DROP INDEX group_text_fulltext IF EXISTS
