import type { Criterion } from '../../src/taxonomy/taxonomy.js';
import { VARIANT_EFFECT, type CategorySpec } from './category-spec.js';
import { clamp, type Family, type Member } from './family.js';
import { aliasesOf } from './names.js';
import { Rng, hash } from './prng.js';
import {
  CRITERIA_PER_REVIEW,
  RETAILERS,
  SOURCES,
  SUMMARY_BANDS,
  criterionLabel,
  type RetailerSpec,
  type SourceSpec,
} from './sources.js';

// One catalog line for a listed member, written straight as JSON text: building a million
// objects with varying criteria keys and stringifying them costs more than the rest of the
// generation. Reviews scatter around the member's quality (per source bias, per criterion
// family offsets), offers around its price. Keys follow the order of catalog-format.md.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REVIEWS_FROM = Date.UTC(2023, 5, 1);
const REVIEWS_UNTIL = Date.UTC(2026, 9, 31);
const PRICES_FROM = Date.UTC(2026, 8, 1);
/** Weights of 1..5 reviews and of 0..4 offers per product. */
const REVIEW_COUNTS = [34, 28, 18, 12, 8];
const OFFER_COUNTS = [12, 30, 30, 18, 10];
const PRICE_ENDINGS = [0.99, 0, 0.95];

export function productJson(family: Family, member: Member): string {
  const rng = new Rng(hash(family.key, member.slot, 0xbd));
  const spec = family.spec;
  const genIndex = Math.max(0, spec.generations.indexOf(member.generation));
  const effect = VARIANT_EFFECT[member.variant] ?? { price: 1, quality: 0 };
  const quality = clamp(family.quality + effect.quality + 2 * genIndex + rng.noise(4), 5, 98);

  let out = `{"id":"${member.id}","name":${quote(member.name)},"brand":${quote(family.brand.name)},"category":"${spec.name}"`;
  if (rng.chance(0.35)) {
    const aliases = aliasesOf(family.brand.name, family.code, member, rng.int(3));
    out += `,"aliases":[${aliases.map(quote).join(',')}]`;
  }
  const sizeIndex = Math.max(0, spec.sizes.indexOf(member.size));
  const price =
    family.basePrice * effect.price * (1 + spec.sizeStep * sizeIndex) * (1 + 0.05 * genIndex);
  const reviewed = { spec, offsets: family.offsets, id: member.id, quality, genIndex, price };
  return out + reviewsAndOffersJson(rng, reviewed) + '}';
}

/** What reviews and offers of a product scatter around. */
export interface Reviewed {
  readonly spec: CategorySpec;
  /** Per criterion of spec.criteria: how far its ratings sit from a review's score. */
  readonly offsets: readonly number[];
  readonly id: string;
  readonly quality: number;
  readonly genIndex: number;
  readonly price: number;
}

/** `,"reviews":[...]` and, for most products, `,"offers":[...]`. */
export function reviewsAndOffersJson(rng: Rng, product: Reviewed): string {
  const sources = rng.sample(SOURCES.length, 1 + rng.weighted(REVIEW_COUNTS));
  let out = ',"reviews":[';
  for (let i = 0; i < sources.length; i++) {
    const source = SOURCES[sources[i] as number] as SourceSpec;
    out += (i ? ',' : '') + review(rng, product, source);
  }
  out += ']';
  const offerCount = rng.weighted(OFFER_COUNTS);
  if (offerCount > 0) {
    const retailers = rng.sample(RETAILERS.length, offerCount);
    out += ',"offers":[';
    for (let i = 0; i < retailers.length; i++) {
      out +=
        (i ? ',' : '') +
        offer(rng, RETAILERS[retailers[i] as number] as RetailerSpec, product.price);
    }
    out += ']';
  }
  return out;
}

function review(rng: Rng, product: Reviewed, source: SourceSpec): string {
  const { spec, offsets, quality, genIndex } = product;
  const spread = source.type === 'user_reviews' || source.type === 'community' ? 10 : 6;
  const score = Math.round(clamp(quality + source.bias + rng.noise(spread), 0, 100));
  const [fewest, most] = CRITERIA_PER_REVIEW[source.type];
  const keys = spec.criteria;
  let criteria = '';
  let best = 0;
  let worst = 0;
  let high = -1;
  let low = 101;
  for (const k of rng.sample(keys.length, rng.between(fewest, most))) {
    const offset = offsets[k] ?? 0;
    const rating = Math.round(clamp(score + offset + rng.noise(8), 0, 100));
    criteria += `${criteria ? ',' : ''}"${keys[k]}":${rating}`;
    if (rating > high) {
      high = rating;
      best = k;
    }
    if (rating < low || worst === best) {
      low = rating;
      worst = k;
    }
  }
  const output = spec.output;
  const band = SUMMARY_BANDS.find((b) => score >= b.min) ?? SUMMARY_BANDS[0];
  const summary = rng.pick(band?.templates ?? [])(
    criterionLabel(keys[best] as Criterion, output),
    criterionLabel(keys[worst] as Criterion, output),
  );
  const from = REVIEWS_FROM + genIndex * 250 * DAY;
  const at = Math.min(REVIEWS_UNTIL, from + rng.int(600) * DAY + rng.int(24) * HOUR);
  const url = rng.chance(0.45) ? `,"url":"https://${source.domain}/reviews/${product.id}"` : '';
  return (
    `{"source":${source.json},"source_type":"${source.type}","score":${score},` +
    `"summary":"${summary}"${url},"reviewed_at":"${iso(at)}","criteria":{${criteria}}}`
  );
}

function offer(rng: Rng, retailer: RetailerSpec, price: number): string {
  const raw = price * (0.93 + 0.14 * rng.next());
  const amount = Math.max(
    0.99,
    Math.round((Math.floor(raw) + rng.pick(PRICE_ENDINGS)) * 100) / 100,
  );
  const at = PRICES_FROM + rng.int(75) * DAY + rng.int(86_400) * 1000;
  const url = `https://${retailer.domain}/p/${10_000_000 + rng.int(90_000_000)}`;
  return `{"retailer_name":${retailer.json},"price":${amount},"price_as_of":"${iso(at)}","url":"${url}"}`;
}

/** Whether JSON needs escapes in text: quotes, backslashes, control characters, surrogates. */
function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}

/**
 * A JSON string literal; JSON.stringify only for the rare text that needs escaping. Summaries,
 * ids, urls and dates are written unquoted: they are made of plain words (a unit test parses
 * every line).
 */
export function quote(text: string): string {
  return needsEscape(text) ? JSON.stringify(text) : `"${text}"`;
}

const PAD = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const dates = new Map<number, string>();

/** ISO 8601 in UTC, whole seconds, Z suffix (Date#toISOString is slow at a million rows). */
function iso(ms: number): string {
  const day = Math.floor(ms / DAY);
  let date = dates.get(day);
  if (date === undefined) {
    date = new Date(day * DAY).toISOString().slice(0, 11);
    dates.set(day, date);
  }
  const seconds = Math.floor((ms - day * DAY) / 1000);
  const h = PAD[Math.floor(seconds / 3600)] as string;
  const m = PAD[Math.floor(seconds / 60) % 60] as string;
  return `${date}${h}:${m}:${PAD[seconds % 60]}Z`;
}
