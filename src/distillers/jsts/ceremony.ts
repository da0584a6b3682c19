/**
 * Line passes for package-manager and bundler output. Each removes only lines that carry no
 * result: script banners, notices, progress, funding pleas, repeated deprecations, asset-size
 * rows. Result lines (`added 123 packages in 4s`), vulnerability summaries, errors and
 * peer-dependency conflicts are never touched.
 */

/** Deprecation warnings shown before the rest is counted. */
const DEPRECATIONS_SHOWN = 3;
/** Fewer asset rows than this are kept: folding them would not pay. */
const MIN_ASSET_ROWS_FOLDED = 3;

/** `> pkg@1.0.0 build` and the `> vite build` command line npm prints under it. */
const SCRIPT_BANNER = /^> \S+@\S+ \S+/;
const SCRIPT_COMMAND = /^> \S/;
const NOTICE = /^npm notice\b/;
const DEPRECATED = /^npm warn deprecated /i;
const FUNDING = /^\d+ packages? (?:is|are) looking for funding$|^\s+run `npm fund` for details$/;
const YARN_STEP = /^\[\d+\/\d+\] \S.*\.\.\.$/;
const PNPM_PROGRESS = /^Progress: resolved \d+/;
const PNPM_BAR = /^\++$/;
const BUNDLER_PROGRESS = /^(?:transforming|rendering chunks|computing gzip size)\.\.\.$/;
/** vite `dist/assets/x.js  1.2 kB │ gzip: …`, esbuild `  dist/index.js  227.3kb`. */
const ASSET_ROW = /^\s*\S+\.[a-z0-9]+\s+[\d.]+\s?[kKMG]i?[bB](?:\s|$)/;
/** prettier --write: `src/a.ts 21ms` or `src/b.ts 4ms (unchanged)`; one path, so `✓ a.test.ts (3 tests) 5ms` is not one. */
const PRETTIER_WRITE = /^\S+ \d+ms( \(unchanged\))?$/;

export function dropCeremony(lines: string[]): string[] {
  const out: string[] = [];
  let deprecated = 0;
  let countAt = -1;
  let inBanner = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (SCRIPT_BANNER.test(line) || (inBanner && SCRIPT_COMMAND.test(line))) {
      inBanner = true;
      continue;
    }
    inBanner = false;
    if (NOTICE.test(line) || FUNDING.test(line) || YARN_STEP.test(line) || BUNDLER_PROGRESS.test(line) || PNPM_BAR.test(line)) continue;
    // pnpm reprints its progress line; the last one carries the totals.
    if (PNPM_PROGRESS.test(line) && lines.slice(i + 1).some((next) => PNPM_PROGRESS.test(next))) continue;
    if (DEPRECATED.test(line) && ++deprecated > DEPRECATIONS_SHOWN) {
      if (countAt < 0) countAt = out.length;
      continue;
    }
    out.push(line);
  }
  // The count stands where the hidden warnings stood.
  if (countAt >= 0) out.splice(countAt, 0, `[${deprecated - DEPRECATIONS_SHOWN} more deprecation warnings]`);
  return out;
}

export function foldAssetRows(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let end = i;
    while (end < lines.length && ASSET_ROW.test(lines[end]!)) end++;
    if (end - i >= MIN_ASSET_ROWS_FOLDED) {
      out.push(`[${end - i} asset size rows omitted]`);
      i = end;
    } else {
      out.push(...lines.slice(i, Math.max(end, i + 1)));
      i = Math.max(end, i + 1);
    }
  }
  return out;
}

/** Unchanged files become a count; every reformatted file stays. Only prettier 3's marked output. */
export function summarisePrettierWrite(lines: string[]): string[] {
  const rows = lines.filter((line) => PRETTIER_WRITE.test(line));
  const unchanged = rows.filter((line) => line.endsWith("(unchanged)")).length;
  if (rows.length < MIN_ASSET_ROWS_FOLDED || unchanged === 0) return lines;
  const kept = lines.filter((line) => !(PRETTIER_WRITE.test(line) && line.endsWith("(unchanged)")));
  return [...kept, `prettier --write: ${rows.length - unchanged} reformatted, ${unchanged} unchanged`];
}

/** One blank line between blocks, none at either end. */
export function squeezeBlankLines(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (line.trim() === "" && (out.length === 0 || out[out.length - 1]!.trim() === "")) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1]!.trim() === "") out.pop();
  return out;
}
