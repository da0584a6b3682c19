/** What the reply's cut keeps of a traceback in the middle it drops: the frames of the project's code, each with its code line. */
import { expect, test } from "bun:test";
import { capOutput } from "../../src/core/truncate.ts";
import { fixture } from "../helpers/pipeline-run.ts";

test("a Python frame in the project's code is kept with the code line under it; the standard library's frames are not", () => {
  const { text } = fixture("test", "h16_unittest_v_wadllib_param_lookup_inverted_fail");
  const frame = '      File "/home/dev/src/wadllib-1.3.6/wadllib/application.py", line 1082, in follow\n';
  const code = '        raise WADLError("Cannot follow a link when the target has no "\n';
  expect(text.indexOf(frame + code)).toBeGreaterThan(8_000);
  const out = capOutput(text, 10_000, () => "1a2b3c4d5e6f7a8b");
  const marker = out.indexOf("[OMNI: output truncated");
  expect(marker).toBeGreaterThan(0);
  expect(out.indexOf(frame + code)).toBeGreaterThan(marker);
  // The middle kept around it holds no frame of doctest's own (the tail, kept as printed, may).
  expect(out.slice(marker, out.indexOf(frame + code))).not.toContain("/usr/lib/python3.11/doctest.py");
  expect(text.slice(0, text.indexOf(frame + code))).toContain("/usr/lib/python3.11/doctest.py");
});
