CALL db.awaitIndexes(toInteger($timeoutSeconds))
