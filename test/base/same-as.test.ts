import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { expandSameAs, foldRepeatedFindings } from "../../src/base/same-as.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

const MYPY = [
  "toolz/_version.py:59: error: Function is missing a type annotation  [no-untyped-def]",
  "toolz/_version.py:61: error: Function is missing a type annotation  [no-untyped-def]",
  "toolz/utils.py:61: error: Function is missing a type annotation  [no-untyped-def]",
  "toolz/_version.py:70: error: Function is missing a type annotation  [no-untyped-def]",
  "Found 4 errors in 2 files (checked 2 source files)",
] as const;

/** Twenty findings of their own after `lines`: a list long enough to be folded at all. */
const PADDING = Array.from(
  { length: 20 },
  (_, i) => `pad/file_${i}.py:${i + 1}:1: W9${String(i).padStart(3, "0")}: a finding of its own, number ${i}`,
);
const fold = (lines: readonly string[]) => foldRepeatedFindings([...lines, ...PADDING]).slice(0, lines.length);

describe("a repeated finding points at its file's first one", () => {
  test("keeps every location and the severity, and names the first line of the same message in the same file", () => {
    expect(fold(MYPY)).toEqual([
      MYPY[0],
      "toolz/_version.py:61: error: (same as 59)",
      MYPY[2], // another file: its own first
      "toolz/_version.py:70: error: (same as 59)",
      MYPY[4],
    ]);
  });

  test("keeps a rule code and a column: `W0622:` and `line:col`", () => {
    const pylint = [
      "toolz/__init__.py:11:0: W0622: Redefining built-in 'sorted' (redefined-builtin)",
      "toolz/__init__.py:13:0: W0622: Redefining built-in 'sorted' (redefined-builtin)",
    ];
    expect(fold(pylint)[1]).toBe("toolz/__init__.py:13:0: W0622: (same as 11:0)");
  });

  test("an ESLint stylish report: a repeat under the same file heading keeps its columns and points back; another file starts again", () => {
    const stylish: string[] = [
      "/src/Lexer.js",
      "  123:12  error  Expected a conditional expression and instead saw an assignment  no-cond-assign",
      "  148:15  error  Expected a conditional expression and instead saw an assignment  no-cond-assign",
      "",
      "/src/Parser.js",
      "   12:3   error  Expected a conditional expression and instead saw an assignment  no-cond-assign",
    ];
    const folded = fold(stylish);
    expect(folded).toEqual([stylish[0]!, stylish[1]!, "  148:15  error  (same as 123:12)", "", stylish[4]!, stylish[5]!]);
    expect(expandSameAs(folded.join("\n"))).toBe(stylish.join("\n"));
  });

  test("ESLint repeats in a row that point at one finding share a line, each location written back in its column", () => {
    const stylish = [
      "/src/control/Control.Layers.js",
      "   47:8  error  Unexpected var, use let or const instead  no-var",
      "   88:8  error  Unexpected var, use let or const instead  no-var",
      "  104:8  error  Unexpected var, use let or const instead  no-var",
      "  120:8  error  Unexpected var, use let or const instead  no-var",
      "  131:14 error  'Latlng' is not defined                   no-undef",
      "  144:3  error  Unexpected var, use let or const instead  no-var",
    ];
    // Joined, the report is shorter than the lines it came from: read past the padding by hand.
    const whole = foldRepeatedFindings([...stylish, ...PADDING]);
    const folded = whole.slice(0, 5);
    expect(whole.slice(5)).toEqual(PADDING);
    expect(folded).toEqual([
      stylish[0]!,
      stylish[1]!,
      "   88:8, 104:8, 120:8  error  (same as 47:8)",
      stylish[5]!,
      "  144:3  error  (same as 47:8)",
    ]);
    expect(expandSameAs(whole.join("\n"))).toBe([...stylish, ...PADDING].join("\n"));
  });

  test("a PHP_CodeSniffer report: a repeat under the same FILE heading keeps its line, severity and fixer box; another file starts again", () => {
    const phpcs: string[] = [
      "FILE: /home/dev/src/html5-php-2.7.6/src/HTML5/Serializer/OutputRules.php",
      "FOUND 0 ERRORS AND 3 WARNINGS AFFECTING 3 LINES",
      "  22 | WARNING | [ ] Visibility must be declared on all constants if your project supports PHP 7.1 or later",
      "  24 | WARNING | [ ] Visibility must be declared on all constants if your project supports PHP 7.1 or later",
      "FILE: /home/dev/src/html5-php-2.7.6/src/HTML5.php",
      "FOUND 0 ERRORS AND 1 WARNING AFFECTING 1 LINE",
      "  24 | WARNING | [ ] Visibility must be declared on all constants if your project supports PHP 7.1 or later",
    ];
    const folded = fold(phpcs);
    expect(folded).toEqual([phpcs[0]!, phpcs[1]!, phpcs[2]!, "  24 | WARNING | [ ] (same as 22)", phpcs[4]!, phpcs[5]!, phpcs[6]!]);
    expect(expandSameAs(folded.join("\n"))).toBe(phpcs.join("\n"));
  });

  test("never points at a location whose first line says something else, nor replaces a message shorter than the pointer", () => {
    const twoAtOne = [
      "a.py:3:1: E501 line too long (90 > 79 characters)",
      "a.py:3:1: W291 trailing whitespace here and there",
      "a.py:9:1: W291 trailing whitespace here and there",
    ];
    expect(fold(twoAtOne)).toEqual(twoAtOne);
    const short = ["a.py:3:1: E265 comment", "a.py:4:1: E265 comment"];
    expect(fold(short)).toEqual(short);
  });

  test("expandSameAs gives back every line of every build and test fixture, byte for byte", () => {
    let pointed = 0;
    for (const fixture of loadFixtures("build").concat(loadFixtures("test"))) {
      const lines = fixture.text.split("\n");
      const folded = foldRepeatedFindings(lines);
      pointed += folded.filter((line, i) => line !== lines[i]).length;
      expect({ name: fixture.name, text: expandSameAs(folded.join("\n")) }).toEqual({ name: fixture.name, text: fixture.text });
    }
    expect(pointed).toBeGreaterThan(500);
  });

  test("a pointer whose first line is not in the text, or whose code disagrees with it, is left as it is", () => {
    expect(expandSameAs("a.py:9: error: (same as 3)")).toBe("a.py:9: error: (same as 3)");
    const wrongLead = "a.py:3: error: Function is missing a type annotation\na.py:9: warning: (same as 3)";
    expect(expandSameAs(wrongLead)).toBe(wrongLead);
  });
});

