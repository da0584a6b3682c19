import { afterEach, expect, test } from "bun:test";
import { lineKey, sha256Key } from "../../src/base/handle.ts";
import { splitInclusive } from "../../src/base/lines.ts";
import { openRuntime } from "../../src/runtime/deps.ts";
import { nativeSha256Key } from "../../src/platform/hash.ts";
import { loadFixtures } from "../helpers/fixtures.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox | undefined;
afterEach(() => sandbox?.cleanup());

/** Every line of every captured fixture, with its own terminator. */
const lines = loadFixtures().flatMap((fixture) => splitInclusive(fixture.text));

test("the sample holds CRLF, non-ASCII and whitespace-only lines", () => {
  expect(lines.length).toBeGreaterThan(10_000);
  expect(lines.some((line) => line.endsWith("\r\n"))).toBe(true);
  expect(lines.some((line) => /[^\x00-\x7f]/.test(line))).toBe(true);
  expect(lines.some((line) => line.trim() === "" && line !== "\n")).toBe(true);
});

test("the native hash gives the same ledger key as the node:crypto default for every real line", () => {
  const differing = lines.filter((line) => lineKey(line, nativeSha256Key) !== lineKey(line));
  expect(differing).toEqual([]);
});

test("the native hash agrees on untrimmed lines too, and with a known digest", () => {
  const differing = lines.filter((line) => nativeSha256Key(line) !== sha256Key(line));
  expect(differing).toEqual([]);
  // SHA-256("abc") begins ba7816bf8f01cfea: both cannot agree on a wrong answer.
  expect(nativeSha256Key("abc")).toBe("ba7816bf8f01cfea");
  expect(sha256Key("abc")).toBe("ba7816bf8f01cfea");
});

test("the entry points' runtime keys lines with the native hash", () => {
  sandbox = makeSandbox();
  const runtime = openRuntime(sandbox.env);
  try {
    expect(runtime.deps.sha256Key).toBe(nativeSha256Key);
  } finally {
    runtime.db?.close();
  }
});
