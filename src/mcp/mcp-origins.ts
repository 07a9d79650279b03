// DNS rebinding protection for the MCP endpoint (the MCP transport specification: servers
// MUST validate Origin). A web page on an attacker's domain that resolves to this server would
// send its own Origin and Host; both must name an allowed origin. Requests without an Origin
// (server code, agents, curl) are checked by Host alone. Loopback names stand for one another:
// a service whose allowed origin is http://localhost:8080 also answers http://127.0.0.1:8080.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

export interface OriginPolicy {
  /** Host names requests may carry (without port). */
  readonly hosts: ReadonlySet<string>;
  /** Origins (scheme, host and port) pages may call from. */
  readonly origins: ReadonlySet<string>;
  /** Any loopback origin, at any port, is allowed. */
  readonly loopback: boolean;
}

export function originPolicy(allowedOrigins: readonly string[]): OriginPolicy {
  const urls = allowedOrigins.map((origin) => new URL(origin));
  const loopback = urls.some((url) => LOOPBACK.has(url.hostname));
  const hosts = new Set(urls.map((url) => url.hostname));
  if (loopback) for (const name of LOOPBACK) hosts.add(name);
  return { hosts, origins: new Set(urls.map((url) => url.origin)), loopback };
}

/** The host name of a Host header ("example.com:8080", "[::1]:3000"), lower-cased. */
function hostName(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/** Why a request is refused (its Host or Origin is not allowed), or undefined. */
export function foreignRequest(
  policy: OriginPolicy,
  host: string | undefined,
  origin: string | undefined,
): string | undefined {
  const name = host === undefined ? undefined : hostName(host);
  if (name === undefined || !policy.hosts.has(name))
    return `The Host header (${host ?? 'none'}) is not one this service answers MCP for.`;
  if (origin === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(origin);
  } catch {
    url = undefined;
  }
  const allowed =
    url !== undefined &&
    (policy.origins.has(url.origin) || (policy.loopback && LOOPBACK.has(url.hostname)));
  return allowed ? undefined : `Pages from ${origin} may not call this MCP endpoint.`;
}
