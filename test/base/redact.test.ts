import { describe, expect, test } from "bun:test";
import { isSecretKey, redactSecrets } from "../../src/base/redact.ts";
import { fixture } from "../helpers/pipeline-run.ts";

describe("isSecretKey", () => {
  test.each([
    "GITHUB_TOKEN",
    "NPM_TOKEN",
    "ACCESS_TOKEN",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_ACCESS_KEY_ID",
    "SESSION_SECRET",
    "CLIENT_SECRET",
    "PGPASSWORD",
    "DB_PASSWORD",
    "MYSQL_PWD",
    "OPENAI_API_KEY",
    "APIKEY",
    "SSH_PRIVATE_KEY",
    "GOOGLE_APPLICATION_CREDENTIALS",
    "HTTP_AUTHORIZATION",
    "npm_config_token",
    "SLACK_BOT_TOKEN",
    "DB_PASS",
    "SMTP_PASS",
  ])("treats %s as secret", (key) => {
    expect(isSecretKey(key)).toBe(true);
  });

  test.each([
    "PATH",
    "HOME",
    "PWD",
    "OLDPWD",
    "SSH_AUTH_SOCK",
    "CLAUDE_CODE_MAX_OUTPUT_TOKENS",
    "MAX_TOKENS",
    "KEYBOARD",
    "LOG_LEVEL",
    "TOKENIZERS_PARALLELISM",
    "DATABASE_URL",
    "PASS",
    "Pass",
  ])("leaves %s readable", (key) => {
    expect(isSecretKey(key)).toBe(false);
  });
});

