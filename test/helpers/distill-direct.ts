/** Calls one distiller the way the pipeline does, without the pipeline around it. */
import { scoreLines } from "../../src/core/score.ts";
import { distillers } from "../../src/distillers/index.ts";
import type { DistillerId } from "../../src/core/route.ts";

export function distillWith(id: DistillerId, text: string, command = "", failed = false): string | null {
  const distiller = distillers[id];
  if (!distiller) throw new Error(`no distiller ${id}`);
  return distiller.distill({ text, command, segments: scoreLines(text), failed });
}
