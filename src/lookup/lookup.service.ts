import { Injectable, Logger, Optional } from '@nestjs/common';
import { sentAgain } from '../common/written-json.js';
import { AppConfig } from '../config/app-config.js';
import { logLevels } from '../config/log-levels.js';
import { AskedNames } from '../curation/asked-names.js';
import { Metrics } from '../metrics/metrics.service.js';
import { nameKey } from '../names/name-normaliser.js';
import { gtinOfQuery } from '../names/gtin.js';
import type { Publication } from '../publication/publication.sql.js';
import type { LookupResult } from '../synthesis/product-intelligence.schema.js';
import { PurchaseLinks } from '../synthesis/purchase-links.js';
import type { Channel } from '../usage/usage.repository.js';
import { resolutionOf } from '../synthesis/synthesize.js';
import { AnswerRepository, type StoredAnswer } from './answer.repository.js';
import { Assessments } from './assessments.js';
import { foundBody, signedFor } from './found-answer.js';
import {
  answerBytes,
  LookupCache,
  type CachedAnswer,
  type CachedAssessment,
} from './lookup-cache.js';
import type { Detail } from './lookup-request.schema.js';
import { NameResolver } from './name-resolver.service.js';
import { NEVER_PUBLISHED, PublishedCatalog } from './published-catalog.js';
import { exactNameOutcome, type ResolutionOutcome } from './resolution-outcome.js';

/** A name's answer being computed, as the answer cache keys it. */
const pendingKey = (publication: number, detail: Detail, name: string) =>
  `${publication}\u0000${detail}\u0000${name}`;

/** Names resolved, with the stored answers an exact name's probe read on the way. */
interface Resolved {
  publication: Publication;
  outcomes: ResolutionOutcome[];
  stored: Map<string, StoredAnswer>;
  consistent: boolean;
}

/**
 * Both lookups: a name that is exactly one product's is that product and its stored answer,
 * in one statement for all of a batch's names; the other names are resolved together, and
 * the products they resolve to assessed (stored answers, read in one more statement).
 */
@Injectable()
export class LookupService {
  /** Every answer's resolution, candidates and decision, at debug level (for admins). */
  private readonly logger = new Logger('Resolution');
  /**
   * Whether names are resolved with their explanations: only where debug lines show them, as
   * an explanation is most of what resolving a name sends back from the resolver thread and
   * of what an answer keeps in the cache (bench/RESULTS.md).
   */
  private readonly explain: boolean;
  /** Each cached answer as the last key that asked it got it (forKey). */
  private readonly signed = new WeakMap<CachedAnswer, { keyId: string; body: LookupResult }>();
  /**
   * The answers being computed now (pendingKey): the same name asked again before its answer
   * is known waits for it, so that many clients asking a new name at once resolve it once.
   */
  private readonly pending = new Map<string, Promise<CachedAnswer>>();

  constructor(
    private readonly resolver: NameResolver,
    private readonly answers: AnswerRepository,
    private readonly assessments: Assessments,
    private readonly links: PurchaseLinks,
    private readonly catalog: PublishedCatalog,
    private readonly cache: LookupCache,
    private readonly asked: AskedNames,
    config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.explain = logLevels(config.logging.level).includes('debug');
  }

  /**
   * A client's lookup (`via` the transport it came by, whose refusals are recorded for review),
   * or an admin's (no `via`: nothing recorded).
   */
  async lookup(name: string, detail: Detail, keyId?: string, via?: Channel): Promise<LookupResult> {
    return (await this.answer([name], detail, keyId, via))[0]!;
  }

  /** The names of a batch, resolved together; results in request order. */
  async lookupMany(names: string[], keyId?: string, via?: Channel): Promise<LookupResult[]> {
    return await this.answer(names, 'full', keyId, via);
  }

  /**
   * Cached answers where there are; the other names resolved together, and the products they
   * resolve to assessed once per publication. Everything an answer says comes from the
   * publication its candidates were read from, and is cached under it.
   */
  private async answer(
    names: string[],
    detail: Detail,
    keyId?: string,
    via?: Channel,
  ): Promise<LookupResult[]> {
    const current = this.catalog.current.id;
    const answers = new Map<string, CachedAnswer>();
    for (const name of names) {
      const cached = this.cache.get(current, detail, name);
      this.metrics?.cacheLookup('answers', cached !== undefined);
      if (cached) answers.set(name, cached);
    }
    // A name another lookup is answering now is waited for, not answered again.
    const waited = new Map<string, Promise<CachedAnswer>>();
    const missing: string[] = [];
    for (const name of new Set(names.filter((name) => !answers.has(name)))) {
      const pending = this.pending.get(pendingKey(current, detail, name));
      if (pending) waited.set(name, pending);
      else missing.push(name);
    }
    if (missing.length > 0)
      for (const [name, answer] of await this.answerPending(current, missing, detail))
        answers.set(name, answer);
    for (const [name, pending] of waited) answers.set(name, await pending);
    return names.map((name) => {
      const answer = answers.get(name)!;
      // An object: the logger serializes it only when debug lines are written.
      if (answer.explanation) this.logger.debug(answer.explanation);
      const { refused } = answer;
      if (refused && via) this.asked.record(name, via, refused.suggestion, refused.publicationId);
      return this.forKey(answer, keyId);
    });
  }

