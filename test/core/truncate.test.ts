import { expect, test } from "bun:test";
import { capOutput } from "../../src/core/truncate.ts";
import { fixture } from "../helpers/pipeline-run.ts";

const LINES = Array.from({ length: 4_000 }, (_, i) => `line ${i} of a long reply that runs past the cap\n`).join("");

test("the 50 KB cap cuts the middle only behind a handle to the archived middle", () => {
  const stored: string[] = [];
  const out = capOutput(LINES, 50_000, (content) => {
    stored.push(content);
    return "1a2b3c4d5e6f7a8b";
  });
  expect(Buffer.byteLength(out)).toBeLessThanOrEqual(50_000);
  expect(out).toContain("omni retrieve 1a2b3c4d5e6f7a8b");
  const [head, tail] = out.split(/\[OMNI: output truncated[^\n]*\n/);
  expect(head! + stored[0]! + tail!).toBe(LINES);
});

test("when the middle cannot be archived the reply goes on uncut: never an omission without a handle", () => {
  expect(capOutput(LINES, 50_000, () => null)).toBe(LINES);
  const oneLine = "x".repeat(80_000);
  expect(capOutput(oneLine, 50_000, () => null)).toBe(oneLine);
});

/** Lines of one width, so the cut points are plain arithmetic: `width` bytes each, terminator included. */
function fixedLines(count: number, width = 50): string[] {
  return Array.from({ length: count }, (_, i) => `${`row ${i}`.padEnd(width - 1, ".")}\n`);
}

test("a reply of exactly the cap is handed back whole and nothing is archived", () => {
  const text = fixedLines(1_000).join("");
  let archived = 0;
  const archive = () => (archived++, "1a2b3c4d5e6f7a8b");
  expect(capOutput(text, Buffer.byteLength(text), archive)).toBe(text);
  expect(archived).toBe(0);
  expect(capOutput(text, Buffer.byteLength(text) - 1, archive)).not.toBe(text);
  expect(archived).toBe(1);
});

test("the line cut keeps whole lines: four fifths of the cap less 200 bytes of head, one fifth of tail", () => {
  // 50,000-byte cap: tail budget 10,000 (200 lines of 50), head budget 40,000 - 200 = 39,800 (796 lines).
  const lines = fixedLines(4_000);
  const stored: string[] = [];
  const out = capOutput(lines.join(""), 50_000, (content, whole) => {
    stored.push(content);
    expect(whole).toBe(200_000);
    return "1a2b3c4d5e6f7a8b";
  });
  const marker = "[OMNI: output truncated, 996 of 4000 lines kept, 3004 dropped from the middle, omni retrieve 1a2b3c4d5e6f7a8b]\n";
  expect(out).toBe(lines.slice(0, 796).join("") + marker + lines.slice(3_800).join(""));
  expect(stored).toEqual([lines.slice(796, 3_800).join("")]);
});

test("a head line too long for the head budget, or a last line too long for the tail, falls back to the byte cut", () => {
  const cases = {
    "first line too long": "h".repeat(45_000) + "\n" + fixedLines(2_000).join(""),
    "last line too long": fixedLines(2_000).join("") + "t".repeat(20_000),
  };
  for (const [name, text] of Object.entries(cases)) {
    const stored: string[] = [];
    const out = capOutput(text, 50_000, (content) => (stored.push(content), "1a2b3c4d5e6f7a8b"));
    const marker = `\n[OMNI: output truncated, 49800 of ${Buffer.byteLength(text)} bytes kept, omni retrieve 1a2b3c4d5e6f7a8b]\n`;
    expect({ name, out }).toEqual({ name, out: text.slice(0, 49_800) + marker });
    expect(stored).toEqual([text.slice(49_800)]);
  }
});

test("the byte cut never splits a character: a partial one goes to the archived part", () => {
  const text = "é".repeat(40_000); // 2 bytes each: the 49,800-byte cut falls between characters
  const odd = `x${text}`; // 1 + 2n: the cut falls inside one
  for (const input of [text, odd]) {
    const stored: string[] = [];
    const out = capOutput(input, 50_000, (content) => (stored.push(content), "1a2b3c4d5e6f7a8b"));
    const kept = out.slice(0, out.indexOf("\n[OMNI: output truncated"));
    expect(kept).not.toContain("\uFFFD");
    expect(kept + stored[0]).toBe(input);
    expect(Buffer.byteLength(kept)).toBeGreaterThanOrEqual(49_799);
    expect(out).toContain(`${Buffer.byteLength(kept)} of ${Buffer.byteLength(input)} bytes kept`);
  }
});

test("a cut keeps the middle's failure lines, then its warnings, after the marker in order; the head gives up their room", () => {
  const lines = fixedLines(4_000);
  const failure = "FAILED tests/test_a.py::test_b - assert 1 == 2\n";
  const warning = "src/a.c:3:1: warning: unused variable 'x'\n";
  lines[2_000] = failure;
  lines[2_200] = warning;
  lines[2_500] = failure.replace("test_b", "test_c");
  const text = lines.join("");
  const stored: string[] = [];
  const out = capOutput(text, 50_000, (content) => (stored.push(content), "1a2b3c4d5e6f7a8b"));
  const middle = [lines[2_000]!, lines[2_200]!, lines[2_500]!];
  const room = middle.reduce((sum, line) => sum + Buffer.byteLength(line), 0);
  const head = Math.floor((39_800 - room) / 50); // whole 50-byte lines left beside them
  const marker = `[OMNI: output truncated, ${head + 3 + 200} of 4000 lines kept, ${3_800 - head - 3} dropped from the middle, omni retrieve 1a2b3c4d5e6f7a8b]\n`;
  expect(out).toBe(lines.slice(0, head).join("") + marker + middle.join("") + lines.slice(3_800).join(""));
  expect(Buffer.byteLength(out)).toBeLessThanOrEqual(50_000);
  // The archive holds the whole middle, the kept lines too: retrieve gives back every byte between head and tail.
  expect(stored).toEqual([lines.slice(head, 3_800).join("")]);
});

test("the middle's failure lines take at most half the head's room: past it they are cut like the rest, failures before warnings", () => {
  const lines = fixedLines(4_000).map((line, i) => (i >= 1_000 && i < 3_000 ? `${`error: case ${i}`.padEnd(49, ".")}\n` : line));
  lines[1_500] = `${"warning: w".padEnd(49, ".")}\n`;
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  expect(Buffer.byteLength(out)).toBeLessThanOrEqual(50_000);
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!.split("\n");
  const keptErrors = afterMarker.filter((line) => line.startsWith("error: case"));
  // 19,900 bytes of room hold 398 lines of 50; the warning line does not fit after them.
  expect(keptErrors.length).toBe(398);
  expect(out).not.toContain("warning: w");
});

test("a linter's error-class findings outrank its warnings in the cut: pylint's E0102 stays where W0613 lines are cut", () => {
  // 2,000 pylint warnings fill the middle; two error-class findings sit among them.
  const lines = fixedLines(4_000).map((line, i) =>
    i >= 1_000 && i < 3_000 ? `${`pkg/m.py:${i}:4: W0613: Unused argument`.padEnd(49, ".")}\n` : line,
  );
  lines[2_900] = `${"pkg/m.py:2900:12: E0102: function already defined".padEnd(49, ".")}\n`;
  lines[2_950] = `${"pkg/r.rb:2950:3: E: Lint/Syntax: unexpected end".padEnd(49, ".")}\n`;
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  expect(Buffer.byteLength(out)).toBeLessThanOrEqual(50_000);
  expect(out).toContain(lines[2_900]!);
  expect(out).toContain(lines[2_950]!);
  // Warnings still fill what room is left, but not all of them fit.
  expect(out).toContain("W0613");
  expect(out).not.toContain("pkg/m.py:2899:4: W0613");
});

test("flake8's and ruff's undefined names outrank pycodestyle's style findings in the cut, and a pylint W line outranks a plain one", () => {
  const lines = fixedLines(4_000).map((line, i) =>
    i >= 1_000 && i < 3_000 ? `${`pkg/m.py:${i}:80: E501 line too long (88 > 79)`.padEnd(49, ".")}\n` : line,
  );
  lines[2_900] = `${"pkg/compat.py:25:50: F821 undefined name 'unicode'".padEnd(49, ".")}\n`;
  lines[2_940] = `${"pkg/m.py:2940:1: E999 SyntaxError: invalid syntax".padEnd(49, ".")}\n`;
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  expect(Buffer.byteLength(out)).toBeLessThanOrEqual(50_000);
  expect(out).toContain(lines[2_900]!);
  expect(out).toContain(lines[2_940]!);
  expect(out).not.toContain("pkg/m.py:2899:80: E501");

  const plain = fixedLines(4_000);
  plain[2_500] = `${"pkg/m.py:2500:4: W0613: Unused argument 'x'".padEnd(49, ".")}\n`;
  const cut = capOutput(plain.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  expect(cut).toContain(plain[2_500]!);
  expect(cut).not.toContain(plain[2_499]!);
});

test("the marker names the files the dropped lines open with, with their counts, and the rule codes they state", () => {
  const lines = fixedLines(4_000).map((line, i) => {
    if (i < 1_000 || i >= 3_000) return line;
    const file = i < 2_000 ? "src/first.sh" : "configure";
    return `${file}:${i}:3: note: quote this [SC${2_000 + (i % 3)}]\n`;
  });
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  expect(Buffer.byteLength(out)).toBeLessThanOrEqual(50_000);
  const marker = /\[OMNI: output truncated[^\n]*\n/.exec(out)![0];
  // The whole middle was dropped: each file's thousand lines are counted, and the three codes named in the order met.
  expect(marker).toContain("(lines naming src/first.sh 1000, configure 1000; codes SC2001, SC2002, SC2000), omni retrieve");
  // A cut whose dropped lines name no file and state no code carries the plain marker.
  const plain = capOutput(LINES, 50_000, () => "1a2b3c4d5e6f7a8b");
  expect(plain).toMatch(/dropped from the middle, omni retrieve 1a2b3c4d5e6f7a8b\]\n/);
});

test("a Java exception's class name is not taken for a file the dropped lines name", () => {
  const lines = fixedLines(4_000).map((line, i) =>
    i >= 1_000 && i < 3_000 ? `java.lang.NoClassDefFoundError: Could not initialize class Soundex ${i}\n` : line,
  );
  const marker = /\[OMNI: output truncated[^\n]*\n/.exec(capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b"))![0];
  expect(marker).not.toContain("lines naming");
});

test("a numbered failure's heading, which names the failing test, is kept before the warnings", () => {
  const lines = fixedLines(4_000).map((line, i) =>
    i >= 1_000 && i < 3_000 ? `${`warning: deprecated call ${i}`.padEnd(49, ".")}\n` : line,
  );
  lines[2_500] = "17) testEncode(org.apache.commons.codec.language.SoundexTest)\n";
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  expect(out).toContain(lines[2_500]!);
  expect(out).not.toContain("warning: deprecated call 2999");
});

test("the marker's list of files stays within its room, and says how many more it could not name", () => {
  // 2,000 dropped lines, each naming a file of its own: far more names than the room holds.
  const lines = fixedLines(4_000).map((line, i) => (i >= 1_000 && i < 3_000 ? `src/module_${i}/file.c:1:1: note: x\n` : line));
  const marker = /\[OMNI: output truncated[^\n]*\n/.exec(capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b"))![0];
  const about = /dropped from the middle \((.*)\), omni retrieve/.exec(marker)![1]!;
  // The room is 1,000 bytes: "lines naming " and the list within it.
  expect(Buffer.byteLength(about)).toBeLessThanOrEqual(1_000);
  const named = about.replace(/^lines naming /, "").split(", ");
  const more = Number(/^(\d+) more$/.exec(named.at(-1)!)![1]);
  // Every file is either named with its count or counted in the `N more` at the end.
  expect(named.length - 1 + more).toBe(2_000);
});

test("a single file the room cannot hold is still counted: `1 more`", () => {
  // Ten files, each named once in the middle; each `name 1` part takes 100 bytes of the 1,000-byte room with its separator, so nine fit.
  const names = Array.from({ length: 10 }, (_, i) => `src/${"a".repeat(89)}${i}.c`);
  const lines = fixedLines(4_000);
  names.forEach((name, i) => (lines[1_500 + i * 50] = `${name}:1:1: x\n`));
  const marker = /\[OMNI: output truncated[^\n]*\n/.exec(capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b"))![0];
  expect(marker).toContain(`${names[8]} 1, 1 more), omni retrieve`);
  expect(marker).not.toContain(names[9]!);
});

test("in a wall of failures that does not fit, the first line of each shape comes before the repeats, a line said again word for word is not kept twice", () => {
  // 1,000 parametrised verdicts of one shape fill the middle; one assertion raised by every case, and two locations, sit after them.
  const lines = fixedLines(4_000).map((line, i) =>
    i >= 1_000 && i < 2_000 ? `${`t.py::test_case[c${i}-d${i}] FAILED`.padEnd(49, ".")}\n` : line,
  );
  for (let i = 2_000; i < 2_600; i += 2) lines[i] = "E   AssertionError: assert 'A' == 'a'\n";
  lines[2_700] = "t.py:276: AssertionError\n";
  lines[2_701] = "t.py:319: AssertionError\n";
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  expect(Buffer.byteLength(out)).toBeLessThanOrEqual(50_000);
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  expect(afterMarker).toContain("t.py:276: AssertionError");
  expect(afterMarker).toContain("t.py:319: AssertionError");
  expect(afterMarker.split("E   AssertionError: assert 'A' == 'a'").length - 1).toBe(1);
  // The repeats of the verdict's shape still fill what room is left.
  expect(afterMarker).toContain("FAILED");
});

test("perlcritic's most severe finding outranks its gentle ones in the cut, and a severity 4 one is read as a warning", () => {
  const lines = fixedLines(4_000).map((line, i) =>
    i >= 1_000 && i < 3_000
      ? `[ControlStructures::ProhibitPostfixControls] Postfix control "if" used at line ${i}, column 5.  (Severity: 2)\n`
      : line,
  );
  lines[2_900] = "[TestingAndDebugging::ProhibitNoStrict] Stricture disabled at line 1613, column 5.  (Severity: 5)\n";
  lines[2_950] = "[Subroutines::RequireArgUnpacking] Always unpack @_ first at line 89, column 1.  (Severity: 4)\n";
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  expect(afterMarker.startsWith(lines[2_900]! + lines[2_950]!)).toBe(true);
});

test("a failure line that ends the head is the head's own: it is counted once, and stays before the marker", () => {
  // The same 796-line head as above, its last line a failure line of the same width.
  const lines = fixedLines(4_000);
  lines[795] = `${"error: the head's last line".padEnd(49, ".")}\n`;
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  const marker = "[OMNI: output truncated, 996 of 4000 lines kept, 3004 dropped from the middle, omni retrieve 1a2b3c4d5e6f7a8b]\n";
  expect(out).toBe(lines.slice(0, 796).join("") + marker + lines.slice(3_800).join(""));
});

test("in a failure wall that does not fit, the lines that say where (a Rust panic's `panicked at tests/a.rs:19:5`) come before the verdicts", () => {
  // 1,000 distinct verdict lines fill the middle; three panics, each naming its location, sit after them.
  const lines = fixedLines(4_000).map((line, i) => (i >= 1_000 && i < 2_000 ? `test t_${i} ... FAILED\n` : line));
  lines[2_500] = "thread 't_1' (1515) panicked at tests/parallel_hash.rs:19:5:\n";
  lines[2_600] = "thread 't_2' (1516) panicked at tests/tuple_hash.rs:17:5:\n";
  lines[2_700] = "kmac.rs:40: assertion `left == right` failed\n";
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  for (const i of [2_500, 2_600, 2_700]) expect(afterMarker).toContain(lines[i]!);
});

test("a line that only names a test's location stays in the cut; a dependency's or the runtime's frame does not", () => {
  const lines = fixedLines(4_000);
  lines[2_500] = "/home/dev/src/tests/unit/SlugNormalizerTest.php:78\n";
  lines[2_501] = " ❯ test/patch/apply.js:706:46\n";
  lines[2_502] = "    at node:internal/main/run_main_module:28:49\n";
  lines[2_503] = "node_modules/chai/lib/chai/assertion.js:141:27\n";
  lines[2_504] = "/home/dev/src/vendor/phpunit/phpunit/src/TextUI/Command.php:144\n";
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  expect(afterMarker.startsWith(lines[2_500]! + lines[2_501]!)).toBe(true);
  for (const i of [2_502, 2_503, 2_504]) expect(afterMarker).not.toContain(lines[i]!);
});

test("in the cut, the headings that name failing tests come before failure lines of a shape already kept", () => {
  // A wall of one assertion's shape fills the room; the numbered headings after it still name each failing test.
  const lines = fixedLines(4_000).map((line, i) =>
    i >= 1_000 && i < 2_000 ? `${`Failed asserting that 'v${i}' is identical to 'w${i}'.`.padEnd(59, ".")}\n` : line,
  );
  for (let k = 0; k < 20; k++) lines[2_500 + k] = `${k + 1}) Suite\\CaseTest::testNumber${k}\n`;
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  for (let k = 0; k < 20; k++) expect(afterMarker).toContain(lines[2_500 + k]!);
});

test("in the cut, shorter failure lines come first, so one long line does not crowd out several short ones", () => {
  const lines = fixedLines(200);
  lines[100] = "FAIL alpha\n";
  lines[101] = "FAIL beta\n";
  lines[102] = `FAIL gamma ${"x".repeat(1_463)}\n`;
  lines[103] = "FAIL delta\n";
  // Cap 4,000: 800 bytes of tail, a 3,000-byte head, and half of it, 1,500 bytes, for the middle's failure lines:
  // the three short ones (32 bytes) and the long one (1,475) do not all fit, and the long one is the one left out.
  const out = capOutput(lines.join(""), 4_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  for (const i of [100, 101, 103]) expect(afterMarker).toContain(lines[i]!);
  expect(afterMarker).not.toContain(lines[102]!);
});

test("in the cut, a heading too long for the room leaves it to the shorter headings printed after it", () => {
  const lines = fixedLines(200);
  lines[100] = `1) Suite\\CaseTest::testLong with data set #0 ('${"x".repeat(1_500)}')\n`;
  lines[101] = "2) Suite\\CaseTest::testShort\n";
  lines[102] = "3) Suite\\CaseTest::testShorter\n";
  const out = capOutput(lines.join(""), 4_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  expect(afterMarker).not.toContain(lines[100]!);
  for (const i of [101, 102]) expect(afterMarker).toContain(lines[i]!);
});

test("in the cut, among failure lines of one length the first printed come first", () => {
  const lines = fixedLines(200);
  // Twenty distinct failure lines of 100 bytes each; the middle's 1,500 bytes of room hold fifteen.
  for (let k = 0; k < 20; k++) lines[100 + k] = `${`FAIL case_${String.fromCharCode(97 + k)} ok`.padEnd(99, ".")}\n`;
  const out = capOutput(lines.join(""), 4_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  const kept = Array.from({ length: 20 }, (_, k) => afterMarker.includes(lines[100 + k]!));
  expect(kept).toEqual(Array.from({ length: 20 }, (_, k) => k < 15));
});

test("a cut flake8 report keeps pyflakes' findings about code that runs (F841, F401) after its errors, before pycodestyle's style", () => {
  const f = fixture("build", "h11_flake8_mpmath_calculus");
  const out = capOutput(f.text, 10_000, () => "1a2b3c4d5e6f7a8b");
  expect(out).toContain("mpmath/calculus/approximation.py:240:5: F841 local variable 'a' is assigned to but never used");
  expect(out).toContain("mpmath/calculus/__init__.py:1:1: F401 '.calculus' imported but unused");
  expect(out).not.toContain("mpmath/calculus/quadrature.py:5:1: E302 expected 2 blank lines");
});

test("a cut shellcheck wall keeps its error finding with the `In file line N:` heading above its carets, however far down", () => {
  const f = fixture("build", "h11_shellcheck_o_all_dehydrated");
  const out = capOutput(f.text, 10_000, () => "1a2b3c4d5e6f7a8b");
  expect(out).toMatch(/In dehydrated line 1086:\n.*SC2068 \(error\)/);
});

test("a pylint finding below error class is ranked by its code, not by a failure word its message quotes", () => {
  // 2,000 `W0707 … raise AssertionError(…)` lines would be failure lines by their words; they are warnings.
  const lines = fixedLines(4_000).map((line, i) =>
    i >= 1_000 && i < 3_000 ? `${`pkg/t${i}.py:1:8: W0707: raise AssertionError(x) from exc`.padEnd(69, ".")}\n` : line,
  );
  lines[2_995] = `${"FAILED tests/test_core.py::test_the_one_that_really_failed - AssertionError".padEnd(99, ".")}\n`;
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  expect(afterMarker).toContain(lines[2_995]!);
  expect(afterMarker).toContain("W0707");
});

test("a linter's error-class findings may take three quarters of the head's room, past the half the failure lines get", () => {
  const lines = fixedLines(4_000).map((line, i) =>
    i >= 1_000 && i < 3_000 ? `${`pkg/m.py:${i}:4: E1101: Module has no member`.padEnd(49, ".")}\n` : line,
  );
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!.split("\n");
  // Half of the 39,800 bytes of room would hold 398 lines of 50; three quarters hold 597, less
  // what the marker's list of files and codes takes.
  const kept = afterMarker.filter((line) => line.includes("E1101")).length;
  expect(kept).toBeGreaterThan(550);
  expect(kept).toBeLessThanOrEqual(597);
});

test("in a failure wall, one error raised at many lines of a file gives way, after three, to the errors of other files and the messages", () => {
  // 1,000 failures, each at its own line of one file, then one assertion message and one other file's failure.
  const lines = fixedLines(4_000).map((line, i) => (i >= 1_000 && i < 2_000 ? `tests/web_test.py:${i}: AssertionError\n` : line));
  lines[2_500] = "E       AssertionError: 201 != 200\n";
  lines[2_501] = "tests/escape_test.py:229: AssertionError\n";
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  expect(afterMarker).toContain(lines[2_500]!);
  expect(afterMarker).toContain(lines[2_501]!);
  for (const i of [1_000, 1_001, 1_002]) expect(afterMarker).toContain(lines[i]!);
});

test("in a failure wall, an error in the system's headers gives way to the user's own, however long", () => {
  const lines = fixedLines(4_000).map((line, i) =>
    i >= 1_000 && i < 2_000 ? `/usr/include/c++/12/bits/range_access.h:${i}:50: error: no begin ${i}\n` : line,
  );
  lines[2_500] = `test/ranges-test.cc:256:40: error: no matching function for call to 'join(std::tuple<char, int&>&, const char [4])' ${"x".repeat(200)}\n`;
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  expect(afterMarker).toContain(lines[2_500]!);
  expect(afterMarker).toContain("range_access.h");
});

test("in a failure wall, a line printed again and again comes first whatever its length, and is kept once", () => {
  // 1,000 short errors, each in its own file, fill the room; one long static assertion is printed five times.
  const lines = fixedLines(4_000).map((line, i) => (i >= 1_000 && i < 2_000 ? `src/f${i}.cc:1:1: error: e\n` : line));
  const assertion = `include/fmt/core.h:1757:7: error: static assertion failed: Cannot format an argument. ${"x".repeat(300)}\n`;
  for (const i of [2_600, 2_700, 2_800, 2_900, 2_950]) lines[i] = assertion;
  const out = capOutput(lines.join(""), 50_000, () => "1a2b3c4d5e6f7a8b");
  const afterMarker = out.split(/\[OMNI: output truncated[^\n]*\n/)[1]!;
  expect(afterMarker.split(assertion).length - 1).toBe(1);
  expect(afterMarker).toContain("src/f1000.cc:1:1: error: e");
});
