import type { z } from 'zod';

export interface IssueField {
  /** "reviews[0].source_type"; absent when the issue concerns the whole value. */
  field?: string;
  message: string;
  /** The field is one the schema does not know. */
  unknownKey: boolean;
}

/** "reviews[0].source_type" from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : (i > 0 ? '.' : '') + String(key)))
    .join('');
}

/** Each zod issue as the field it concerns; an unknown key is named itself, not its object. */
export function issueFields(error: z.ZodError): IssueField[] {
  return error.issues.map((issue) => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const path = keys.length === 1 ? [...issue.path, keys[0] as string] : issue.path;
    return {
      ...(path.length > 0 && { field: fieldPath(path) }),
      message: issue.message,
      unknownKey: issue.code === 'unrecognized_keys',
    };
  });
}
