import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { z } from 'zod';

// A zod schema's check compiled by ajv: whether zod would accept a value and return it
// unchanged, without running zod's machinery on every value. The JSON Schema zod writes is
// trusted only where it says exactly what zod checks: lengths in code points (a surrogate pair
// once, a lone surrogate once: zod 4's count and ajv's), zod's own regular expressions with
// their own flags, bounds, enums, closed objects. A string zod checks in a way a JSON Schema cannot state (a URL, which
// zod also trims; an ISO date; a refinement) is given to its zod schema, and passes only when
// zod returns it unchanged. A refinement of the root is the caller's to check. Any other
// construct (a transform, a default, a union, an unknown check) stops the build: it must be
// thought about first.

type Node = z.core.$ZodTypes;

/** The checks a JSON Schema states exactly, by the kind of value they check. */
const STATED: Record<string, ReadonlySet<string>> = {
  string: new Set(['min_length', 'max_length', 'length_equals', 'regex']),
  number: new Set(['greater_than', 'less_than']),
  array: new Set(['min_length', 'max_length', 'length_equals']),
};
const STRUCTURAL = new Set(['object', 'record', 'enum', 'optional']);

const checkKind = (check: z.core.$ZodCheck): string => {
  const def = check._zod.def as { check: string; format?: string };
  return def.check === 'string_format' ? (def.format ?? '') : def.check;
};

/** The JSON Schema ajv compiles, the zod schemas of its `zod-N` formats, zod's regexps. */
function exactSchema(schema: z.core.$ZodType) {
  const checkedByZod: Node[] = [];
  const regexps = new Map<string, RegExp>();
  const rootRefinements = new Set(schema._zod.def.checks);
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    // Called for each schema of a chain (z.url(), .max(), .describe()); the last one is used.
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def;
      const checks = def.checks ?? [];
      const stated = STATED[def.type];
      const exact =
        (stated !== undefined || STRUCTURAL.has(def.type)) &&
        !('format' in def && def.format !== undefined) &&
        !('coerce' in def && def.coerce) &&
        checks.every((c) => stated?.has(checkKind(c)) ?? rootRefinements.has(c));
      if (exact) {
        for (const check of checks) {
          const pattern = (check._zod.def as { pattern?: RegExp }).pattern;
          if (!pattern) continue;
          if (regexps.has(pattern.source) && regexps.get(pattern.source)!.flags !== pattern.flags)
            throw new Error(`as-is check: /${pattern.source}/ with two sets of flags`);
          regexps.set(pattern.source, pattern);
        }
        return;
      }
      if (def.type !== 'string') throw new Error(`as-is check: a ${def.type} it cannot check`);
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, { type: 'string', format: `zod-${checkedByZod.length}` });
      checkedByZod.push(zodSchema);
    },
  });
  return { jsonSchema, checkedByZod, regexps };
}

/** Every `pattern` of a JSON Schema. */
function* patternsOf(schema: unknown): Generator<string> {
  if (typeof schema !== 'object' || schema === null) return;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'pattern' && typeof value === 'string') yield value;
    else yield* patternsOf(value);
  }
}

/**
 * Whether `schema` accepts a value and returns it unchanged, the refinements of its root aside.
 * A value that fails may still be one zod accepts (and changes): parse it with zod then.
 */
export function asIsCheck(schema: z.core.$ZodType): ValidateFunction {
  const { jsonSchema, checkedByZod, regexps } = exactSchema(schema);
  for (const source of patternsOf(jsonSchema)) {
    if (!regexps.has(source) || /[gy]/.test(regexps.get(source)!.flags))
      throw new Error(`as-is check: a pattern it cannot test as zod does: ${source}`);
  }
  // The schema's patterns are zod's, with zod's flags; ajv's own (its meta-schema's) stay as
  // they are.
  const regExp = (source: string, u: string) => new RegExp(source, regexps.get(source)?.flags ?? u);
  regExp.code = 'new RegExp';
  // Strict: anything ajv would warn about stops it.
  const ajv = new Ajv2020({ strict: true, strictNumbers: true, code: { regExp } });
  checkedByZod.forEach((zodSchema, i) =>
    ajv.addFormat(`zod-${i}`, {
      type: 'string',
      validate: (value: string) => {
        const parsed = z.safeParse(zodSchema, value);
        return parsed.success && parsed.data === value;
      },
    }),
  );
  return ajv.compile(jsonSchema);
}