  /** answerMissing, with each name's answer pending for other lookups until it is known. */
  private async answerPending(
    current: number,
    names: string[],
    detail: Detail,
  ): Promise<Map<string, CachedAnswer>> {
    const work = this.answerMissing(names, detail);
    const keys = names.map((name) => pendingKey(current, detail, name));
    for (const [i, key] of keys.entries()) {
      const answer = work.then((answers) => answers.get(names[i]!)!);
      answer.catch(() => undefined); // the lookups that wait for it report its failure
      this.pending.set(key, answer);
    }
    try {
      return await work;
    } finally {
      for (const key of keys) this.pending.delete(key);
    }
  }

  /** The names' answers, resolved together; each cached under its publication. */
  private async answerMissing(names: string[], detail: Detail): Promise<Map<string, CachedAnswer>> {
    const resolved = await this.resolve(names);
    const { publication, outcomes } = resolved;
    const assessments = new Map<string, CachedAssessment>();
    for (const [id, answer] of resolved.stored)
      assessments.set(
        id,
        this.assessments.fromStored(publication, id, answer, resolved.consistent),
      );
    const unread = outcomes.flatMap((o) =>
      o.productId && !assessments.has(o.productId) ? [o.productId] : [],
    );
    let consistent = resolved.consistent;
    if (unread.length > 0) {
      const read = await this.assessments.of(publication, unread);
      for (const [id, assessment] of read.assessments) assessments.set(id, assessment);
      consistent &&= read.consistent;
    }
    const answers = new Map<string, CachedAnswer>();
    for (const [i, name] of names.entries()) {
      const outcome = outcomes[i]!;
      const assessment = outcome.productId ? assessments.get(outcome.productId) : undefined;
      const answer = this.compose(outcome, assessment, publication, detail);
      if (consistent) this.cache.set(publication.id, detail, name, answer);
      answers.set(name, answer);
    }
    return answers;
  }

  /**
   * The names' outcomes: those that are exactly one product's name by one probe of their keys
   * (a barcode is read as one first; a name whose key the candidate index lacks is not probed),
   * the others by the resolver. A catalog published between the probe and the resolver's reads:
   * the resolver answers every name, from the newer one. One published before the resolver read
   * the names left unprobed: their keys are asked again of the newer one.
   */
  private async resolve(names: readonly string[], again = true): Promise<Resolved> {
    const keys = new Map<string, string>();
    const indexed = this.resolver.indexedPublication();
    let unprobed = false;
    for (const name of names) {
      if (gtinOfQuery(name) !== undefined) continue;
      const key = nameKey(name);
      if (this.resolver.mayBeExact(key)) keys.set(name, key);
      else unprobed = true;
    }
    const probed = [...keys.keys()];
    const exact =
      probed.length > 0
        ? await this.answers.findExact([...keys.values()], this.assessments.synthesisKey)
        : undefined;
    const hits = new Map(probed.map((name, i) => [name, exact!.hits[i]]));
    const rest = names.filter((name) => !hits.get(name));
    const resolved =
      rest.length > 0 ? await this.resolver.resolveMany(rest, this.explain) : undefined;
    const skippedStale = unprobed && resolved?.publication?.id !== indexed;
    if (again && skippedStale) return await this.resolve(names, false);
    if ((resolved && exact && resolved.publication?.id !== exact.publication?.id) || skippedStale) {
      const fresh = await this.resolver.resolveManyFromDatabase(names, this.explain);
      const publication = fresh.publication ?? NEVER_PUBLISHED;
      return { publication, outcomes: fresh.outcomes, stored: new Map(), consistent: false };
    }
    const publication = (resolved ?? exact)?.publication ?? NEVER_PUBLISHED;
    const stored = new Map<string, StoredAnswer>();
    let next = 0;
    const outcomes = names.map((name) => {
      const hit = hits.get(name);
      if (!hit) return resolved!.outcomes[next++]!;
      if (hit.stored) stored.set(hit.productId, hit.stored);
      return exactNameOutcome(name, hit);
    });
    return { publication, outcomes, stored, consistent: true };
  }

  private compose(
    outcome: ResolutionOutcome,
    assessment: CachedAssessment | undefined,
    publication: Publication,
    detail: Detail,
  ): CachedAnswer {
    const { explanation, candidates } = outcome;
    const other_matches = outcome.candidates.map((c) => ({ name: c.name, match_score: c.score }));
    if (!assessment) {
      const as_of = publication.publishedAt.toISOString();
      const bytes = answerBytes(0, candidates, explanation);
      const body = sentAgain({ found: false as const, other_matches, as_of });
      const [best] = outcome.candidates;
      const refused = { ...(best && { suggestion: best }), publicationId: publication.id };
      return { body, offerIds: [], ...(explanation && { explanation }), bytes, refused };
    }
    const resolution = resolutionOf({ confidence: outcome.confidence, other_matches });
    // Cached, each body is sent again unchanged: its JSON is written once (written-json.ts).
    return {
      body: sentAgain(foundBody(assessment, resolution, detail)),
      offerIds: assessment.offerIds,
      ...(explanation && { explanation }),
      bytes: answerBytes(assessment.bytes, candidates, explanation),
    };
  }

  /**
   * The answer with its purchase links signed for the key that asked; kept for the last key
   * that asked each cached answer, which asks again (a popular product, one integration).
   */
  private forKey(answer: CachedAnswer, keyId?: string): LookupResult {
    const { body, offerIds } = answer;
    if (!body.found || !keyId || offerIds.length === 0) return body;
    const last = this.signed.get(answer);
    if (last?.keyId === keyId) return last.body;
    const signed = signedFor(body, offerIds, this.links, keyId);
    this.signed.set(answer, { keyId, body: sentAgain(signed) });
    return signed;
  }
}
