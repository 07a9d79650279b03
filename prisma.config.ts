import { defineConfig } from 'prisma/config';

// `prisma db seed` loads the demo catalog through the project's own import command.
// Migrations are applied by `npm run db:migrate` (src/database/migrator.ts), not by
// Prisma's CLI, whose schema engine cannot be downloaded offline.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: {
    path: 'prisma/migrations',
    seed: 'node dist/src/cli.js catalog:import prisma/demo-catalog.jsonl',
  },
});
