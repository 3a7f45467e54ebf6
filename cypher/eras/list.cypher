// A group's eras in time order, as the era step and the API read them.
MATCH (e:Era {groupId: $groupId})
RETURN e.id AS id, toString(e.start) AS start, toString(e.end) AS end, e.periodStarts AS periodStarts,
       e.keyTopics AS keyTopics, e.theme AS theme, e.text AS text, e.current AS current, e.earlier AS earlier,
       e.periodCount AS periodCount, e.level AS level, e.detector AS detector, e.parameters AS parameters,
       toString(e.dataFrom) AS dataFrom, toString(e.dataTo) AS dataTo, e.dataDays AS dataDays,
       e.dataMessages AS dataMessages, e.updatedAt.epochMillis AS updatedAtMillis
ORDER BY e.start
