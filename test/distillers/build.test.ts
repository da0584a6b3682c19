import { expandSameAs } from "../../src/base/same-as.ts";
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { byteLength } from "../../src/base/lines.ts";
import { routeCommand } from "../../src/core/route.ts";
import { distillWith } from "../helpers/distill.ts";
import { FIXTURES_DIR, loadFixtures, type Fixture } from "../helpers/fixtures.ts";
import { percentSaved, runFixture, savedPercent } from "../helpers/pipeline-run.ts";

const fixtures = new Map(loadFixtures("build").map((f) => [f.name, f]));
function fixture(name: string): Fixture {
  const found = fixtures.get(name);
  if (!found) throw new Error(`no fixture build/${name}`);
  return found;
}
const other = (family: string, name: string) => readFileSync(join(FIXTURES_DIR, family, `${name}.txt`), "utf8");

describe("build distiller declines", () => {
  const declines: [string, string, boolean][] = [
    ["a dev-server banner", other("jsts", "upstream_vite_dev_server"), false],
    [
      "prose",
      "We build the project with make. The last build failed because of a missing header;\nafter installing zlib headers it compiled fine.\n",
      false,
    ],
    ["JSON", '{"errors": 0, "warnings": 3, "outputPath": "dist"}\n', false],
    ["a test run (cargo test)", other("test", "upstream_cargo_test_500"), false],
    ["a compile log that prints no verdict, error or warning", fixture("make_build_full").text, false],
    ["a configure run", fixture("configure_zlib").text, false],
    ["a failed run showing warnings but no error it can point to", fixture("cargo_clippy_warnings").text, true],
  ];
  for (const [what, text, failed] of declines) {
    test(`returns null for ${what}`, () => {
      expect(distillWith("build", text, { failed })).toBeNull();
    });
  }

  test("returns null when its error blocks disagree with the compiler's own count", () => {
    const f = fixture("cargo_build_type_errors");
    const firstError = f.text.indexOf("error[E0308]");
    const secondError = f.text.indexOf("error[E0277]");
    expect(distillWith("build", f.text, { failed: true })).not.toBeNull();
    expect(distillWith("build", f.text.slice(0, firstError) + f.text.slice(secondError), { failed: true })).toBeNull();
  });
});

