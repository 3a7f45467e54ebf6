// The Neo4j server process's CPU time so far, in nanoseconds, from its JVM: what a benchmark round cost the server,
// read before and after it.
CALL dbms.queryJmx('java.lang:type=OperatingSystem') YIELD attributes
RETURN attributes.ProcessCpuTime.value AS nanos
