/**
 * Builds the standalone executable at dist/omni (minified, with bytecode for a fast start).
 * Hosts are configured to call this file directly: no npx, no interpreter start-up.
 */
import { $ } from "bun";

const gitHash = (await $`git rev-parse --short HEAD`.quiet().nothrow()).stdout.toString().trim() || "unknown";
const buildDate = new Date().toISOString().slice(0, 10);

const result = await Bun.build({
  entrypoints: ["src/cli/main.ts"],
  compile: { outfile: "dist/omni" },
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
  process.exit(1);
}
console.error(`built dist/omni (${gitHash}, ${buildDate})`);
