#!/usr/bin/env node
import { main } from './cli.js';

// exitCode rather than process.exit(), so everything written to a pipe is flushed before the process ends.
process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});
