import { type Kysely } from "kysely";
import { createdAt, entityTable, notNull } from "../columns";

// The keyword generator's saved lists: a name, the inputs the list was generated from (seeds,
// landing-page text, language, negatives: the list can be generated again), and its keywords in
// order with their ad-group theme and how each was made. A list belongs to a client account (and
// goes with it); its figures are looked up when shown or exported, never stored.
export async function up(db: Kysely<any>): Promise<void> {
  await entityTable(db, "ad_keyword_lists")
    .addColumn("client_account_id", "text", (col) => col.notNull().references("ad_client_accounts.id").onDelete("cascade"))
    .addColumn("created_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("name", "text", notNull)
    .addColumn("language", "text", notNull)
    .addColumn("seeds", "text", notNull)
    .addColumn("landing_page", "text")
    .addColumn("negatives", "text")
    .addColumn("keyword_count", "integer", notNull)
    .$call(createdAt)
    .execute();
  await db.schema.createIndex("ad_keyword_lists_client").on("ad_keyword_lists").columns(["client_account_id", "created_at"]).execute();
  await db.schema
    .createTable("ad_keyword_list_items")
    .addColumn("list_id", "text", (col) => col.notNull().references("ad_keyword_lists.id").onDelete("cascade"))
    .addColumn("position", "integer", notNull)
    .addColumn("keyword", "text", notNull)
    // The ad-group theme's name (the Editor file's ad group).
    .addColumn("theme", "text", notNull)
    .addColumn("kind", "text", notNull)
    .addPrimaryKeyConstraint("ad_keyword_list_items_pk", ["list_id", "position"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ad_keyword_list_items").execute();
  await db.schema.dropTable("ad_keyword_lists").execute();
}
