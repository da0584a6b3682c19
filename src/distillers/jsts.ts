/**
 * JavaScript/TypeScript tooling: package installs, eslint, prettier and `npm run` scripts. The
 * output is edited in place, so a composite script (build, then lint, then checks) keeps every
 * section's result while the package manager's ceremony goes. A dev server's banner is the
 * answer itself (where to browse) and is never summarised.
 */
import { splitLines } from "../base/lines.ts";
import { dropCeremony, foldAssetRows, squeezeBlankLines, summarisePrettierWrite } from "./jsts/ceremony.ts";
import { summariseEslint } from "./jsts/eslint.ts";
import { defineDistiller } from "./types.ts";

const DEV_SERVER = [
  /\bready in \d+(?:\.\d+)? ?m?s\b/,
  /^\s*(?:➜|-|>)?\s*Local:\s+https?:\/\//,
  /\bstarted server on\b/,
  /\bProject is running at\b/,
];

export default defineDistiller({
  id: "jsts",
  collapse: "build",
  programs: [
    "eslint",
    "prettier",
    "biome",
    "oxlint",
    "stylelint",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "npx",
    "bunx",
    "deno",
    "tsd",
    "lerna",
    "corepack",
  ],
  declined: "not recognised",
  describe:
    "npm/pnpm/yarn installs, eslint, prettier and npm run scripts: keeps results, errors and every eslint error; drops banners, progress, notices and asset-size rows.",
  // eslint and prettier --check exit 1 when they find something, and every error line is kept.
  distillsFailedRuns: true,
  distill({ text }) {
    const lines = splitLines(text);
    if (lines.some((line) => DEV_SERVER.some((pattern) => pattern.test(line)))) return null;
    const eslint = summariseEslint(lines);
    if (eslint === "disagrees") return null;
    const out = squeezeBlankLines(summarisePrettierWrite(foldAssetRows(dropCeremony(eslint?.lines ?? lines))));
    // Nothing but banners (`npm run lint` whose eslint found nothing): the scripts that ran are the answer.
    if (out.length === 0 || out.join("\n") === squeezeBlankLines(lines).join("\n")) return null;
    return out.join("\n") + "\n";
  },
});
