// `npm run lint` runs this: the same Cypher lint as the test, with one line per problem.
import { bareIntegerParameters, cypherFiles, lintFile, loadCatalog } from './lint.js';

const catalog = loadCatalog();
const problems = cypherFiles().flatMap((file) => [
  ...lintFile(file, catalog),
  ...bareIntegerParameters(file),
]);
for (const p of problems) console.error(p);
console.log(problems.length === 0 ? 'cypher: all files lint clean' : `cypher: ${problems.length} problem(s)`);
process.exit(problems.length === 0 ? 0 : 1);
