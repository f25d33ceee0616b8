import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';

/** Stands in for a value while a template is compiled; found again by identity among the parameters. */
class Slot {
  constructor(readonly name: string) {}
}

type Parameter<Values> = { slot: keyof Values } | { value: unknown };

/**
 * A query built and compiled once per shape, then run with new values.
 *
 * Kysely builds an operation tree and compiles it to SQL on every call; for the feed's page query
 * (visibility, viewer fields, keyset order) that cost a third as much as running it. Here `build`
 * is given stand-ins for the values (`Values`), its SQL is compiled once per `keyOf(shape)`, and each
 * later call only puts the real values where the stand-ins were. So `build` must decide its SQL
 * from the shape alone and use the values only as values (never in `if`s or arithmetic): anything
 * that changes the SQL text belongs in the shape. `compile` without the cache is kept for the tests
 * that hold both to the same SQL and parameters.
 */
export function queryTemplate<Shape, Values extends Record<string, unknown>, Row>(
  // Any database: the template only compiles what `build` makes of it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  keyOf: (shape: Shape) => string,
  build: (shape: Shape, values: Values) => Compilable<Row>,
  options: { size?: number } = {},
) {
  const size = options.size ?? 200;
  const compiled = new Map<string, { sql: string; parameters: Parameter<Values>[] }>();

  function template(shape: Shape) {
    const key = keyOf(shape);
    let found = compiled.get(key);
    if (!found) {
      const slots = new Map<string, Slot>();
      const stand = new Proxy({} as Values, {
        get: (_target, name) => {
          if (typeof name !== 'string') return undefined;
          let slot = slots.get(name);
          if (!slot) slots.set(name, (slot = new Slot(name)));
          return slot;
        },
      });
      const query = build(shape, stand).compile();
      found = {
        sql: query.sql,
        parameters: query.parameters.map((parameter) =>
          parameter instanceof Slot ? { slot: parameter.name as keyof Values } : { value: parameter },
        ),
      };
      if (compiled.size >= size) compiled.delete(compiled.keys().next().value!);
      compiled.set(key, found);
    }
    return found;
  }

  /** The SQL and parameters for these values, from the shape's compiled template. */
  function compile(shape: Shape, values: Values): CompiledQuery<Row> {
    const { sql, parameters } = template(shape);
    return CompiledQuery.raw(
      sql,
      parameters.map((parameter) => ('slot' in parameter ? values[parameter.slot] : parameter.value)),
    ) as CompiledQuery<Row>;
  }

  return {
    compile,
    /** The same query built and compiled the ordinary way (what the template must equal). */
    compileDirectly: (shape: Shape, values: Values): CompiledQuery<Row> => build(shape, values).compile(),
    execute: async (shape: Shape, values: Values): Promise<Row[]> => {
      const result: QueryResult<Row> = await db.executeQuery(compile(shape, values));
      return result.rows;
    },
  };
}
