import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseDocument } from "yaml";
import { z } from "zod";
import { OMNI_EXE, makeSandbox, putOmniOnPath, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const partState = z.enum(["ok", "missing", "stale", "broken", "not installed", "n/a"]);
const doctorSchema = z
  .object({
    ok: z.boolean(),
    version: z.string().regex(/^\d+\.\d+\.\d+/),
    binary: z.object({ path: z.string(), executable: z.boolean(), on_path: z.string().nullable() }).strict(),
    config_dir: z
      .object({
        path: z.string(),
        exists: z.boolean(),
        mode: z
          .string()
          .regex(/^[0-7]{3}$/)
          .nullable(),
        owner_only: z.boolean(),
      })
      .strict(),
    database: z
      .object({
        path: z.string(),
        opens: z.boolean(),
        writable: z.boolean(),
        mode: z
          .string()
          .regex(/^[0-7]{3}$/)
          .nullable(),
        owner_only: z.boolean(),
        error: z.string().nullable(),
      })
      .strict(),
    hosts: z.array(
      z
        .object({
          id: z.string(),
          label: z.string(),
          tier: z.enum(["Full", "Handoff-first", "MCP-only"]),
          installed: z.boolean(),
          hooks: partState,
          mcp: partState,
          settings: partState,
          files: z.array(z.string()),
          findings: z.array(
            z
              .object({
                file: z.string(),
                part: z.enum(["hook", "mcp", "setting"]),
                kind: z.enum(["corrupt", "missing", "broken", "stale"]),
                problem: z.string(),
                fix: z.string(),
                fixable: z.boolean(),
              })
              .strict(),
          ),
          problems: z.array(z.string()),
          note: z.string().nullable(),
        })
        .strict(),
    ),
    mcp_tools: z
      .object({
        advertised: z.number().int(),
        total: z.literal(25),
        agent: z.string(),
        line: z.string().regex(/^MCP tools: \d+ of 25 advertised to \S+/),
      })
      .strict(),
    problems: z.array(z.string()),
    fixed: z.array(z.string()),
  })
  .strict();

function doctor(...flags: string[]) {
  const result = runOmni(["doctor", ...flags], { env: sandbox.env, cwd: sandbox.home });
  return { exitCode: result.exitCode, stdout: result.stdout.toString() };
}

function init(flag: string): void {
  expect(runOmni(["init", flag], { env: sandbox.env, cwd: sandbox.home }).exitCode).toBe(0);
}

/**
 * What approving omni's hooks under Codex's /hooks leaves in config.toml, in the shape Codex
 * 0.171.0 reads (measured with `codex app-server` hooks/list: a table per hook, keyed by
 * hooks.json path, event, group and handler; the hash is Codex's digest of the definition).
 */
function codexTrustRecord(home: string, extra = ""): string {
  const hooks = join(home, ".codex", "hooks.json");
  return ["pre_tool_use", "session_start"]
    .map((event, index) => `\n[hooks.state."${hooks}:${event}:0:0"]\ntrusted_hash = "sha256:${String(index + 1).repeat(64)}"\n${extra}`)
    .join("");
}

function trustCodexHooks(extra = ""): void {
  const config = join(sandbox.home, ".codex", "config.toml");
  writeFileSync(config, readFileSync(config, "utf8") + codexTrustRecord(sandbox.home, extra));
}

describe("omni doctor", () => {
  test("--json prints only a JSON document that matches the schema, with every host and its tier", () => {
    sandbox = makeSandbox();
    putOmniOnPath(sandbox);
    init("--claude");
    init("--codex");
    trustCodexHooks();
    const { exitCode, stdout } = doctor("--json");
    const report = doctorSchema.parse(JSON.parse(stdout));
    expect(report.hosts.map((host) => host.id)).toEqual([
      "claude",
      "cursor",
      "codex",
      "gemini",
      "cline",
      "roo",
      "copilot",
      "opencode",
      "zed",
      "openclaw",
      "antigravity",
      "hermes",
      "vscode",
      "pi",
    ]);
    const claude = report.hosts.find((host) => host.id === "claude")!;
    expect([claude.installed, claude.tier, claude.hooks, claude.mcp]).toEqual([true, "Full", "ok", "ok"]);
    expect(report.hosts.find((host) => host.id === "codex")!.note).toContain("Hooks need review");
    expect(report.hosts.find((host) => host.id === "zed")!.mcp).toBe("not installed");
    expect(report.mcp_tools.line).toBe("MCP tools: 9 of 25 advertised to claude_code (OMNI_MCP_TOOLS=all restores the rest)");
    expect(report.database.opens && report.database.writable && report.database.owner_only).toBe(true);
    expect(exitCode).toBe(0);
  });

  test("reports a hook pointing at a missing executable and a read-only database, and --fix repairs both", () => {
    sandbox = makeSandbox();
    putOmniOnPath(sandbox);
    init("--claude");
    const settings = join(sandbox.home, ".claude", "settings.json");
    writeFileSync(settings, readFileSync(settings, "utf8").replace(`${OMNI_EXE} --post-hook`, "/gone/bin/omni --post-hook"));
    expect(runOmni(["exec", "true"], { env: sandbox.env }).exitCode).toBe(0);
    chmodSync(sandbox.dbPath, 0o444);

    const broken = doctor("--json");
    expect(broken.exitCode).toBe(1);
    const report = doctorSchema.parse(JSON.parse(broken.stdout));
    expect(report.hosts.find((host) => host.id === "claude")!.hooks).toBe("broken");
    expect(report.problems.join("\n")).toContain("missing executable /gone/bin/omni");
    expect(report.problems.join("\n")).toContain("is read-only (mode 400");
    expect(doctor().stdout).toContain("omni doctor --fix repairs what it can");

    const fixed = doctor("--fix", "--json");
    const after = doctorSchema.parse(JSON.parse(fixed.stdout));
    expect(fixed.exitCode).toBe(0);
    expect(after.problems).toEqual([]);
    expect(after.fixed.join("\n")).toContain("rewrote Claude Code configuration");
    expect(after.fixed.join("\n")).toContain("to mode 600");
    expect(readFileSync(settings, "utf8")).not.toContain("/gone/bin/omni");
    expect(statSync(sandbox.dbPath).mode & 0o777).toBe(0o600);
  });

  test("moves a corrupt database aside with --fix, keeps it, and the next run works", () => {
    sandbox = makeSandbox();
    putOmniOnPath(sandbox);
    mkdirSync(dirname(sandbox.dbPath), { recursive: true, mode: 0o700 });
    writeFileSync(sandbox.dbPath, "this is not an SQLite database, just text ".repeat(50), { mode: 0o600 });
    expect(JSON.parse(doctor("--json").stdout).database.opens).toBe(false);
    const fixed = JSON.parse(doctor("--fix", "--json").stdout);
    expect(
      fixed.fixed.some(
        (line: string) => line.startsWith("moved the corrupt database aside to ") && line.endsWith(" and created a fresh one"),
      ),
    ).toBe(true);
    expect(fixed.database.opens).toBe(true);
    const aside = readdirSync(dirname(sandbox.dbPath)).filter((name) => name.startsWith("omni.db.corrupt-"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dirname(sandbox.dbPath), aside[0]!), "utf8")).toStartWith("this is not an SQLite database");
    expect(runOmni(["--post-hook"], { env: sandbox.env, stdin: "{}" }).exitCode).toBe(0);
  });

  test("prints the tier for each installed host and the MCP set in text form", () => {
    sandbox = makeSandbox({ OMNI_MCP_TOOLS: "ALL" });
    putOmniOnPath(sandbox);
    init("--cline");
    const { stdout } = doctor();
    expect(stdout).toMatch(/Cline\s+MCP-only\s+hooks: n\/a\s+mcp: ok/);
    expect(stdout).toContain("MCP tools: all 25 advertised to claude_code (OMNI_MCP_TOOLS=all)");
  });

  test("checks Hermes' three conditions one by one: the plugin enabled, the MCP server, compression on", () => {
    sandbox = makeSandbox();
    putOmniOnPath(sandbox);
    init("--hermes");
    const hermes = () => {
      const result = doctor("--json");
      const report = doctorSchema.parse(JSON.parse(result.stdout));
      return { exitCode: result.exitCode, host: report.hosts.find((host) => host.id === "hermes")! };
    };
    expect(hermes()).toMatchObject({ exitCode: 0, host: { installed: true, hooks: "ok", mcp: "ok", settings: "ok", problems: [] } });

    const config = join(sandbox.home, ".hermes", "config.yaml");
    const edit = (path: string[], value: unknown) => {
      const doc = parseDocument(readFileSync(config, "utf8"));
      if (value === undefined) doc.deleteIn(path);
      else doc.setIn(path, value);
      writeFileSync(config, doc.toString());
    };
    edit(["compression", "enabled"], false);
    const off = hermes();
    expect(off.exitCode).toBe(1);
    expect(off.host.settings).toBe("stale");
    expect(off.host.problems).toEqual([
      `compression.enabled in ${config} is false, and omni needs it true; init never overrides your own setting, so change it there yourself`,
    ]);
    // init keeps the user's false: the problem stays until they change it, and --fix claims no repair.
    init("--hermes");
    expect(hermes().host.settings).toBe("stale");
    const fix = JSON.parse(doctor("--fix", "--json").stdout);
    expect(fix.fixed.filter((line: string) => line.includes("Hermes"))).toEqual([]);
    expect(parseDocument(readFileSync(config, "utf8")).getIn(["compression", "enabled"])).toBe(false);

    edit(["compression", "enabled"], true);
    edit(["plugins", "enabled"], []);
    const disabled = hermes();
    expect(disabled.host.hooks).toBe("missing");
    expect(disabled.host.problems.join("\n")).toContain(`plugins.enabled (omni-signal-engine) in ${config}`);

    edit(["plugins", "enabled"], ["omni-signal-engine"]);
    edit(["mcp_servers", "omni"], undefined);
    const noServer = hermes();
    expect([noServer.host.hooks, noServer.host.mcp]).toEqual(["ok", "missing"]);
    expect(noServer.host.problems.join("\n")).toContain(`mcp_servers.omni in ${config}`);
  });

  test("fails for Codex until its hooks carry a trust record, and again when one is switched off", () => {
    sandbox = makeSandbox();
    putOmniOnPath(sandbox);
    init("--codex");
    const codex = () => {
      const result = doctor("--json");
      return {
        exitCode: result.exitCode,
        problems: doctorSchema.parse(JSON.parse(result.stdout)).hosts.find((host) => host.id === "codex")!.problems,
      };
    };
    const config = join(sandbox.home, ".codex", "config.toml");
    const untrusted = codex();
    expect(untrusted.exitCode).toBe(1);
    expect(untrusted.problems).toEqual([
      `Codex has no trust record for omni's PreToolUse, SessionStart hook(s) in ${config}, so it skips them: start codex once and approve them under “Hooks need review” (/hooks)`,
    ]);
    expect(doctor().stdout).toContain("approve them under “Hooks need review” (/hooks)");

    trustCodexHooks();
    expect(codex()).toEqual({ exitCode: 0, problems: [] });
    // init again changes nothing Codex trusts: the records stay and so does the pass.
    init("--codex");
    expect(codex().exitCode).toBe(0);

    writeFileSync(
      config,
      readFileSync(config, "utf8").replace(/\ntrusted_hash = "sha256:2+"\n/, (line) => `${line}enabled = false\n`),
    );
    expect(codex().problems).toEqual(["omni's SessionStart hook(s) are switched off in Codex: enable them again under /hooks"]);
  });
});
