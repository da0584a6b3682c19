/** Call one distiller directly, as the pipeline does, for declines tables and unit checks. */
import { scoreLines } from "../../src/base/score.ts";
import type { DistillerId } from "../../src/core/route.ts";
import { distillerFor } from "../../src/distillers/index.ts";
import { fixture } from "./pipeline-run.ts";

export function distillWith(id: DistillerId, text: string, options: { command?: string; failed?: boolean } = {}): string | null {
  return distillerFor(id).distill({ text, command: options.command ?? "", segments: scoreLines(text), failed: options.failed ?? false });
}

/** One fixture through one distiller, with the command and exit code it was captured with. */
export function distillFixture(id: DistillerId, family: string, name: string): string | null {
  const f = fixture(family, name);
  return distillWith(id, f.text, { command: f.command, failed: (f.exitCode ?? 0) !== 0 });
}
