/**
 * Time from spawning `omni --mcp` to its `initialize` reply, median of N runs, against
 * `omni --version` (whole process) in the same run as the baseline. Target: under 300 ms.
 * Run: bun run bench/mcp-initialize.ts [runs]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const EXE = resolve(import.meta.dir, "../dist/omni");
const RUNS = Number(process.argv[2] ?? 15);
const INITIALIZE = `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "bench", version: "1" } } })}\n`;

const home = mkdtempSync(join(tmpdir(), "omni-bench-"));
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, OMNI_DB_PATH: join(home, "omni.db") };

async function initializeMs(): Promise<number> {
  const started = performance.now();
  const child = Bun.spawn([EXE, "--mcp"], { env, stdin: "pipe", stdout: "pipe", stderr: "ignore" });
  child.stdin.write(INITIALIZE);
  await child.stdin.flush();
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("omni --mcp exited before answering initialize");
    text += new TextDecoder().decode(value);
  }
  const elapsed = performance.now() - started;
  if (!text.includes('"serverInfo"')) throw new Error(`unexpected reply: ${text}`);
  child.kill();
  await child.exited;
  return elapsed;
}

function versionMs(): number {
  const started = performance.now();
  Bun.spawnSync([EXE, "--version"], { env, stdout: "ignore", stderr: "ignore" });
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await initializeMs(); // warm the page cache once
  const init: number[] = [];
  const version: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    init.push(await initializeMs());
    version.push(versionMs());
  }
  const initMedian = median(init);
  const versionMedian = median(version);
  console.log(
    `omni --mcp initialize reply: median ${initMedian.toFixed(1)} ms over ${RUNS} spawns (max ${Math.max(...init).toFixed(1)} ms)`,
  );
  console.log(
    `omni --version whole process: median ${versionMedian.toFixed(1)} ms (baseline); ratio ${(initMedian / versionMedian).toFixed(2)}×`,
  );
  console.log(initMedian < 300 ? "PASS: under 300 ms" : "FAIL: 300 ms or more");
  process.exitCode = initMedian < 300 ? 0 : 1;
} finally {
  rmSync(home, { recursive: true, force: true });
}
