import { Module } from '@nestjs/common';
import { CommandError, runCommand } from '../common/command-runner.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { MetricsModule } from '../metrics/metrics.module.js';
import { LookupModule } from './lookup.module.js';
import { singleLookupQuery } from './lookup-request.schema.js';
import { LookupService } from './lookup.service.js';
import { NameResolver } from './name-resolver.service.js';
import type { ResolutionExplanation } from './resolution-outcome.js';

// resolve "NAME" [--explain] (src/cli.ts)
// What the API answers for a name, from the catalog the service answers from; with --explain,
// every candidate resolution scored, its score and what it rests on, and why the best one was
// found or the answer refused: how an admin answers "why did this name not resolve?" without
// turning on debug logs. Nothing is charged to any key.

// The lookup's metrics are kept in this process too (nothing serves them), as in the app.
@Module({ imports: [ConfigModule, DatabaseModule, MetricsModule, LookupModule] })
class ResolveCommandModule {}

/** The explanation as text: the decision, then the candidates best first. */
export function formatExplanation(explanation: ResolutionExplanation): string {
  const lines = [`Decision: ${explanation.decision}`];
  if (explanation.candidates.length === 0) lines.push('No candidate shares a term with the name.');
  else lines.push(`Candidates (${explanation.candidates.length}), best first:`);
  for (const c of explanation.candidates) {
    lines.push(`  ${c.score.toFixed(3)}  ${c.productId}  "${c.name}"`);
    // A rejected candidate may still be suggested, at its weighed-down score, as the API does.
    if (c.rejected)
      lines.push(`         rejected (suggested at ${c.suggestion.toFixed(3)}): ${c.rejected}`);
    for (const note of c.notes.filter((n) => n !== c.rejected)) lines.push(`         ${note}`);
  }
  return lines.join('\n') + '\n';
}

/** What an admin who asks before any catalog is published needs to know. */
const NO_CATALOG =
  'resolve: no catalog is published yet, so no name resolves: `npm start` loads the demo ' +
  'catalog on the embedded database, `npm run catalog:import -- FILE` imports one\n';

/** resolve NAME [--explain] */
export async function resolveName(name: string, options: { explain?: boolean }): Promise<void> {
  // The API's own rule for a name, so the command answers what the API would.
  const checked = singleLookupQuery.shape.product_name.safeParse(name);
  if (!checked.success) throw new CommandError(`the name ${checked.error.issues[0]!.message}`);
  await runCommand('resolve', ResolveCommandModule, async (app) => {
    const answer = await app.get(LookupService).lookup(name, 'full');
    process.stdout.write(JSON.stringify(answer, null, 2) + '\n');
    const { publication, outcomes } = await app.get(NameResolver).resolveMany([name], true);
    // On stderr, so the answer stays JSON for scripts.
    if (!publication) process.stderr.write(NO_CATALOG);
    const { explanation } = outcomes[0]!;
    if (options.explain && explanation) process.stdout.write('\n' + formatExplanation(explanation));
  });
}
