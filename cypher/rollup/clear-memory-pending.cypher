// Memories of a day too small to summarise: nothing to do until a new memory arrives for that day
// (which is pending itself and brings the day back).
UNWIND $memoryIds AS memoryId
MATCH (m:Memory {id: memoryId})
SET m.dayPending = false
