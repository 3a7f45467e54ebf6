// How long the oldest backlog has waited, in seconds: the longest any group has held memories that no cycle has
// taken (Group.backlogSince, set by ingest, ended by a cycle that leaves nothing pending); 0 when none waits.
MATCH (g:Group)
WHERE g.backlogSince IS NOT NULL
RETURN coalesce(max(datetime().epochSeconds - g.backlogSince.epochSeconds), 0) AS seconds
