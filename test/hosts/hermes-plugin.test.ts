/**
 * The Hermes plugin `omni init --hermes` writes, run by a real Python the way Hermes' plugin
 * manager runs it: import the package's `__init__.py`, call `register(ctx)`, then call the
 * registered `transform_terminal_output` callback with the keyword arguments Hermes passes
 * (command, output, returncode, task_id, env_type). A string return replaces the output; None
 * leaves Hermes' own.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { loadFixtures } from "../helpers/fixtures.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const PLUGIN_DIR = ".hermes/plugins/omni-signal-engine";

/** Loads the plugin as a package, registers it against a recording ctx, calls the hook once. */
const HARNESS = `
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("omni_signal_engine", sys.argv[1], submodule_search_locations=[])
plugin = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plugin)
hooks = {}
class Ctx:
    def register_hook(self, name, callback):
        hooks[name] = callback
plugin.register(Ctx())
result = hooks["transform_terminal_output"](**json.load(sys.stdin))
print(json.dumps({"hooks": sorted(hooks), "result": result}))
`;

const python = spawnSync("python3", ["--version"]).status === 0;

function callHook(kwargs: Record<string, unknown>): { hooks: string[]; result: string | null } {
  const run = spawnSync("python3", ["-c", HARNESS, join(sandbox.home, PLUGIN_DIR, "__init__.py")], {
    input: JSON.stringify(kwargs),
    encoding: "utf8",
    env: sandbox.env,
    cwd: sandbox.home,
  });
  if (run.status !== 0) throw new Error(`python harness failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

function install(): void {
  sandbox = makeSandbox();
  const init = runOmni(["init", "--hermes"], { env: sandbox.env, cwd: sandbox.home });
  expect(init.exitCode).toBe(0);
}

// Past 30,000 characters, the cap other hosts put on a shell result: Hermes hands over the whole output.
const [failing] = loadFixtures("test").filter((fixture) => fixture.name === "node_test_full_fail_long");
const [passing] = loadFixtures("test").filter((fixture) => fixture.name === "cargo_test_pass_multi");

describe.skipIf(!python)("the Hermes plugin", () => {
  test("has a manifest Hermes reads: its name is the plugins.enabled key, and it declares its hook", () => {
    install();
    const manifest = parseYaml(readFileSync(join(sandbox.home, PLUGIN_DIR, "plugin.yaml"), "utf8"));
    expect(manifest.name).toBe("omni-signal-engine");
    expect(manifest.provides_hooks).toEqual(["transform_terminal_output"]);
    const config = parseYaml(readFileSync(join(sandbox.home, ".hermes/config.yaml"), "utf8"));
    expect(config.plugins.enabled).toEqual([manifest.name]);
  });

  test("replaces a failed test run's long output with omni's distillation, every failure line kept", () => {
    install();
    const { hooks, result } = callHook({
      command: failing!.command,
      output: failing!.text,
      returncode: failing!.exitCode,
      task_id: "t-1",
      env_type: "local",
    });
    expect(hooks).toEqual(["transform_terminal_output"]);
    expect(result).not.toBeNull();
    expect(failing!.text.length).toBeGreaterThan(30_000);
    expect(result!.length).toBeLessThan(failing!.text.length / 10);
    for (const line of failing!.mustKeep) expect(result).toContain(line);
  });

  test("what it folds comes back through omni retrieve, on a row recorded for hermes", () => {
    install();
    const { result } = callHook({ command: passing!.command, output: passing!.text, returncode: 0, task_id: "t-2", env_type: "local" });
    const handle = /omni retrieve ([0-9a-f]{16})/.exec(result ?? "")?.[1];
    expect(handle).toBeDefined();
    const retrieved = runOmni(["retrieve", handle!], { env: sandbox.env, cwd: sandbox.home }).stdout.toString();
    expect(passing!.text).toContain(retrieved.trimEnd().split("\n")[0]!);
    const stats = runOmni(["stats", "--json"], { env: sandbox.env, cwd: sandbox.home }).stdout.toString();
    expect(stats).toContain('"hermes"');
  });

  test("fails open: a missing omni, a JSON payload or empty output leave Hermes' own output (None)", () => {
    install();
    expect(callHook({ command: "cat data.json", output: '{"a": 1, "b": [1, 2, 3]}\n', returncode: 0 }).result).toBeNull();
    expect(callHook({ command: "true", output: "", returncode: 0 }).result).toBeNull();
    const source = join(sandbox.home, PLUGIN_DIR, "__init__.py");
    writeFileSync(source, readFileSync(source, "utf8").replace(/^OMNI = .*$/m, 'OMNI = "/nonexistent/omni"'));
    expect(callHook({ command: failing!.command, output: failing!.text, returncode: failing!.exitCode }).result).toBeNull();
  });
});
