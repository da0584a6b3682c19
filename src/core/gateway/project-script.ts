/**
 * A project's own test, build or check script: no distiller is keyed on its name, yet it is the
 * run whose failure the agent needs shaped. The rule:
 * - the program is a path inside the project (`./run-tests.sh`, `scripts/ci`, `build/tests/unit`)
 *   and a word of its file name says what it does: test(s), check(s), build, ci, lint, verify,
 *   compile, validate, e2e, spec; or it is `./configure`, `./autogen.sh` or `./bootstrap`;
 * - or a shell or interpreter (`bash`, `sh`, `node`, `python3`, `perl`, `ruby`, `php`) runs a file
 *   of the project that is such a script, a Perl test (`t/basic.t`), or lies in a test folder
 *   (`test/`, `tests/`, `spec/`, `t/`).
 * A path is inside the project when it is relative and never climbs out (`..`).
 */
import { basename } from "../../base/shell-words.ts";

const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh"]);
const INTERPRETERS = new Set(["node", "python", "python3", "perl", "ruby", "php", "deno", "bun", "tsx", "ts-node"]);
const PURPOSE = /(?:^|[-_.])(?:tests?|unittests?|checks?|build|ci|lint|verify|compile|validate|e2e|spec|specs)(?:[-_.]|$)/i;
const CONFIGURE = new Set(["configure", "autogen.sh", "bootstrap", "bootstrap.sh"]);
const TEST_FOLDER = /^(?:\.\/)?(?:[^/]+\/)*(?:test|tests|spec|specs|t|__tests__)\/[^/]+$/;

export function isProjectScript(words: string[]): boolean {
  const program = words[0];
  if (program === undefined) return false;
  const base = basename(program).replace(/[0-9.]+$/, "");
  if (SHELLS.has(base) || INTERPRETERS.has(base)) {
    // The first operand is the script; an inline program (`-c`, `-e`) is not a file of the project.
    if (words.slice(1).some((word) => /^-(?:c|e|E|r|p|-eval|-print)$/.test(word))) return false;
    const script = words.slice(1).find((word) => !word.startsWith("-"));
    if (script === undefined || !insideProject(script)) return false;
    return PURPOSE.test(basename(script)) || CONFIGURE.has(basename(script)) || script.endsWith(".t") || TEST_FOLDER.test(script);
  }
  if (!program.includes("/") || !insideProject(program)) return false;
  const name = basename(program);
  return CONFIGURE.has(name) || PURPOSE.test(name);
}

function insideProject(path: string): boolean {
  return !path.startsWith("/") && !path.startsWith("~") && !path.split("/").includes("..") && !/\s/.test(path);
}
