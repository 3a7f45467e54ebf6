// Children of a parent period with too few of them to summarise: settled until one of them changes again.
UNWIND $childIds AS childId
MATCH (c:Summary {id: childId})
SET c.parentPending = false
