/**
 * A project's own test, build or check script: no distiller is keyed on its name, yet it is the
 * run whose failure the agent needs shaped. The rule: the program is a path inside the project
 * (`./run-tests.sh`, `scripts/ci`, `tools/check-format.sh`), run directly or by `bash`/`sh`, and a
 * word of its file name says what it does: test(s), check(s), build, ci, lint, verify, compile,
 * validate, e2e; or it is `./configure`, `./autogen.sh` or `./bootstrap`.
 */
import { basename } from "../shell-words.ts";

const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh"]);
const PURPOSE = /(?:^|[-_.])(?:tests?|unittests?|checks?|build|ci|lint|verify|compile|validate|e2e|spec|specs)(?:[-_.]|$)/i;
const CONFIGURE = new Set(["configure", "autogen.sh", "bootstrap", "bootstrap.sh"]);

export function isProjectScript(words: string[]): boolean {
  let script = words[0];
  // Through a shell the script is a file in the project whatever its path; run directly, a bare
  // name would be a program found on PATH.
  const viaShell = script !== undefined && SHELLS.has(basename(script));
  if (viaShell) script = words.slice(1).find((word) => !word.startsWith("-")) ?? undefined;
  if (script === undefined || (!viaShell && !script.includes("/")) || script.startsWith("/") || script.includes("..") || /\s/.test(script)) return false;
  const name = basename(script);
  return CONFIGURE.has(name) || PURPOSE.test(name);
}