describe("redactSecrets", () => {
  test("masks secret-named assignments and counts them", () => {
    const { text, count } = redactSecrets(fixture("system-ops", "upstream_env_output").text);
    expect(count).toBe(8);
    expect(text).toContain("ANTHROPIC_API_KEY=[REDACTED]\n");
    expect(text).toContain("GITHUB_TOKEN=[REDACTED]\n");
    expect(text).toContain("SSH_AUTH_SOCK=/private/tmp/com.apple.launchd.abc123/Listeners\n");
    expect(text).not.toContain("sk-ant-api03");
  });

  test("masks a URL password up to the last @, keeping user and host", () => {
    const { text } = redactSecrets(fixture("system-ops", "upstream_env_output").text);
    expect(text).toContain("DATABASE_URL=postgres://admin:[REDACTED]@db.example.com:5432/myapp\n");
    expect(text).toContain("REDIS_URL=redis://:[REDACTED]@cache.example.com:6379/0\n");
    expect(text).not.toContain("s3cret");
  });

  test("masks every line of a multi-line private key", () => {
    const pem = "-----BEGIN OPENSSH PRIVATE KEY-----";
    const { text, count } = redactSecrets(
      `HOME=/home/dev\nDEPLOY_PRIVATE_KEY=${pem}\nb3BlbnNzaC1rZXktdjEAAAAA\nAAAAC1zc2gtZW\n-----END OPENSSH PRIVATE KEY-----\nSHELL=/bin/bash\n`,
    );
    // Line for line: a masked Read keeps its line numbers.
    expect(text).toBe(
      "HOME=/home/dev\nDEPLOY_PRIVATE_KEY=[REDACTED]\n[REDACTED]\n[REDACTED]\n-----END OPENSSH PRIVATE KEY-----\nSHELL=/bin/bash\n",
    );
    expect(count).toBe(1);
  });

  test("counts a private key's header masked under a secret's name when its body was masked before", () => {
    // Found by the property test: the body's line was `[REDACTED]` in the input, so nothing else counted.
    const header = "GITHUB_TOKEN=-----BEGIN RSA PRIVATE KEY----------END RSA PRIVATE KEY-----#01 Format: PASSED";
    expect(redactSecrets(`${header}\n[REDACTED]`)).toEqual({ text: "GITHUB_TOKEN=[REDACTED]\n[REDACTED]", count: 1 });
    const split = "DEPLOY_PRIVATE_KEY=-----BEGIN OPENSSH PRIVATE KEY-----\n[REDACTED]\n-----END OPENSSH PRIVATE KEY-----\n";
    expect(redactSecrets(split).count).toBe(1);
  });

  test("keeps every terminator of a key's body that holds a NUL", () => {
    // Found by the property test, on an EUnit line that prints a NUL.
    const text = "-----BEGIN RSA PRIVATE KEY-----  cow_qs: -urlencode_test_/0-fun-1- (\ufffd\u0000)...ok\n\\n";
    expect(redactSecrets(text)).toEqual({ text: "-----BEGIN RSA PRIVATE KEY-----[REDACTED]\n\\n", count: 1 });
  });

  test("keeps line endings byte for byte and touches nothing else", () => {
    const input = 'export NPM_TOKEN=abc\r\nPATH=/usr/bin\r\ndeclare -x API_KEY="q"\r\n';
    expect(redactSecrets(input).text).toBe('export NPM_TOKEN=[REDACTED]\r\nPATH=/usr/bin\r\ndeclare -x API_KEY="[REDACTED]"\r\n');
  });

  test("does not count values that are already masked or empty", () => {
    expect(redactSecrets("GITHUB_TOKEN=\nNPM_TOKEN=[REDACTED]\nPGPASSWORD=****\nurl=https://user:[REDACTED]@host/\n").count).toBe(0);
  });

  test("leaves credentials in free text alone: a failing URL test must stay readable", () => {
    const { text } = fixture("test", "vitest_fail_trailing_slash");
    expect(text).toContain("http://userid:password@example.com:8080");
    expect(redactSecrets(text)).toEqual({ text, count: 0 });
  });

  test("leaves a harness's PASS verdicts readable (automake, busybox): a test name is no password", () => {
    const { text } = fixture("test", "h2_make_k_check_grep_pass_undetected");
    expect(text).toContain("PASS: backref\n");
    expect(redactSecrets(text)).toEqual({ text, count: 0 });
  });

  test("leaves EUnit's verdict lines readable: a module named cow_cookie does not make a test name a cookie", () => {
    const log = "  cow_cookie: setcookie_max_age_test...*failed*\n  cow_cookie: -parse_cookie_test_/0-fun-1- ()...ok\n";
    expect(redactSecrets(log)).toEqual({ text: log, count: 0 });
    expect(redactSecrets("session_cookie: s3cr3tV4lu3xyzABC\n").count).toBe(1);
  });

  test("leaves test-unit's verbose lines readable: a test named test_token_kinds is a test, its dot and timing no token", () => {
    const { text } = fixture("test", "h15_ruby_coderay_functional_suite_v_pass");
    expect(text).toContain("  test_token_kinds:\t\t\t\t\t.: (0.001248)\n");
    expect(redactSecrets(text)).toEqual({ text, count: 0 });
    expect(redactSecrets("api_token: .a8Fk2Lm9Qz7Xw3Rt\n").count).toBe(1);
  });

  test("leaves a comparison readable: `magic_cookie_glitch==magic_cookie_glitch` in a Go test's message assigns nothing", () => {
    const { text } = fixture("test", "h19_go_test_v_terminfo_capnames_fail");
    expect(text).toContain("(magic_cookie_glitch==magic_cookie_glitch)");
    expect(redactSecrets(text)).toEqual({ text, count: 0 });
    expect(redactSecrets("if (COOKIE == expected) return\n").count).toBe(0);
    expect(redactSecrets("(session_cookie=s3cr3tV4lu3xyzABC)\n").count).toBe(1);
  });

  test("reads a PHP hash's `'Authorization' => 'Basic …'` as the header it is: the value masked, the arrow kept", () => {
    const { text } = fixture("test", "h21_phpunit_getallheaders_substr_off_by_one_fail");
    expect(text).toContain("-    'Authorization' => 'Basic Zm9vOmJhcg=='\n");
    const out = redactSecrets(text).text;
    expect(out).toContain("-    'Authorization' => 'Basic [REDACTED]'\n");
    expect(out).not.toContain("=[REDACTED]");
    expect(redactSecrets("if (authorization == expected) {\n").count).toBe(0);
  });

  test("leaves code readable in a diff: a variable passed on under its name, a format field, a docstring's sentence", () => {
    const { text } = fixture("build", "h21_black_check_diff_httplib2_init");
    for (const line of [
      "         self.credentials = credentials\n",
      "         self.key_password = key_password\n",
      '+            \'UsernameToken Username="%s", PasswordDigest="%s", \'\n',
      "-          proxy_pass: The password used to authenticate with the proxy server.\n",
    ])
      expect(text).toContain(line);
    expect(redactSecrets(text)).toEqual({ text, count: 0 });
    // The same names with real values are still masked.
    expect(redactSecrets("self.key_password = hunter2\n").count).toBe(1);
    expect(redactSecrets('PasswordDigest="s3cr3tV4lu3"\n').count).toBe(1);
    expect(redactSecrets("proxy_pass: correct horse battery staple\n").count).toBe(1);
    expect(redactSecrets("DB_PASSWORD=%sx9\n").count).toBe(1);
  });

  test("masks in one call what a first mask uncovers: a token named as an assignment hid the password in its quoted value", () => {
    const text = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB="  declare -x PGPASSWORD=Failed asserting that "ParseError" matches\n';
    const once = redactSecrets(text);
    expect(once.text).toBe('[REDACTED]="  declare -x PGPASSWORD=[REDACTED] asserting that "ParseError" matches\n');
    expect(once.count).toBe(2);
    expect(redactSecrets(once.text).count).toBe(0);
  });

  test("leaves text without secrets identical", () => {
    const { text } = fixture("git", "git_status_zlib");
    expect(redactSecrets(text)).toEqual({ text, count: 0 });
  });

  test("U+2028 does not start a line: masking a token before one leaves nothing for a second pass", () => {
    // The property test's counterexample: a token, then a line separator, then an assignment.
    const text = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzABx=y\u2028GITHUB_TOKEN=127.0.0.1 - - "GET / HTTP/1.1" 200 -\n';
    const once = redactSecrets(text);
    expect(once.count).toBe(1);
    expect(redactSecrets(once.text).count).toBe(0);
    expect(redactSecrets("50%\rAPI_KEY=Zm9vYmFyQmF6UXV4MTIzNDU2Nzg5 rest").text).toBe("50%\rAPI_KEY=[REDACTED]");
  });
});
