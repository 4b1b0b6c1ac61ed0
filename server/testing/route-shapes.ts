import { guardedRoutes } from '../routes/route-contract.js';
import type { Harness } from './harness.js';

/** `GET /projects/{}/wells`: a route with its parameters' names left out, as tables compare them. */
export function routeShape(method: string, path: string): string {
  const bare = path.replace(/^\/api\/v1/, '').replace(/\{[^}]*\}|:[A-Za-z]+/g, '{}');
  return `${method} ${bare}`;
}

/** The shapes of every private API route the harness's app registered (route-contract.ts). */
export function appRouteShapes(h: Harness): string[] {
  return guardedRoutes(h.app).map((route) => routeShape(route.method, route.url));
}
