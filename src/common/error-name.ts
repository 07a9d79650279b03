/**
 * What failed, for a log line: the error's class, never its message, which may quote SQL,
 * connection details or what a client sent.
 */
export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
