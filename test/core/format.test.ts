import { describe, expect, test } from "bun:test";
import { sniffFormat } from "../../src/core/format.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

describe("sniffFormat", () => {
  test("refuses every structured fixture", () => {
    for (const fixture of loadFixtures("structured")) expect({ name: fixture.name, kind: sniffFormat(fixture.text) }).not.toEqual({ name: fixture.name, kind: null });
  });

  test("lets every tool-output fixture through", () => {
    // go test's all-pass package table is tab-separated rows: refusing it loses nothing.
    // `du` prints size<TAB>path rows: tab-separated columns, refused as TSV like go's tabbed package lines.
    const tabular = new Set(["upstream_go_test_pass", "du_sh_src"]);
    const refused = loadFixtures()
      .filter((fixture) => fixture.family !== "structured" && !tabular.has(fixture.name))
      .filter((fixture) => sniffFormat(fixture.text) !== null)
      .map((fixture) => `${fixture.family}/${fixture.name}: ${sniffFormat(fixture.text)}`);
    expect(refused).toEqual([]);
  });

  test.each([
    ['{"a": 1, "b": [1, 2]}', "json"],
    ['{"truncated": [1, 2', "json"],
    ['{"a":1}\n{"a":2}\n', "ndjson"],
    ["apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n", "yaml"],
    ["---\nanything", "yaml"],
    ["data:\n  config.hcl: |\n    storage \"file\" {\n      path = \"/vault\"\n    }\n  other: 1\n", "yaml"],
    ["a,b,c\n1,2,3\n4,5,6\n", "csv"],
    ["a\tb\n1\t2\n3\t4\n", "tsv"],
    [`${"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3ODkrLw".repeat(3)}==`, "base64"],
  ])("classifies %p as %s", (text, kind) => {
    expect(sniffFormat(text)).toBe(kind as never);
  });

  test.each([
    ["Compiling foo v1.0\nFinished dev [unoptimized] target(s) in 2.3s\n"],
    ["NAME     READY   STATUS\nweb-1    1/1     Running\ndb-0     1/1     Running\n"],
    ["error: could not compile `foo`\n"],
    ["On branch main\nnothing to commit, working tree clean\n"],
  ])("does not claim tool output %p", (text) => {
    expect(sniffFormat(text)).toBeNull();
  });
});
