const UNITS: Record<string, number> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/** "45s", "90m", "12h", "30d", "2w" in milliseconds; undefined for anything else. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,7})([smhdw])$/.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1]) * UNITS[match[2]!]!;
  return value > 0 ? value : undefined;
}
