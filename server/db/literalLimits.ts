import { SqliteQueryCompiler, ValueNode, type Dialect, type LimitNode } from 'kysely';

/**
 * SQLite dialect whose LIMITs are written into the SQL as numbers, not bound as parameters. SQLite
 * (3.53 here) re-prepares a statement before each run when its LIMIT is a bound parameter (the
 * planner takes the bound limit into account, and any new binding of it expires the statement),
 * so such a statement was parsed and planned on every run even from the statement cache
 * (statementCache.ts): a chat's capped unread count cost 10 us instead of 2.7. A literal limit is
 * planned once. A template's stand-in (queryTemplate.ts) is not a number and stays a parameter.
 * Limits come from the code or from a request's bounded page size, so the texts stay few.
 */
export function withLiteralLimits(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => dialect.createDriver(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => new LiteralLimitCompiler(),
  };
}

const isLiteralLimit = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    if (ValueNode.is(node.limit) && isLiteralLimit(node.limit.value)) {
      this.append('limit ');
      this.append(String(node.limit.value));
      return;
    }
    super.visitLimit(node);
  }
}
