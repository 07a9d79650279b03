// How product names, ids and aliases are written.

import { compactName, normaliseName } from '../../src/names/name-normaliser.js';

export interface MemberAttributes {
  /** Variant word, '' for the base model. */
  readonly variant: string;
  /** Generation label, '' for none. */
  readonly generation: string;
  /** Size, '' for none. */
  readonly size: string;
  /** Colour, '' for none. */
  readonly colour: string;
}

const NON_ASCII = /[\u0080-\uffff]/;

function stripAccents(text: string): string {
  return NON_ASCII.test(text) ? text.normalize('NFD').replace(/\p{M}/gu, '') : text;
}

/** Lower-case a-z0-9 words joined by '-': the catalog id of a name. */
export function slugify(name: string): string {
  return stripAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The comparison key of a name as resolution sees it (case-, accent-, punctuation- and
 * spacing-insensitive): "WH-1000XM5", "wh 1000 xm5" and "WH1000XM5" give the same key.
 */
export function comparisonKey(name: string): string {
  return compactName(normaliseName(name));
}

/** The part of a name after the model number: " Pro Mk II 256GB Black (2025)". */
export function memberSuffix(member: MemberAttributes): string {
  const { variant, generation, size, colour } = member;
  const atEnd = generation.startsWith('(');
  let out = variant === '' ? '' : ' ' + variant;
  if (generation !== '' && !atEnd) out += ' ' + generation;
  if (size !== '') out += ' ' + size;
  if (colour !== '') out += ' ' + colour;
  if (atEnd) out += ' ' + generation;
  return out;
}

export function productName(brand: string, line: string, code: string, member: MemberAttributes) {
  return `${brand} ${line} ${code}${memberSuffix(member)}`;
}

const slugs = new Map<string, string>();

/** slugify for the few distinct words of a name (brands, lines, attribute values), cached. */
function wordSlug(word: string): string {
  let slug = slugs.get(word);
  if (slug === undefined) {
    slug = slugify(word);
    slugs.set(word, slug);
  }
  return slug;
}

/** The id of productName(...): slugify(name), built from cached parts (ids are made 1M times). */
export function productId(brand: string, line: string, codeSlug: string, m: MemberAttributes) {
  let id = `${wordSlug(brand)}-${wordSlug(line)}-${codeSlug}`;
  const atEnd = m.generation.startsWith('(');
  if (m.variant !== '') id += '-' + wordSlug(m.variant);
  if (m.generation !== '' && !atEnd) id += '-' + wordSlug(m.generation);
  if (m.size !== '') id += '-' + wordSlug(m.size);
  if (m.colour !== '') id += '-' + wordSlug(m.colour);
  if (atEnd) id += '-' + wordSlug(m.generation);
  return id;
}

/**
 * Other names of a product: "Brand Code ..." without the line, and the compact model number
 * ("XR480 Pro"). Both stay unique: model numbers are unique across the catalog.
 */
export function aliasesOf(brand: string, code: string, member: MemberAttributes, which: number) {
  const suffix = memberSuffix(member);
  const brandModel = `${brand} ${code}${suffix}`;
  const compact = code.replace(/[-\s]/g, '') + suffix;
  if (which === 0) return [brandModel];
  if (which === 1) return [compact];
  return [brandModel, compact];
}