describe("build distiller keeps the answer", () => {
  test("keeps every cargo error block whole, with its source excerpt and notes", () => {
    const f = fixture("cargo_build_type_errors");
    const out = distillWith("build", f.text, { failed: true })!;
    const block = f.text.slice(f.text.indexOf("error[E0308]"), f.text.indexOf("\n\n", f.text.indexOf("error[E0308]")));
    expect(out).toContain(block);
    expect(out).toContain("error: could not compile `rsdemo` (lib) due to 2 previous errors; 1 warning emitted");
    expect(out).not.toContain("Compiling rsdemo");
  });

  test("reduces a clean cargo build to cargo's own Finished line", () => {
    const f = fixture("upstream_cargo_build_large");
    expect(distillWith("build", f.text)).toBe("    Finished `dev` profile [unoptimized + debuginfo] target(s) in 42.31s\n");
    // 98.1% is out of reach once the marker (74 bytes for this input) is counted: 3,220 × 1.9% = 61 bytes.
    expect(savedPercent(runFixture(f))).toBeGreaterThanOrEqual(95.0);
  });

  test("keeps gcc errors with their notes, the linker's failure and make's verdict", () => {
    const out = distillWith("build", fixture("make_gcc_errors").text, { failed: true })!;
    expect(out).toContain("main.c: In function ‘main’:\nmain.c:7:27: error: ‘struct point’ has no member named ‘z’");
    expect(out).toContain("main.c:9:12: note: each undeclared identifier is reported only once");
    expect(out).not.toContain("cc -Wall -Wextra -O2 -c -o main.o main.c");
    const link = distillWith("build", fixture("make_link_error").text, { failed: true })!;
    expect(link).toContain(
      "/usr/bin/ld: main.o: in function `main':\nmain.c:(.text.startup+0x2f): undefined reference to `scale'\ncollect2: error: ld returned 1 exit status",
    );
  });

  test("keeps every warning's location and message, one line each, and cuts the source excerpts", () => {
    const f = fixture("make_gcc_many_warnings");
    const out = distillWith("build", f.text)!;
    const warnings = f.text.split("\n").filter((line) => /: warning: /.test(line));
    expect(warnings).toHaveLength(9);
    for (const line of warnings) expect(out).toContain(`${line}\n`);
    expect(out).not.toContain("    6 |     if (n = 0) return 0;");
    expect(out).not.toMatch(/more warnings not shown/);
  });

  test("groups the warnings of a build over several files under a count per file", () => {
    const f = fixture("clang_tidy_jansson");
    const out = distillWith("build", f.text)!;
    const warnings = f.text.split("\n").filter((line) => /: warning: /.test(line));
    expect(new Set(warnings.map((line) => line.split(":")[0])).size).toBeGreaterThan(1);
    for (const line of warnings) expect(out).toContain(line);
    const perFile = new Map<string, number>();
    for (const line of warnings) perFile.set(line.split(":")[0]!, (perFile.get(line.split(":")[0]!) ?? 0) + 1);
    for (const [file, count] of perFile) expect(out).toContain(`[${file}: ${count} warning${count === 1 ? "" : "s"}]`);
  });

  test("clang-tidy over two files is read though it prints an error the files share once, each warning keeping its first and last note in a wall", () => {
    const f = fixture("h22_clang_tidy_c_dav1d_bugprone_readability");
    const out = distillWith("build", f.text, { failed: true })!;
    // Its counts: 2 errors in one file, 3 in the other; the two `unknown argument` errors are printed once.
    expect(out).toContain("5378 warnings and 3 errors generated.");
    expect(out).toContain("error: unknown argument: '-mincoming-stack-boundary=4' [clang-diagnostic-error]");
    for (const line of f.text.split("\n").filter((line) => /: warning: /.test(line))) expect(out).toContain(line);
    expect(out).toContain("[/home/dev/src/dav1d-1.0.0/build/../src/lib.c: 111 warnings]");
    // dav1d_open's 67 points of cognitive complexity: the first and the last of its notes.
    const notes = out.slice(out.indexOf("function 'dav1d_open' has cognitive complexity")).split("\n\n")[0]!.split("\n").slice(1);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toBe(
      "/home/dev/src/dav1d-1.0.0/build/../src/lib.c:104:5: note: +1, including nesting penalty of 0, nesting level increased to 1",
    );
  });

  test("an ESLint wall of one rule past the host's failed view: the rare rule's errors from the middle stay in the cut", () => {
    const f = fixture("h23_eslint9_flat_javascript_leaflet_no_var_misspelt_name");
    const result = runFixture(f);
    expect(f.text.split("\n").filter((line) => line.endsWith("no-var")).length).toBeGreaterThan(600);
    expect(result.delivered.length).toBeLessThan(11_000);
    for (const line of f.text.split("\n").filter((line) => line.endsWith("no-undef"))) expect(result.delivered).toContain(line);
    expect(result.delivered).toContain("✖ 671 problems (667 errors, 4 warnings)");
  });

  test("keeps each cppcheck finding's own line whatever its severity (style, performance), not its caret", () => {
    const f = fixture("cppcheck_jansson");
    const out = distillWith("build", f.text)!;
    const findings = f.text
      .split("\n")
      .filter((line) => /^\S+:\d+:\d+: (?:style|performance|portability|information|warning|error): /.test(line));
    expect(findings.length).toBeGreaterThan(40);
    // A repeated message points at its file's first one, and reads back whole.
    expect(out).toContain("(same as ");
    for (const line of findings) expect(expandSameAs(out)).toContain(line);
    // Only an error keeps its block whole (source line and caret); a style or warning finding is its one line.
    const errors = findings.filter((line) => /: error: /.test(line)).length;
    expect(out.split("\n").filter((line) => /^\s*\^\s*$/.test(line)).length).toBe(errors);
  });

  test("keeps webpack's time-stamped verdict and esbuild's --analyze=verbose rows", () => {
    expect(distillWith("build", fixture("webpack_dev_lodash").text)).toContain("webpack 5.113.0 compiled successfully in 861 ms");
    const verbose = fixture("esbuild_analyze_verbose_lodash").text;
    const rows = verbose.split("\n").filter((line) => /\d(?:b|kb) ─+ [\d.]+%$/.test(line));
    expect(rows.length).toBeGreaterThan(10);
    const out = distillWith("build", verbose)!;
    for (const row of rows) expect(out).toContain(row);
  });

  test("keeps every ShellCheck finding under its file-and-line header, without the quoted source or the links", () => {
    const f = fixture("shellcheck_jansson_scripts");
    const out = distillWith("build", f.text, { failed: true })!;
    const kept = f.text.split("\n").filter((line) => /^In \S+ line \d+:$/.test(line) || /\bSC\d{4} \(\w+\): /.test(line));
    for (const line of kept) expect(out).toContain(line);
    expect(out).not.toContain("Did you mean:");
    expect(out).not.toContain("https://www.shellcheck.net/wiki/");
  });

  test("ruff's full report is read as its concise lines: every finding's location, code and message, with ruff's counts", () => {
    const full = fixture("h6_ruff_check_pyasn1");
    const out = expandSameAs(distillWith("build", full.text, { failed: true })!);
    const lines = full.text.split("\n");
    const findings = lines.flatMap((line, i) => {
      const location = /^\s*--> (\S+)$/.exec(lines[i + 1] ?? "");
      return /^[A-Z]+\d+ /.test(line) && location ? [`${location[1]}: ${line}`] : [];
    });
    expect(findings.length).toBe(501);
    for (const finding of findings) expect(out).toContain(finding);
    expect(out).toContain("Found 501 errors.");
    expect(out).toContain("[*] 30 fixable with the `--fix` option");
    expect(out).not.toContain("help: ");
    // A count that disagrees with the findings read: not read.
    expect(distillWith("build", full.text.replace("Found 501 errors.", "Found 502 errors."), { failed: true })).toBeNull();
  });

  test("reads a linter that failed because of its findings, when it printed their count", () => {
    const f = fixture("rubocop_hashie");
    const out = distillWith("build", f.text, { failed: true })!;
    expect(out).toContain("(same as ");
    for (const line of f.text.split("\n").filter((l) => /^\S+:\d+:\d+: [CWEF]: /.test(l))) expect(expandSameAs(out)).toContain(line);
    expect(out).toContain("41 files inspected, 186 offenses detected, 99 offenses autocorrectable");
  });

  test("keeps cargo clippy's every warning with its --> location", () => {
    const f = fixture("cargo_clippy_warnings");
    const out = distillWith("build", f.text)!;
    const locations = f.text.split("\n").filter((line) => /^\s*--> /.test(line));
    expect(locations.length).toBeGreaterThan(0);
    for (const line of locations) expect(out).toContain(line);
  });

  test("keeps the lint's name clippy prints under its first warning, the name to allow it by", () => {
    for (const name of ["cargo_clippy_warnings", "h19_cargo_clippy_wildmatch"]) {
      const f = fixture(name);
      const out = distillWith("build", f.text)!;
      const names = f.text.split("\n").filter((line) => /^\s*= note: `(?:#\[warn\(|-W )/.test(line));
      expect(names.length).toBeGreaterThan(0);
      for (const line of names) expect(out).toContain(line);
      expect(out).not.toContain("for further information visit");
    }
  });

  test("keeps the report the build printed: esbuild's --analyze table, webpack's asset rows, libtool's link line, cmake's done lines", () => {
    const analyze = distillWith("build", fixture("esbuild_analyze_lodash").text)!;
    for (const row of fixture("esbuild_analyze_lodash")
      .text.split("\n")
      .filter((line) => /\d(?:b|kb)\s+[\d.]+%$/.test(line)))
      expect(analyze).toContain(row);
    const link = distillWith("build", fixture("make_jansson_libtool").text)!;
    expect(link).toContain("libtool: link:  gcc -shared");
    expect(link).toContain("-o libjansson.la");
    const configure = distillWith(
      "build",
      [
        "-- The C compiler identification is GNU 12.2.0",
        "-- Detecting C compiler ABI info",
        "-- Detecting C compiler ABI info - done",
        "-- Configuring done",
        "-- Generating done",
        "-- Build files have been written to: /home/dev/src/app/build",
        "",
      ].join("\n"),
    )!;
    expect(configure).toContain("-- Configuring done\n-- Generating done\n-- Build files have been written to: /home/dev/src/app/build");
  });

  test("drops the bundler's own stack frames from an error block and keeps the rest", () => {
    const out = distillWith("build", fixture("rollup_unresolved_error").text, { failed: true })!;
    expect(out).toContain('RollupError: Could not resolve "./nowhere.js" from "rl/index.js"');
    expect(out).not.toContain("node_modules/rollup");
  });

  test("keeps the esbuild, webpack, tsc and vite error blocks and their counts", () => {
    for (const name of [
      "esbuild_errors",
      "webpack_errors",
      "tsc_pretty_errors",
      "tsc_plain_errors",
      "npm_run_build_vite_error",
      "rollup_unresolved_error",
    ]) {
      const f = fixture(name);
      const out = distillWith("build", f.text, { failed: true });
      expect(out).not.toBeNull();
      for (const needle of f.mustKeep) expect(out!).toContain(needle);
    }
  });

  test("reports the distilled share of cargo_build_errors (the SPEC's 70% needs dropping the error's source excerpt)", () => {
    const f = fixture("upstream_cargo_build_errors");
    const out = distillWith("build", f.text, { failed: true })!;
    for (const needle of f.mustKeep) expect(out).toContain(needle);
    expect(percentSaved(byteLength(f.text), byteLength(out))).toBeGreaterThan(0);
  });
});

describe("a chain of template instantiations", () => {
  test("one error keeps the chain's first link, the project's own links nearest its code, and `required from here`; the system's go", () => {
    const f = fixture("h15_gxx_syntax_spdlog_test_misc_vector_no_formatter");
    const out = distillWith("build", f.text, { command: f.command, failed: true })!;
    const links = out.split("\n").filter((line) => /:\d+:\d+: {3}required from /.test(line));
    expect(links.map((line) => line.split(":   ")[0])).toEqual([
      "/usr/include/fmt/core.h:1777:29",
      "include/spdlog/logger.h:102:12",
      "include/spdlog/logger.h:279:12",
      "tests/test_misc.cpp:15:20",
      "tests/test_misc.cpp:35:5",
    ]);
    expect(out).toContain("error: static assertion failed: Cannot format an argument.");
  });
});

describe("make -k over a wall of errors the reply must cut", () => {
  test("every `make: *** [...] Error` line survives the cut: each names a target that failed", () => {
    const f = fixture("h15_make_k_http_parser_deleted_header_include");
    const result = runFixture(f);
    expect(result.delivered).toContain("output truncated");
    for (const line of f.text.split("\n").filter((l) => /^make: \*\*\* /.test(l))) expect(result.delivered).toContain(line);
    expect(result.delivered).toContain("make: Target 'test' not remade because of errors.");
  });
});

describe("routing to the build distiller", () => {
  const commands = [
    "cargo build",
    "cargo clippy -- -D warnings",
    "tsc --noEmit",
    "npx tsc --noEmit",
    "yarn tsc",
    "make",
    "./configure",
    "cmake --build build",
    "gcc -o app main.c",
    "go build ./...",
    "npx webpack",
    "npx vite build",
    "npx esbuild src/a.ts --bundle",
    "npx rollup -c",
    "npm run build",
    "pip install -r requirements.txt",
    "python -m pip install .",
  ];
  for (const command of commands) test(`routes ${command}`, () => expect(routeCommand(command).distiller).toBe("build"));

  test("does not treat a program's own output as a build log (cargo run, go run)", () => {
    for (const command of ["cargo run --release", "cargo r", "go run ./cmd/app"]) expect(routeCommand(command).distiller).toBe("generic");
  });
});

describe("a warning no line is named for", () => {
  test("GHC's `<no location info>: warning:` keeps its head and message among the located warnings", () => {
    const f = loadFixtures("build").find((candidate) => candidate.name === "h10_ghc_weverything_dlist_tests")!;
    const out = distillWith("build", f.text, { command: f.command, failed: false })!;
    expect(out).toContain(
      "<no location info>: warning: [-Wmissing-home-modules]\n    Modules are not listed in command line but needed for compilation: ",
    );
    expect(out).toContain("Data/DList/Internal.hs:1:1: warning: [-Wmissing-export-lists]");
  });
});

describe("gfortran's findings: the place on its own line, the message under the quoted source", () => {
  test("each warning becomes its place and message on one line, its note beside it, the quoted source and markers cut", () => {
    const f = fixture("h7_gfortran_wall_wextra_libxc_master");
    const out = distillWith("build", f.text, { command: f.command, failed: false })!;
    expect(out).toContain("src/libxc_master.F90:1678:26: Warning: ‘c_to_f_string’ defined but not used [-Wunused-function]\n");
    expect(out).toContain(
      "src/libxc_master.F90:1027:42: Warning: ‘c_family’ may be used uninitialized [-Wmaybe-uninitialized]\nsrc/libxc_master.F90:1022:24: note: ‘c_family’ was declared here\n",
    );
    expect(out).not.toContain("call c_f_pointer(");
  });

  test("42 warnings over a fixed-form file: every place kept, grouped counts where there are several files", () => {
    const f = fixture("h4_gfortran_wall_minpack_sources");
    const reply = distillWith("build", f.text, { command: f.command, failed: false })!;
    const out = expandSameAs(reply);
    const places = f.text.split("\n").filter((line) => /^\S+\.f:\d+:\d+:$/.test(line));
    for (const place of places) expect(out).toContain(`${place} `);
    expect(out).toContain("[chkder.f: 4 warnings]");
    expect(byteLength(reply) * 2).toBeLessThan(byteLength(f.text));
  });
});

describe("a wall of rustc errors (clippy -D warnings)", () => {
  test("keeps each error's headline and `-->` location, cuts the quoted source, the suggested rewrite and the docs link", () => {
    const f = loadFixtures("build").find((x) => x.name === "h22_cargo_clippy_rust_hashbrown_deny_warnings")!;
    const out = distillWith("build", f.text, { command: f.command, failed: true })!;
    expect(out).toContain("error: bound is defined in more than one place\n    --> src/map.rs:1175:30");
    expect(out).toContain("error: could not compile `hashbrown` (lib) due to 35 previous errors");
    expect(out).not.toContain("1175 |     pub fn entry_ref");
    expect(out).not.toContain("for further information visit");
    expect(out).not.toContain("3653 +             let (key, value) = self.elem.as_ref();");
  });
});
