import { type CommandSpec, JSON_FLAG } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { printJson, tableWidth } from '../output.js';
import { formatTable } from '../table.js';

export interface MigrateOptions {
  json: boolean;
}

export const migrateCommand: CommandSpec<MigrateOptions> = {
  name: 'migrate',
  summary: 'Apply the migrations a database lacks and the schema (constraints and indexes); show the indexes',
  synopsis: '[--json]',
  description:
    'The database records its schema version: only the migrations newer than it run, in order, each recorded\n' +
    'as it completes. Safe to run any number of times. Waits until every index is online. Stops with exit code 3 when\n' +
    "the database's vectors come from another embedder (strata reembed moves them).",
  flags: { ...JSON_FLAG },
  parse: (flags) => ({ json: flags.boolean('json') }),
  needs: 'connection',
  async run(options, { backend, stdout, stderr }) {
    if (!options.json) stderr.write('applying schema and waiting for indexes to come online...\n');
    const migrations = await backend.migrate();
    const indexes = await backend.indexes();
    if (options.json) {
      printJson(stdout, { schemaVersion: migrations.to, migrations, indexes });
      return EXIT.ok;
    }
    stdout.write(
      migrations.applied.length === 0
        ? `schema version ${migrations.to}: nothing to migrate\n`
        : `schema version ${migrations.from} -> ${migrations.to}, applied:\n${migrations.applied.map((a) => `  ${a}\n`).join('')}`,
    );
    const rows = indexes.map((i) => [
      i.name,
      i.type,
      i.state,
      i.dimensions === null ? '' : String(i.dimensions),
    ]);
    stdout.write(
      formatTable(
        [
          { header: 'index' },
          { header: 'type' },
          { header: 'state' },
          { header: 'dimensions', align: 'right' },
        ],
        rows,
        tableWidth(stdout),
      ),
    );
    return EXIT.ok;
  },
};
