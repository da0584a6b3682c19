/** Call one distiller directly, as the pipeline does, for declines tables and unit checks. */
import { scoreLines } from "../../src/base/score.ts";
import type { DistillerId } from "../../src/core/route.ts";
import { distillerFor } from "../../src/distillers/index.ts";

export function distillWith(id: DistillerId, text: string, options: { command?: string; failed?: boolean } = {}): string | null {
  return distillerFor(id).distill({ text, command: options.command ?? "", segments: scoreLines(text), failed: options.failed ?? false });
}
