/** Counts the SQL statements sent through the Kysely instances it is added to (`db.withPlugin(counter)`), keeping each one's SQL, shortened. */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import type { Db } from "~/db/db.server";

export class StatementCounter implements KyselyPlugin {
  statements: string[] = [];
  constructor(private readonly db: Db) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const { sql } = this.db.getExecutor().compileQuery(args.node, args.queryId);
    this.statements.push(sql.replace(/\s+/g, " ").slice(0, 140));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
