import { describe, expect, test } from "bun:test";
import { sniffFormat } from "../../src/core/format.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

describe("sniffFormat", () => {
  test("refuses every structured fixture", () => {
    for (const fixture of loadFixtures("structured"))
      expect({ name: fixture.name, kind: sniffFormat(fixture.text) }).not.toEqual({ name: fixture.name, kind: null });
  });

  test("lets every tool-output fixture through", () => {
    // `du` prints size<TAB>path rows and `git shortlog -s` count<TAB>author rows: tab-separated
    // columns with a typed column, refused as TSV (the raw bytes go on, as for any table).
    // So does `find -printf "%s\t%p\n"`.
    const tabular = (command: string) =>
      /^du\s/.test(command) || /^git shortlog\b.*\s-\w*s/.test(command) || /^find\b.*-printf\b.*\\t/.test(command);
    const refused = loadFixtures()
      // Held-out fixtures are measured by the bench (structured or not), not listed here before their review.
      .filter((fixture) => fixture.family !== "structured" && !fixture.holdout && !tabular(fixture.command))
      .filter((fixture) => sniffFormat(fixture.text, fixture.tool === "Read" ? fixture.command : undefined) !== null)
      .map((fixture) => `${fixture.family}/${fixture.name}: ${sniffFormat(fixture.text)}`);
    expect(refused).toEqual([]);
  });

  test.each([
    ['{"a": 1, "b": [1, 2]}', "json"],
    ['{"truncated": [1, 2', "json"],
    ['{"a":1}\n{"a":2}\n', "ndjson"],
    ["apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n", "yaml"],
    ["---\nanything", "yaml"],
    ['data:\n  config.hcl: |\n    storage "file" {\n      path = "/vault"\n    }\n  other: 1\n', "yaml"],
    ["a,b,c\n1,2,3\n4,5,6\n", "csv"],
    ['"name","id"\r\n"ada","1"\r\n"bob","2"\r\n', "csv"],
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

  // Real outputs the sniff once took for data (captured by running tsc, grep, cal, tail and a Read).
  test.each([
    ["build/tsc_override_errors_rxjs", "csv"],
    ["search/grep_rn_commas_rxjs", "csv"],
    ["generic/cal_year", "base64"],
    ["readfile/tail_rgb_txt", "tsv"],
    ["readfile/read_c_header_regerrs", "tsv"],
  ])("takes %s for text, not %s", (name) => {
    const fixture = loadFixtures(name.split("/")[0]).find((f) => f.name === name.split("/")[1])!;
    expect(sniffFormat(fixture.text, fixture.tool === "Read" ? fixture.command : undefined)).toBeNull();
  });

  test("never takes a Read of a source or text file for CSV, TSV or base64, whatever its lines; data files stay data", () => {
    const structured = loadFixtures("structured");
    const tables = structured.filter((fixture) => ["csv", "tsv"].includes(sniffFormat(fixture.text) ?? ""));
    expect(tables.length).toBeGreaterThanOrEqual(3);
    const blob = `${"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3ODkrLw".repeat(3)}==`;
    for (const text of [...tables.map((fixture) => fixture.text), blob]) {
      for (const path of ["src/values.ts", "lib/regerrs.h", "README.md", "notes.txt", "Makefile"])
        expect({ path, kind: sniffFormat(text, path) }).toEqual({ path, kind: null });
      expect(sniffFormat(text, "export/history.csv")).not.toBeNull();
    }
    for (const fixture of structured.filter((f) => ["json", "yaml"].includes(sniffFormat(f.text) ?? "")))
      expect(sniffFormat(fixture.text, "src/config.ts")).toBe(sniffFormat(fixture.text));
  });

  test.each([
    ['name,comment\nalice,"says ""hi"""\nbob,"multi\nline"\ncarol,plain\n', "csv"],
    // A bare quote inside a field, or text after a closing quote, is not CSV.
    ['call(a, "b")\ncall(c, "d")\ncall(e, "f")\n', null],
    ['a,b\n"x"y,1\n"z",2\n', null],
    // Rows with fewer fields than the first, or no header and no typed column.
    ["id,name,role\n1,alice\n2,bob,dev\n", null],
    ["  foo(a, b)\n  bar(c, d)\n  baz(e, f)\n", null],
    // No header, but a column of numbers, dates or ids in every row: a program's table.
    ["412\tRetry webhooks\tOPEN\n409\tFix pagination\tOPEN\n406\tBump lodash\tDRAFT\n", "tsv"],
    // A quote opened and never closed breaks the rules, however much follows.
    ['id,note\n1,"open\n2,shut\n3,ajar\n', null],
    // A doubled quote is a quote inside the field: `name"` and `name` are two columns, so a header.
    ['"name""",name,city\nada,x,paris\nbob,y,rome\n', "csv"],
  ])("applies the delimited rules to %p", (text, kind) => {
    expect(sniffFormat(text)).toBe(kind as never);
  });

  test.each([
    [
      "src/a.ts(1,2): error TS1005: ',' expected.\nsrc/b.ts(3,4): error TS1005: ',' expected.\nsrc/c.ts(5,6): error TS1005: ',' expected.\n",
    ],
    [
      "src/a.c:1:2: warning: unused variable 'x', 'y'\nsrc/a.c:3:4: warning: unused variable 'z', 'w'\nsrc/b.c:5:6: warning: unused variable 'v', 'u'\n",
    ],
    ["lib/a.js:10:  f(a, b);\nlib/a.js-11-  g(c, d);\nlib/b.js:12:  h(e, f);\n"],
  ])("recognises compiler and search diagnostics before the sniff: %p", (text) => {
    expect(sniffFormat(text)).toBeNull();
  });

  test("a table with a location in a few rows is still a table: diagnostics are most of the lines", () => {
    // Two located rows of five: a findings export, not a compiler's output.
    const table =
      "location,rule,count\nsrc/a.c:12:4,unused-variable,3\n(global),unused-include,7\nsrc/b.c:9:1,shadow,1\n(global),missing-header,2\n";
    expect(sniffFormat(table)).toBe("csv");
  });
});

describe("sniffFormat's edges", () => {
  test("a two-line nested YAML document is YAML", () => {
    expect(sniffFormat("spec:\n  replicas: 3\n")).toBe("yaml");
    expect(sniffFormat("spec: 3\n")).toBeNull();
  });

  test("a first row that repeats a name is no header: without a typed column the rows are not a table", () => {
    expect(sniffFormat("name,name\nfoo,bar\nbaz,qux\n")).toBeNull();
    expect(sniffFormat("name,value\nfoo,bar\nbaz,qux\n")).toBe("csv");
  });

  test("a headerless table is one when a column holds a number, a date or a hex id in every row", () => {
    expect(sniffFormat("x,1\ny,2\nz,3\n")).toBe("csv");
    // A date column too, or a hex id column, when the first row repeats a name and so is no header.
    expect(sniffFormat("2026-01-01,x,x\n2026-01-02,y,y\n2026-01-03,z,z\n")).toBe("csv");
    expect(sniffFormat("9f86d081,x,x\n3e23e816,y,y\n2c26b46b,z,z\n")).toBe("csv");
  });

  test("base64 is wrapped at one width: a short line before the last one is not a blob", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    expect(sniffFormat([alphabet, alphabet, alphabet.slice(0, 10)].join("\n"))).toBe("base64");
    expect(sniffFormat([alphabet, alphabet.slice(0, 10), alphabet].join("\n"))).toBeNull();
  });
});
