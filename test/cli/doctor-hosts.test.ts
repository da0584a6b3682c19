/**
 * doctor on broken host configurations, one host family each: a file omni wrote that is gone or
 * no longer parses keeps its host in the report as a failure naming the file and the fix;
 * `--fix` repairs what is omni's own and says why it leaves a file it cannot parse.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeSandbox, OMNI_EXE, putOmniOnPath, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

interface Finding {
  file: string;
  kind: string;
  problem: string;
  fix: string;
  fixable: boolean;
}
interface Report {
  ok: boolean;
  hosts: { id: string; installed: boolean; hooks: string; mcp: string; findings: Finding[]; problems: string[] }[];
  problems: string[];
  fixed: string[];
}

function doctor(...flags: string[]): { exitCode: number; text: string; report: Report } {
  const json = runOmni(["doctor", "--json", ...flags], { env: sandbox.env, cwd: sandbox.home });
  const text = runOmni(["doctor"], { env: sandbox.env, cwd: sandbox.home });
  expect(text.exitCode).toBe(json.exitCode);
  return { exitCode: json.exitCode, text: text.stdout.toString(), report: JSON.parse(json.stdout.toString()) as Report };
}

function init(flag: string): void {
  expect(runOmni(["init", flag], { env: sandbox.env, cwd: sandbox.home }).exitCode).toBe(0);
}

/** Codex skips hooks nobody trusted: the record approving them under /hooks leaves in config.toml. */
function trustCodex(): void {
  const hooks = join(sandbox.home, ".codex", "hooks.json");
  const config = join(sandbox.home, ".codex", "config.toml");
  const records = ["pre_tool_use", "session_start"]
    .map((event, i) => `\n[hooks.state."${hooks}:${event}:0:0"]\ntrusted_hash = "sha256:${String(i + 1).repeat(64)}"\n`)
    .join("");
  writeFileSync(config, readFileSync(config, "utf8") + records);
}

interface BrokenCase {
  name: string;
  host: string;
  /** The file the report must name. */
  file: (home: string) => string;
  kind: "corrupt" | "missing" | "broken";
  setUp?: () => void;
  breakIt: (file: string) => void;
  /** --fix repairs it (else: it says why not, and changes nothing). */
  fixable: boolean;
}

const CASES: BrokenCase[] = [
  {
    name: "Gemini CLI's settings.json no longer parses",
    host: "gemini",
    file: (home) => join(home, ".gemini", "settings.json"),
    kind: "corrupt",
    breakIt: (file) => writeFileSync(file, readFileSync(file, "utf8").replace(/}\s*$/, "").replace('"hooks"', "hooks")),
    fixable: false,
  },
  {
    name: "Pi's extension file was deleted",
    host: "pi",
    file: (home) => join(home, ".pi", "agent", "extensions", "omni.ts"),
    kind: "missing",
    breakIt: (file) => rmSync(file),
    fixable: true,
  },
  {
    name: "a Claude Code hook points at a binary that is gone",
    host: "claude",
    file: (home) => join(home, ".claude", "settings.json"),
    kind: "broken",
    breakIt: (file) => writeFileSync(file, readFileSync(file, "utf8").replaceAll(`${OMNI_EXE} --pre-hook`, "/opt/old/omni --pre-hook")),
    fixable: true,
  },
  {
    name: "Codex CLI's hooks.json is missing",
    host: "codex",
    file: (home) => join(home, ".codex", "hooks.json"),
    kind: "missing",
    setUp: trustCodex,
    breakIt: (file) => rmSync(file),
    fixable: true,
  },
  {
    name: "Codex CLI's config.toml no longer parses",
    host: "codex",
    file: (home) => join(home, ".codex", "config.toml"),
    kind: "corrupt",
    setUp: trustCodex,
    breakIt: (file) => writeFileSync(file, `model = "o4\n${readFileSync(file, "utf8")}`),
    fixable: false,
  },
  {
    name: "OpenCode's plugin file is missing",
    host: "opencode",
    file: (home) => join(home, ".config", "opencode", "plugins", "omni.ts"),
    kind: "missing",
    breakIt: (file) => rmSync(file),
    fixable: true,
  },
  {
    name: "Claude Code's settings.json was deleted",
    host: "claude",
    file: (home) => join(home, ".claude", "settings.json"),
    kind: "missing",
    breakIt: (file) => rmSync(file),
    fixable: true,
  },
];

