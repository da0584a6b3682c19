import { describe, expect, test } from "bun:test";
import { routeCommand } from "../../src/core/route.ts";
import { distillWith } from "../helpers/distill.ts";
import { loadFixtures } from "../helpers/fixtures.ts";
import { runFixture } from "../helpers/pipeline-run.ts";

const fixtures = loadFixtures("database");
const text = (name: string) => fixtures.find((f) => f.name === name)!.text;

describe("database distiller", () => {
  test("samples a 180-row psql result: header, first 10 rows, a count of the rest, psql's footer", () => {
    const lines = distillWith("database", text("psql_select_orders"))!.split("\n");
    const raw = text("psql_select_orders").split("\n");
    expect(lines.slice(0, 12)).toEqual(raw.slice(0, 12));
    expect(lines[12]).toBe("... [170 more rows]");
    expect(lines[13]).toBe("(180 rows)");
  });

  test("samples a sqlite3 -column result that has no footer", () => {
    const out = distillWith("database", text("sqlite3_select_events"))!;
    expect(out.split("\n").slice(-2)).toEqual(["... [140 more rows]", ""]);
  });

  test("samples a mysql box table and keeps its closing border", () => {
    const lines = distillWith("database", text("mysql_table_products"))!.split("\n");
    const raw = text("mysql_table_products").split("\n");
    expect(lines.slice(0, 13)).toEqual(raw.slice(0, 13));
    expect(lines.slice(13)).toEqual(["... [50 more rows]", raw[63]!, ""]);
  });

  test("hands errors back whole, LINE and caret included", () => {
    for (const name of ["psql_missing_relation", "psql_syntax_error", "psql_constraint_violation", "sqlite3_syntax_error"]) {
      expect(runFixture(fixtures.find((f) => f.name === name)!).delivered).toBe(text(name));
    }
  });

  const orders = text("psql_select_orders");
  const declines: Array<[string, string]> = [
    ["a psql error", text("psql_missing_relation")],
    ["a large result followed by an error", text("psql_table_then_error")],
    ["a psql connection error", text("upstream_psql_error")],
    ["an sqlite3 error", text("sqlite3_no_such_table")],
    ["a mysql error", text("mysql_unknown_table")],
    ["sqlite3 schema text", text("sqlite3_schema")],
    ["SQL schema with comments and inserts", text("upstream_sql_create")],
    ["a psql table description", text("psql_describe_table")],
    ["a result of 4 rows", text("psql_small_count")],
    ["a small mysql-style box", text("upstream_sql_query")],
    ["headerless sqlite3 list output", text("sqlite3_default_list")],
    ["a result whose rows disagree with psql's own row count", orders.replace(/^ {2}42 \|.*\n/m, "")],
  ];
  test.each(declines)("declines %s", (_name, input) => {
    expect(distillWith("database", input)).toBeNull();
  });

  test("derives the disagreeing result by removing exactly one row", () => {
    expect(orders.replace(/^ {2}42 \|.*\n/m, "").split("\n").length).toBe(orders.split("\n").length - 1);
  });

  test.each(["psql -c 'select 1'", "sqlite3 app.db .schema", "mysql -e 'select 1'"])("routes `%s` to database", (command) => {
    expect(routeCommand(command).distiller).toBe("database");
  });
});
