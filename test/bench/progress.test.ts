/**
 * Long benchmark commands show progress on stderr, and only when stderr is a terminal: a script
 * reading stdout (or a log of stderr) gets the report and nothing else.
 */
import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { makeSandbox, OMNI_EXE, REPO_ROOT, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const CORPUS = join(REPO_ROOT, "test/fixtures/git");

test("bench replay draws a progress bar on a terminal's stderr, and none when stderr is not one", () => {
  sandbox = makeSandbox();
  // `script` gives the child a pseudo-terminal; stdout goes to a file, so what comes back is stderr.
  const out = join(sandbox.home, "report.txt");
  const tty = Bun.spawnSync(["script", "-qec", `HOME=${sandbox.home} ${OMNI_EXE} bench replay ${CORPUS} > ${out}`, "/dev/null"], {
    env: { PATH: sandbox.env.PATH! },
  });
  const stderr = tty.stdout.toString();
  expect(stderr).toMatch(/\r\[#+\.*\] 25\/\d+ calls/);
  expect(stderr).toMatch(/\r\[#{30}\] (\d+)\/\1 calls\r?\n/);
  expect(Bun.file(out).size).toBeGreaterThan(0);

  const piped = runOmni(["bench", "replay", CORPUS], { env: sandbox.env });
  expect(piped.stderr).not.toContain(" calls");
  expect(piped.stderr).not.toContain("\r");
  expect(piped.stdout.toString()).not.toContain("\r");
  // Two whole replays of a folder that grows with each captured batch: seconds, not a unit test's default 5.
}, 60_000);
