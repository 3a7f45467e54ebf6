// The schema version a database records (0 for one made before versions were recorded) and the migrations applied.
OPTIONAL MATCH (s:StrataSchema {id: 'strata'})
RETURN coalesce(s.version, 0) AS version, coalesce(s.applied, []) AS applied
