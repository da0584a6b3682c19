/**
 * No secret in the reply or in any database file: the corpus goes through real hook processes
 * (Bash output, a Read of a config file read twice so the ledger archives it, a JSON reply, and
 * secrets typed on command lines), then every byte of the database, its -wal and -shm, and every
 * archived block unpacked, is searched. Every look-alike comes through intact.
 */
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readFileSync } from "node:fs";
import { bashPayload } from "../../src/bench/latency.ts";
import { allBlocks } from "../helpers/archive-rows.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { lookAlikes, secretCorpus } from "../helpers/secrets-corpus.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

function readPayload(path: string, content: string, session: string): string {
  const lines = content.split("\n").length;
  return JSON.stringify({
    session_id: session,
    hook_event_name: "PostToolUse",
    cwd: "/home/dev/app",
    tool_name: "Read",
    tool_input: { file_path: path },
    tool_response: { type: "text", file: { filePath: path, content, numLines: lines, startLine: 1, totalLines: lines } },
  });
}

function replyText(stdout: string): string {
  if (stdout.trim() === "") return "";
  const reply = JSON.parse(stdout) as { hookSpecificOutput?: { updatedToolOutput?: unknown; updatedMCPToolOutput?: unknown } };
  return JSON.stringify(reply);
}

test("no secret of the corpus reaches the reply or any database file (WAL included); every look-alike is intact", () => {
  sandbox = makeSandbox();
  const secrets = secretCorpus();
  const looks = lookAlikes();
  const filler = Array.from({ length: 300 }, (_, i) => `[info] worker ${i % 7} processed batch ${i} in ${(i * 37) % 900}ms`);
  const log = [...secrets.map((s) => s.line), ...looks, ...filler].join("\n");
  const config = [...secrets.map((s, i) => `${s.line}\n${looks[i % looks.length]}`), ...filler].join("\n");
  const json = JSON.stringify(
    { items: looks.map((line, i) => ({ id: i, note: line })), auth: { password: secrets[32]!.value, token: secrets[0]!.value } },
    null,
    2,
  );
  const payloads = [
    bashPayload("npm run start", log, "s1"),
    bashPayload(`curl -H "Authorization: Bearer ${secrets[25]!.value}" https://api.example.com/v1/items`, json, "s1"),
    bashPayload(secrets.find((s) => s.kind === "command-line env assignment")!.line, `${filler.join("\n")}\n`, "s1"),
    bashPayload(secrets.find((s) => s.kind === "command-line password flag")!.line, `${filler.join("\n")}\n`, "s1"),
    readPayload("/home/dev/app/config/settings.env", config, "s1"),
    readPayload("/home/dev/app/config/settings.env", config, "s1"),
    readPayload("/home/dev/app/config/settings.env", config, "s2"),
  ];
  // A reader holds the database open, so the last hook's close leaves the -wal and -shm to search.
  expect(runOmni(["exec", "true"], { env: sandbox.env }).exitCode).toBe(0);
  const holder = new Database(sandbox.dbPath);
  holder.query("SELECT COUNT(*) FROM distillations").get();
  const replies: string[] = [];
  try {
    for (const payload of payloads) {
      const run = runOmni(["--post-hook"], { env: sandbox.env, stdin: payload });
      expect(run.exitCode).toBe(0);
      replies.push(replyText(run.stdout.toString()));
    }
    runOmni(["exec", "sh", "-c", `printf '%s\\n' ${JSON.stringify(secrets[5]!.line)}`], { env: sandbox.env });
    const files = [sandbox.dbPath, `${sandbox.dbPath}-wal`, `${sandbox.dbPath}-shm`].filter(existsSync);
    expect(files.length).toBe(3);
    const stored = [...files.map((file) => readFileSync(file).toString("latin1")), ...allBlocks(holder).map((block) => block.content)];
    const archived = allBlocks(holder).length;
    expect(archived).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const secret of secrets) {
      for (const part of secret.value.split("\n").filter((p) => p.length >= 8)) {
        if (replies.some((reply) => reply.includes(part))) leaks.push(`${secret.kind} in a reply`);
        if (stored.some((bytes) => bytes.includes(part))) leaks.push(`${secret.kind} in the database`);
      }
    }
    const delivered = replies.join("\n");
    const changed = replies.filter((reply) => reply !== "").length;
    const intact = looks.filter((line) => delivered.includes(JSON.stringify(line).slice(1, -1)));
    console.log(
      `secrets: ${secrets.length} of ${new Set(secrets.map((s) => s.kind.split(" ")[0])).size} kinds; replies changed: ${changed}/${replies.length}; archived blocks: ${archived}; database files searched: ${files.map((f) => f.slice(sandbox.dbPath.length) || "db").join(", ")} (${stored.reduce((n, s) => n + s.length, 0)} bytes); leaks: ${leaks.length}; look-alikes intact in replies: ${intact.length}/${looks.length}`,
    );
    expect(leaks).toEqual([]);
    expect(intact).toEqual(looks);
  } finally {
    holder.close();
  }
}, 60_000);
