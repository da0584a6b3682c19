/**
 * Runs at `npm install` (a checkout, or `npm install -g` of the package or of its tarball):
 * compiles dist/omni for this machine with Bun. Plain Node, since Bun is what it looks for.
 *
 * npm 11 runs no dependency's install script in a global install unless told to
 * (`--allow-scripts`), and Bun's own postinstall is one. So the Bun binary is taken straight
 * from the platform package npm installs for this machine (@oven/bun-<os>-<arch>, an optional
 * dependency of `bun`, which needs no script), then from a working `bun` of the package, then
 * from PATH.
 */
/* global console */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(join(root, "package.json"));
const exe = process.platform === "win32" ? "bun.exe" : "bun";

function platformPackages() {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch === "arm64" ? "aarch64" : process.arch;
  const musl = process.platform === "linux" && !process.report?.getReport().header.glibcVersionRuntime;
  const base = `@oven/bun-${os}-${arch}`;
  return musl ? [`${base}-musl`, base] : [base, `${base}-musl`];
}

function works(bun) {
  const probe = spawnSync(bun, ["--version"], { encoding: "utf8" });
  return probe.status === 0;
}

function findBun() {
  for (const name of platformPackages()) {
    try {
      const bun = join(dirname(require.resolve(`${name}/package.json`)), "bin", exe);
      if (existsSync(bun) && works(bun)) return bun;
    } catch {
      // not installed for this machine: try the next
    }
  }
  const local = join(root, "node_modules", ".bin", exe);
  if (existsSync(local) && works(local)) return local;
  return works(exe) ? exe : null;
}

const bun = findBun();
if (bun === null) {
  console.error(
    `omni: no working Bun to compile dist/omni with (looked for ${platformPackages().join(", ")}, node_modules/.bin/bun and bun on PATH).`,
  );
  if (!existsSync(join(root, "node_modules"))) {
    // `npm install -g <checkout>` links the folder and installs none of its dependencies into it.
    console.error(
      `omni: ${root} has no node_modules: run \`npm install\` there first, or install a copy with \`npm install -g --install-links ${root}\`.`,
    );
  } else {
    console.error("omni: this platform may have no Bun build; install Bun from https://bun.sh, then run `npm run build` in this package.");
  }
  process.exit(1);
}
const build = spawnSync(bun, ["run", join(root, "scripts", "build.ts")], { cwd: root, stdio: "inherit" });
process.exit(build.status ?? 1);
