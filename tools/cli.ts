#!/usr/bin/env node
import { Option } from 'commander';
import { commandLine, integer } from '../src/common/command-line.js';

// The developer tools: what benchmarks, load tests and the repository's generated files need,
// kept apart from the admin commands that run a service (src/cli.ts). `npm run tools -- --help`,
// or node dist/tools/cli.js. Each tool's code is loaded only when it runs.

const program = commandLine(
  'product-intelligence-tools',
  'Developer tools of Product Intelligence: synthetic catalogs for benchmarks and load tests, and the files generated from the code. None touches a database; the admin commands are npm run admin -- --help.',
);

program
  .command('catalog:generate')
  .description('write a synthetic catalog of N products as JSON Lines to stdout')
  .requiredOption('--products <n>', 'how many products', integer('--products', 1))
  .option('--seed <s>', 'the random seed', integer('--seed', Number.MIN_SAFE_INTEGER), 1)
  .addOption(
    new Option('--style <style>', 'families (resolution bench) or realistic (scale bench)')
      .choices(['families', 'realistic'])
      .default('families'),
  )
  .action(async (options: { products: number; seed: number; style: 'families' | 'realistic' }) => {
    const { generateCatalog } = await import('./catalog-generate.command.js');
    await generateCatalog(options);
  });

program
  .command('catalog:schema')
  .description("rewrite src/catalog/catalog-line.schema.json from the import's zod schema")
  .action(async () => {
    const { writeCatalogSchema } = await import('./catalog-schema.command.js');
    await writeCatalogSchema();
  });

try {
  await program.parseAsync();
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${program.name()}: ${reason.split('\n')[0]}\n`);
  process.exit(1);
}
