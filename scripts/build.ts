/**
 * Builds the standalone executable at dist/omni (minified, with bytecode for a fast start).
 * Hosts are configured to call this file directly: no npx, no interpreter start-up.
 */
import { $ } from "bun";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";

// Only a checkout has a commit to name: an installed package may sit inside someone else's repository.
const gitHash = existsSync(".git")
  ? (await $`git rev-parse --short HEAD`.quiet().nothrow()).stdout.toString().trim() || "unknown"
  : "unknown";
mkdirSync("dist", { recursive: true });
const buildDate = new Date().toISOString().slice(0, 10);

// Hosts may run dist/omni at any moment, `omni update` included: build beside it, then rename
// over it in one step, so no caller ever finds the file missing or half written.
const staging = `dist/.omni-build-${process.pid}`;
const result = await Bun.build({
  entrypoints: ["src/cli/main.ts"],
  compile: { outfile: staging },
  bytecode: true,
  minify: true,
  target: "bun",
  define: {
    "process.env.OMNI_BUILD_GIT_HASH": JSON.stringify(gitHash),
    "process.env.OMNI_BUILD_DATE": JSON.stringify(buildDate),
  },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  rmSync(staging, { force: true });
  process.exit(1);
}
renameSync(staging, "dist/omni");
console.error(`built dist/omni (${gitHash}, ${buildDate})`);
