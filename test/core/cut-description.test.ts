import { describe, expect, test } from "bun:test";
import { describeDropped, MAX_DESCRIPTION_BYTES } from "../../src/core/cut-description.ts";

describe("what a cut's dropped lines name", () => {
  test("a path with an extension and no column counts: perlcritic's `path: [Policy]` and eslint's heading", () => {
    const dropped = ["lib/URI/_generic.pm: [Policy] message at line 3\n", "/src/Lexer.js\n", "lib/URI/_generic.pm: [Policy] again\n"];
    expect(describeDropped(dropped, MAX_DESCRIPTION_BYTES)).toBe("lines naming lib/URI/_generic.pm 2, /src/Lexer.js 1");
  });

  test("codes take at most half the room, files the rest, and the whole stays within the room", () => {
    // 100 codes of 6 bytes and 100 files: far more of each than the 1,000 bytes hold.
    const dropped = Array.from({ length: 100 }, (_, i) => `src/file_${i}.c:1:1: note: x [SC${2_000 + i}]\n`);
    const about = describeDropped(dropped, MAX_DESCRIPTION_BYTES)!;
    expect(Buffer.byteLength(about)).toBeLessThanOrEqual(MAX_DESCRIPTION_BYTES);
    const codes = about.split("; codes ")[1]!.split(", ");
    // Half the room less 20 bytes of slack: each `SCnnnn, ` is 8 bytes, so 60 codes fit, then `40 more`.
    expect(codes.length - 1).toBe(Math.floor((MAX_DESCRIPTION_BYTES / 2 - 20) / 8));
    expect(codes.at(-1)).toBe(`${100 - (codes.length - 1)} more`);
    expect(about).toMatch(/^lines naming src\/file_0\.c 1, .*, \d+ more; codes SC2000, /);
  });

  test("lines that name no file and state no code describe nothing", () => {
    expect(describeDropped(["row 1 of a log\n", "  at frame (src/a.js:3:1)\n"], MAX_DESCRIPTION_BYTES)).toBeNull();
  });
});

describe("a test's parameters are not a rule code", () => {
  test("`test_plural[man-men]` names parameters; mypy's `  [arg-type]` after its message is a code", () => {
    const dropped = ["FAILED t.py::test_plural[man-men]\n", "src/a.py:3: error: Argument 1 has incompatible type  [arg-type]\n"];
    expect(describeDropped(dropped, MAX_DESCRIPTION_BYTES)).toBe("lines naming src/a.py 1; codes arg-type");
  });
});

describe("a perlcritic policy is a rule code", () => {
  test("perlcritic's policy heading its line is its code", () => {
    const dropped = ["[TestingAndDebugging::ProhibitNoStrict] Stricture disabled at line 1613, column 5.  (Severity: 5)\n"];
    expect(describeDropped(dropped, MAX_DESCRIPTION_BYTES)).toBe("codes TestingAndDebugging::ProhibitNoStrict");
  });
});