test("the same line at the same place again stays whole: a pointer to itself says nothing", () => {
  const note = "tree.c:9539:38: note: object of size 96 allocated by 'xmlMalloc'";
  expect(fold([note, "tree.c:9553:30: warning: array subscript is partly outside array bounds", note])).toEqual([
    note,
    "tree.c:9553:30: warning: array subscript is partly outside array bounds",
    note,
  ]);
});

test("a short list is left as it is, and so is a finding whose message goes on over indented lines", () => {
  expect(foldRepeatedFindings(MYPY)).toEqual([...MYPY]);
  const ghc = [
    "test/Properties.hs:10:1: warning: [-Wunused-imports]",
    "    The import of ‘System.Environment’ is redundant",
    "test/Properties.hs:14:1: warning: [-Wunused-imports]",
    "    The import of ‘Data.Functor’ is redundant",
  ];
  expect(fold(ghc)).toEqual(ghc);
});

test("on any list of findings, expandSameAs gives every line back", () => {
  const path = fc.constantFrom("a.py", "src/b.c", "lib/c/d.rb");
  const loc = fc.tuple(fc.integer({ min: 1, max: 40 }), fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }));
  const message = fc.constantFrom(
    "error: Function is missing a type annotation  [no-untyped-def]",
    "W0622: Redefining built-in 'sorted' (redefined-builtin)",
    "E501 line too long (90 > 79 characters)",
    "warning: unused variable 'x' [-Wunused-variable]",
    "note: (same as 3)",
    "short",
  );
  const finding = fc.tuple(path, loc, message).map(([p, [line, col], m]) => `${p}:${line}${col === undefined ? "" : `:${col}`}: ${m}`);
  const other = fc.constantFrom("", "    indented continuation of the message", "Found 3 errors in 2 files");
  const lists = fc.array(fc.oneof({ weight: 6, arbitrary: finding }, { weight: 1, arbitrary: other }), { minLength: 20, maxLength: 80 });
  fc.assert(
    fc.property(lists, (lines) => {
      expect(expandSameAs(foldRepeatedFindings(lines).join("\n"))).toBe(lines.join("\n"));
    }),
    { numRuns: 500 },
  );
});
