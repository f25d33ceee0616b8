/**
 * One path, declared once as a Fastify pattern: calling it builds the client's URL, `.route`
 * is what the server registers. Parameters are given in the pattern's order.
 */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...PathParams<Rest>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

type Positional<T extends string[]> = { [K in keyof T]: string | number };
type Args<P extends string> = Positional<PathParams<P>>;

/** The query values a path may take; undefined and '' are left out of the URL. */
export type QueryValues = Record<string, string | number | boolean | undefined>;

export interface Path<P extends string, A extends unknown[]> {
  (...args: A): string;
  readonly route: P;
}

export interface PathWithQuery<P extends string> extends Path<P, Args<P>> {
  /** The same path taking a query as its last argument. */
  query<Q extends QueryValues>(): Path<P, [...Args<P>, Q?]>;
}

/** A path with the query parameters that are set, in the order the query names them. */
export function withQuery(url: string, query: QueryValues = {}): string {
  // encodeURIComponent, not URLSearchParams: a space is %20 in every URL the client builds.
  const text = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return text ? `${url}?${text}` : url;
}

export function path<const P extends string>(pattern: P): PathWithQuery<P> {
  const segments = pattern.split('/');
  const count = segments.filter((segment) => segment.startsWith(':')).length;
  const fill = (args: readonly unknown[]) => {
    let next = 0;
    return segments.map((segment) => (segment.startsWith(':') ? encodeURIComponent(String(args[next++])) : segment)).join('/');
  };
  const build = (...args: Args<P>) => fill(args);
  const query = <Q extends QueryValues>() =>
    Object.assign((...args: [...Args<P>, Q?]) => withQuery(fill(args), args[count] as Q | undefined), { route: pattern });
  return Object.assign(build, { route: pattern, query });
}
