import type { FastifyInstance } from 'fastify';

/** One registered route: what the authorization tests compare against their tables. */
export interface RouteEntry {
  method: string;
  url: string;
  /** Reachable by a banned member (`config: { allowBanned: true }`). */
  allowBanned: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (HEAD twins left out), in registration order. */
    routeTable: RouteEntry[];
  }
}

/** Records every route registered after this call; call it before any route. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url ?? route.path, allowBanned: Boolean(route.config?.allowBanned) });
    }
  });
}