describe("omni doctor on a broken host configuration", () => {
  test.each(CASES.map((c) => [c.name, c] as const))("%s: fails naming the file, and --fix repairs it or says why not", (_name, c) => {
    sandbox = makeSandbox();
    putOmniOnPath(sandbox);
    init(`--${c.host}`);
    c.setUp?.();
    expect(doctor().exitCode).toBe(0);

    const file = c.file(sandbox.home);
    c.breakIt(file);
    const broken = doctor();
    expect(broken.exitCode).toBe(1);
    const host = broken.report.hosts.find((candidate) => candidate.id === c.host)!;
    // The host does not vanish from the report: it is installed, and failing.
    expect(host.installed).toBe(true);
    expect(host.findings.map((finding) => [finding.kind, finding.file])).toContainEqual([c.kind, file]);
    expect(broken.report.problems.join("\n")).toContain(file);
    expect(broken.text).toContain(file);
    expect(broken.text).not.toContain("All good.");
    const finding = host.findings.find((candidate) => candidate.file === file)!;
    expect(finding.fixable).toBe(c.fixable);

    const before = existsSync(file) ? readFileSync(file, "utf8") : null;
    const fixed = doctor("--fix");
    if (c.fixable) {
      expect(fixed.exitCode).toBe(0);
      expect(fixed.report.fixed.join("\n")).toContain(file);
      expect(doctor().exitCode).toBe(0);
    } else {
      // Left exactly as it was, and the problem line says why and what repairs it.
      expect(fixed.exitCode).toBe(1);
      expect(readFileSync(file, "utf8")).toBe(before!);
      expect(finding.fix).toContain("does not rewrite a file it cannot parse");
      expect(finding.fix).toContain(`omni init --${c.host}`);
      expect(fixed.report.problems.join("\n")).toContain(finding.fix);
    }
  });
});

describe("omni doctor and PATH", () => {
  test("fails with the exact fix when the agent's shell cannot run `omni`; --fix links it into ~/.local/bin", () => {
    sandbox = makeSandbox();
    init("--claude");
    const bare = doctor();
    expect(bare.exitCode).toBe(1);
    expect(bare.report.problems.join("\n")).toContain("`omni` is not on PATH");
    expect(bare.report.problems.join("\n")).toContain(`ln -s ${OMNI_EXE} <a directory on your PATH>/omni`);
    expect(bare.text).toContain("not on PATH: the agent cannot run omni retrieve");
    // --fix cannot link without a directory of the user's own on PATH, and says so by the problem staying.
    expect(doctor("--fix").exitCode).toBe(1);

    const bin = join(sandbox.home, ".local", "bin");
    runOmni(["--version"], { env: sandbox.env });
    Bun.spawnSync(["mkdir", "-p", bin]);
    sandbox.env.PATH = `${bin}:${sandbox.env.PATH}`;
    expect(doctor().report.problems.join("\n")).toContain(`omni doctor --fix (links ${join(bin, "omni")} to ${OMNI_EXE})`);
    const fixed = doctor("--fix");
    expect(fixed.report.fixed.join("\n")).toContain(`linked ${join(bin, "omni")} → ${OMNI_EXE}`);
    expect(fixed.exitCode).toBe(0);
    const viaPath = Bun.spawnSync(["sh", "-c", "omni --version"], { env: sandbox.env });
    expect(viaPath.exitCode).toBe(0);
    expect(runOmni(["reset", "--all"], { env: sandbox.env, cwd: sandbox.home }).stdout.toString()).toContain(
      `removed the link ${join(bin, "omni")}`,
    );
    expect(existsSync(join(bin, "omni"))).toBe(false);
  });

  test("init links omni into a PATH directory under HOME when nothing answers to `omni`, else warns with the fix", () => {
    sandbox = makeSandbox();
    const warned = runOmni(["init", "--claude"], { env: sandbox.env, cwd: sandbox.home });
    expect(warned.exitCode).toBe(0);
    expect(warned.stderr).toContain("omni: warning: `omni` is not on PATH");

    const bin = join(sandbox.home, "bin");
    Bun.spawnSync(["mkdir", "-p", bin]);
    sandbox.env.PATH = `${bin}:${sandbox.env.PATH}`;
    const linked = runOmni(["init", "--claude"], { env: sandbox.env, cwd: sandbox.home });
    expect(linked.stdout.toString()).toContain(`linked ${join(bin, "omni")} → ${OMNI_EXE}`);
    expect(linked.stderr).not.toContain("warning");
    expect(doctor().exitCode).toBe(0);
  });

  test("init creates ~/.local/bin when the user's PATH names it before it exists (as Debian's profile does)", () => {
    sandbox = makeSandbox();
    const bin = join(sandbox.home, ".local", "bin");
    sandbox.env.PATH = `${bin}:${sandbox.env.PATH}`;
    expect(existsSync(bin)).toBe(false);
    const init = runOmni(["init", "--claude"], { env: sandbox.env, cwd: sandbox.home });
    expect(init.stdout.toString()).toContain(`linked ${join(bin, "omni")} → ${OMNI_EXE}`);
    expect(Bun.spawnSync(["sh", "-c", "omni version"], { env: sandbox.env }).exitCode).toBe(0);
  });
});
