/**
 * One real line for every failure shape, by the fixture it was captured in. A shape added without
 * an example, or an example its shape no longer matches, fails here.
 */
export const SHAPE_EXAMPLES: Record<string, { fixture: string; line: string }> = {
  "failure glyph (✗ ✘ ❌ ✖)": { fixture: "test/node_test_spec_fail", line: "✖ slug (4.656426ms)" },
  "test tree ✘ verdict": { fixture: "test/h2_junit_console_vintage_junit4_tree_fail", line: "correctErrorFromMalformedTest" },
  "error: / error[E…]": { fixture: "test/cargo_test_compile_error", line: "error[E0425]: cannot find value `missing_name` in this scope" },
  "failure at the start of the line": {
    fixture: "test/h4_busted_argparse_usage_fail",
    line: "Failure -> spec/usage_spec.lua @ 5",
  },
  "error at the start of the line": {
    fixture: "database/mysql_unknown_table",
    line: "ERROR 1146 (42S02) at line 1: Table 'shop.orders' doesn't exist",
  },
  "fatal:": { fixture: "git/git_status_not_a_repo", line: "fatal: not a git repository (or any of the parent directories): .git" },
  "exception:": { fixture: "generic/java_class_not_found", line: "Caused by: java.lang.ClassNotFoundException: Hello" },
  "panic:": { fixture: "test/go_test_panic_build_failed", line: "panic: runtime error: index out of range [2] with length 2 [recovered]" },
  "build failed / --- FAIL": { fixture: "test/go_test_panic_build_failed", line: "--- FAIL: TestFieldsIndex (0.00s)" },
  "make *** … Error N": { fixture: "build/make_compile_error", line: "make: *** [Makefile:156: adler32.o] Error 1" },
  "npm ERR! / npm error": { fixture: "jsts/npm_install_eresolve", line: "npm error code ERESOLVE" },
  "Python traceback": { fixture: "test/unittest_fail_chunked", line: "Traceback (most recent call last):" },
  "Segmentation fault": { fixture: "generic/segfault_crash", line: "bash: line 1:  7298 Segmentation fault      ./crash" },
  AssertionError: { fixture: "test/mocha_fail_cart", line: "AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:" },
  "Maven BUILD FAILURE": { fixture: "build/mvn_offline_build_failure", line: "[INFO] BUILD FAILURE" },
  "jest ● header": { fixture: "test/jest_fail_map", line: "● Result.Ok › Maps over an Ok value" },
  "TAP not ok": {
    fixture: "test/node_test_fail_camelcase",
    line: "not ok 1 - when option defined with --word-word then option property is wordWord",
  },
  "undefined reference (linker)": { fixture: "build/make_link_error", line: "main.c:(.text.startup+0x2f): undefined reference to `scale'" },
  "shell: command not found": {
    fixture: "test/h10_junitcore_commons_exec_env_failures",
    line: "/home/dev/src/commons-exec-1.3-src/src/test/scripts/ping.sh: 28: ping: not found",
  },
  "rake aborted!": { fixture: "build/h23_rake_compile_ruby_eventmachine_misspelt_member", line: "rake aborted!" },
  "Perl can't locate": {
    fixture: "test/h2_perl_make_test_uri_unescape_fail",
    line: "Can't locate Test/Warnings.pm in @INC (you may need to install the Test::Warnings module) (@INC contains: /home/dev/src/liburi-perl-5.17/blib/lib /home/dev/src/liburi-perl-5.17/blib/arch /etc/perl /usr/local/lib/x86_64-linux-gnu/perl/5.36.0 /usr/local/share/perl/5.36.0 /usr/lib/x86_64-linux-gnu/perl5/5.36 /usr/share/perl5 /usr/lib/x86_64-linux-gnu/perl-base /usr/lib/x86_64-linux-gnu/perl/5.36 /usr/share/perl/5.36 /usr/local/lib/site_perl .) at t/escape.t line 5.",
  },
  "N errors (N > 0)": { fixture: "jsts/eslint_mixed", line: "2 errors and 0 warnings potentially fixable with the `--fix` option." },
  "fail / failed verdict": { fixture: "test/upstream_pytest_failures", line: "FAILED" },
};
