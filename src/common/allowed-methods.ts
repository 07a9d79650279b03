import type { Request } from 'express';

/** What is read of Express 5's router (the `router` package): its layers and their routes. */
interface RouterLayer {
  route?: { methods: Record<string, boolean | undefined> };
  match(path: string): unknown;
}

/**
 * The methods the routes at a request's path answer (`Allow`): a path that a route serves with
 * another method is there, and the answer is 405, not 404 (RFC 9110, 15.5.6). A route for
 * every method (`@All`) answers for itself.
 */
export function allowedMethods(req: Request): string[] {
  const router = (req.app as unknown as { router?: { stack?: RouterLayer[] } }).router;
  const methods = new Set<string>();
  for (const layer of router?.stack ?? []) {
    if (!layer.route || !layer.match(req.path)) continue;
    for (const [method, on] of Object.entries(layer.route.methods))
      if (on && method !== '_all') methods.add(method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}
