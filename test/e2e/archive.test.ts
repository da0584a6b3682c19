/**
 * Nothing lost: a 3 MB failing test run through `omni exec` comes back as its failures and one
 * handle, and the delivered text plus the retrieved block hold every original line. A block is
 * stored packed, and `--lines` / `--grep` read part of it.
 */
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const TESTS = 52_000;
const FAILING = [1234, 30_001];

/** A `cargo` on PATH that prints a 3 MB libtest run with two failures and exits 101. */
function fakeCargo(dir: string): string {
  const bin = join(dir, "bin");
  mkdirSync(bin, { recursive: true });
  const script = `
const out = ["   Compiling omni-demo v0.1.0 (/home/dev/omni-demo)", "    Finished \`test\` profile [unoptimized + debuginfo] target(s) in 4.21s", "     Running unittests src/lib.rs (target/debug/deps/omni_demo-1a2b3c4d5e6f7a8b)", "", "running ${TESTS} tests"];
const failing = ${JSON.stringify(FAILING)};
for (let i = 0; i < ${TESTS}; i++) out.push(failing.includes(i) ? "test parser::case_" + i + " ... FAILED" : "test parser::case_" + i + "_handles_input_of_length_" + i * 7 + " ... ok");
out.push("", "failures:");
for (const i of failing) out.push("", "---- parser::case_" + i + " stdout ----", "thread 'parser::case_" + i + "' panicked at src/parser.rs:" + (i % 400) + ":9:", "assertion \`left == right\` failed", "  left: " + i, " right: " + (i + 1));
out.push("", "failures:", ...failing.map((i) => "    parser::case_" + i), "", "test result: FAILED. ${TESTS - 2} passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 12.34s");
process.stdout.write(out.join("\\n") + "\\n");
process.exitCode = 101;
`;
  writeFileSync(join(bin, "cargo-run.js"), script);
  writeFileSync(join(bin, "cargo"), `#!/bin/sh\nexec node "${join(bin, "cargo-run.js")}"\n`);
  chmodSync(join(bin, "cargo"), 0o755);
  return bin;
}

test("a 3 MB run through omni exec: every removed line is retrievable, the block is stored packed, and --lines/--grep read part of it", () => {
  sandbox = makeSandbox({ OMNI_AGENT_ID: "claude_code" });
  const env = { ...sandbox.env, PATH: `${fakeCargo(sandbox.home)}:${sandbox.env.PATH}` };
  const raw = runOmni(["exec", "cargo", "test"], { env: { ...env, OMNI_PASSTHROUGH: "1" } }).stdout.toString();
  expect(Buffer.byteLength(raw)).toBeGreaterThan(3_000_000);
  const run = runOmni(["exec", "cargo", "test"], { env });
  expect(run.exitCode).toBe(101);
  const delivered = run.stdout.toString();
  const handles = [...delivered.matchAll(/omni retrieve ([0-9a-f]{16})/g)].map((m) => m[1]!);
  expect(handles.length).toBeGreaterThan(0);
  for (const i of FAILING) expect(delivered).toContain(`parser::case_${i}`);
  const retrieved = handles.map((handle) => {
    const pulled = runOmni(["retrieve", handle], { env });
    expect(pulled.exitCode).toBe(0);
    return pulled.stdout.toString();
  });
  // Every original line is in what was delivered or in a retrieved block.
  const available = new Set([...delivered.split("\n"), ...retrieved.flatMap((block) => block.split("\n"))]);
  const missing = raw.split("\n").filter((line) => !available.has(line));
  console.log(
    `3 MB exec: raw ${Buffer.byteLength(raw)} bytes, ${raw.split("\n").length} lines; delivered ${Buffer.byteLength(delivered)} bytes; ${handles.length} handle(s); lines in neither: ${missing.length}`,
  );
  expect(missing).toEqual([]);
  expect(retrieved).toContain(raw);

  const db = new Database(sandbox.dbPath, { readonly: true });
  const row = db
    .query("SELECT codec, bytes, length(packed) AS stored, length(content) AS plain FROM rewind_store WHERE hash = ?1")
    .get(handles[0]!) as { codec: string; bytes: number; stored: number; plain: number };
  db.close();
  console.log(`archived block: ${row.bytes} bytes stored as ${row.stored} (${row.codec}, ${(row.bytes / row.stored).toFixed(1)}x)`);
  expect(row.codec).toBe("zstd");
  expect(row.bytes).toBe(Buffer.byteLength(raw));
  expect(row.stored).toBeLessThan(row.bytes / 4);
  expect(row.plain).toBe(0);

  const window = runOmni(["retrieve", handles[0]!, "--lines", "6-8"], { env });
  expect(window.stdout.toString()).toBe(raw.split("\n").slice(5, 8).join("\n") + "\n");
  expect(window.stderr).toContain("lines 6-8 of");
  const grep = runOmni(["retrieve", handles[0]!, "--grep", "FAILED$"], { env });
  expect(grep.stdout.toString()).toBe(FAILING.map((i) => `${i + 6}:test parser::case_${i} ... FAILED\n`).join(""));
  expect(runOmni(["retrieve", handles[0]!, "--lines", "9-2"], { env }).exitCode).toBe(1);
}, 120_000);
