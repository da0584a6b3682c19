/**
 * `omni diff --side-by-side`: raw on the left, delivered on the right, one row per line pair,
 * gutter `|` changed, `<` only in raw, `>` only delivered. Long unchanged runs fold to their ends.
 */
import { diffLines } from "diff";
import { splitLines, stripAnsi } from "../base/lines.ts";
import type { Paint } from "../stats/color.ts";

const CONTEXT_LINES = 2;

function cell(text: string, width: number): string {
  const chars = [...stripAnsi(text).replace(/\t/g, "    ")];
  return chars.length <= width ? chars.join("").padEnd(width) : `${chars.slice(0, width - 1).join("")}…`;
}

export function sideBySide(raw: string, delivered: string, totalWidth: number, paint: Paint): string {
  const width = Math.max(10, Math.floor((totalWidth - 3) / 2));
  const rows: string[] = [`${cell("raw", width)}   ${cell("delivered", width).trimEnd()}`, `${"─".repeat(width)}   ${"─".repeat(width)}`];
  const row = (left: string, gutter: string, right: string) => {
    const l = gutter === "<" || gutter === "|" ? paint.red(cell(left, width)) : cell(left, width);
    const r = gutter === ">" || gutter === "|" ? paint.green(cell(right, width)) : cell(right, width);
    rows.push(`${l} ${gutter} ${r}`.trimEnd());
  };
  const parts = diffLines(raw, delivered);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const lines = splitLines(part.value);
    if (!part.added && !part.removed) {
      const folded = lines.length > CONTEXT_LINES * 2 + 1;
      const shown = folded
        ? [...lines.slice(0, i === 0 ? 0 : CONTEXT_LINES), null, ...lines.slice(i === parts.length - 1 ? lines.length : -CONTEXT_LINES)]
        : lines;
      for (const line of shown) {
        if (line === null) rows.push(paint.dim(`… ${lines.length - (shown.length - 1)} unchanged lines`));
        else row(line, " ", line);
      }
      continue;
    }
    const next = parts[i + 1];
    if (part.removed && next?.added) {
      const added = splitLines(next.value);
      for (let j = 0; j < Math.max(lines.length, added.length); j++) {
        const left = lines[j];
        const right = added[j];
        row(left ?? "", left === undefined ? ">" : right === undefined ? "<" : "|", right ?? "");
      }
      i++;
      continue;
    }
    for (const line of lines) {
      if (part.removed) row(line, "<", "");
      else row("", ">", line);
    }
  }
  return `${rows.join("\n")}\n`;
}
