/**
 * The pure half of the ledger: given the lines of one payload and which of them each scope was
 * already delivered, decide which runs become markers. No IO: the caller looks lines up, archives
 * each run and renders with the handles it got back.
 */
import { carriesFailure } from "../base/failure.ts";
import {
  EXAMPLE_HANDLE,
  MAX_ARCHIVE_BYTES,
  MAX_SOURCE_LABEL_CHARS,
  MIN_SESSION_FOLD_GAIN_BYTES,
  MIN_WHOLE_OUTPUT_FOLD_BYTES,
  PROJECT_FOLD_GAIN_MULTIPLIER,
} from "../base/limits.ts";
import { byteLength } from "../base/lines.ts";
import { foldMarker, type FoldOrigin } from "../base/markers.ts";

/** Where a line of this payload was delivered before, or null when it was not (or must not fold). */
export interface Sighting {
  origin: FoldOrigin;
  /** The source recorded with the line, when it differs from the current one ("" otherwise). */
  from: string;
}

export interface Run {
  /** First line index and one past the last. */
  start: number;
  end: number;
  origin: FoldOrigin;
  from: string;
  /** The run is every line of the payload: the marker says "identical to". */
  wholeOutput: boolean;
  /** The run's bytes with their own terminators: exactly what the handle must give back. */
  body: string;
}

export interface DecidedRun extends Run {
  handle: string;
}

export interface Rendered {
  text: string;
  /** For a window: how far the first visible line moved down, so numbering stays true. */
  lineShift: number;
  folded: DecidedRun[];
}

/**
 * Runs worth folding: consecutive lines of one origin, each clearing its floor. Where a line was
 * first shown never splits a run (a `}` or a blank line first seen in another file is as much
 * already shown as any other); a run names a source only when every line in it has the same one.
 * In a window, only runs that leave no gap between visible lines: decided here, before anything is
 * archived, so no block is stored (and no pending retrieve spent) for a fold that cannot be shown.
 * `verdicts` false says the lines are a source file's: none of them states a failure.
 */
export function planFolds(lines: readonly string[], sightings: ReadonlyArray<Sighting | null>, window = false, verdicts = true): Run[] {
  const bytes = lines.map(byteLength);
  const payloadBytes = bytes.reduce((sum, n) => sum + n, 0);
  // A failure line counts as unseen however often it was shown: a repeated error is the signal.
  const seen = verdicts ? sightings.map((s, i) => (s && !carriesFailure(lines[i]!) ? s : null)) : sightings;
  const runs: Run[] = [];
  let seenBytes = 0;
  for (let i = 0; i < lines.length; ) {
    const first = seen[i];
    if (!first) {
      i++;
      continue;
    }
    let end = i + 1;
    let from = first.from;
    while (end < lines.length && seen[end]?.origin === first.origin) {
      if (seen[end]!.from !== from) from = "";
      end++;
    }
    seenBytes += bytes.slice(i, end).reduce((sum, n) => sum + n, 0);
    // No block over the archive cap is stored: a longer run folds as consecutive pieces under it.
    for (let at = i; at < end; ) {
      let stop = at + 1;
      let size = bytes[at]!;
      while (stop < end && size + bytes[stop]! <= MAX_ARCHIVE_BYTES) size += bytes[stop++]!;
      runs.push({
        start: at,
        end: stop,
        origin: first.origin,
        from,
        wholeOutput: at === 0 && stop === lines.length,
        body: lines.slice(at, stop).join(""),
      });
      at = stop;
    }
    i = end;
  }
  // Mostly-repeated small payloads are the ones read back within seconds: folding them costs a call.
  if (payloadBytes < MIN_WHOLE_OUTPUT_FOLD_BYTES && seenBytes * 5 >= payloadBytes * 4) return [];
  const worthIt = runs.filter((run) => byteLength(run.body) >= byteLength(markerFor(run, EXAMPLE_HANDLE)) + minGain(run.origin));
  return window ? withoutInteriorGaps(lines.length, worthIt) : worthIt;
}

/**
 * Replace each decided run by its marker. In a window, a fold that would leave a gap between
 * visible lines is not made: the numbering of what the reader sees must stay true. (The plan
 * already kept to that; a run that could not be archived stays visible and can open a new gap.)
 */
export function renderFolds(lines: readonly string[], decided: readonly DecidedRun[], window: boolean): Rendered | null {
  let folded = [...decided].sort((a, b) => a.start - b.start);
  if (window) folded = withoutInteriorGaps(lines.length, folded);
  if (folded.length === 0) return null;
  const out: string[] = [];
  let at = 0;
  for (const run of folded) {
    out.push(...lines.slice(at, run.start), markerFor(run, run.handle));
    at = run.end;
  }
  out.push(...lines.slice(at));
  const text = out.join("");
  if (byteLength(text) >= byteLength(lines.join(""))) return null;
  return { text, lineShift: window ? shiftOf(lines.length, folded) : 0, folded };
}

/** The marker line, ending the way the run's last line ended, so terminators stay byte-exact. */
export function markerFor(run: Run, handle: string): string {
  const count = run.end - run.start;
  return foldMarker(run.origin, run.wholeOutput, count, handle, run.from) + terminatorOf(run.body);
}

/** A recorded source shown in a marker: first line, control and space runs collapsed, at most 40 chars. */
export function sourceLabel(source: string): string {
  const firstLine = source.split(/\r?\n/, 1)[0] ?? "";
  const flat = firstLine.replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();
  return Array.from(flat).slice(0, MAX_SOURCE_LABEL_CHARS).join("").trimEnd();
}

function minGain(origin: FoldOrigin): number {
  // "Not shown here" is a bet the reader will not need the bytes, so it has to win three times over.
  return origin === "session" ? MIN_SESSION_FOLD_GAIN_BYTES : MIN_SESSION_FOLD_GAIN_BYTES * PROJECT_FOLD_GAIN_MULTIPLIER;
}

function terminatorOf(body: string): string {
  if (body.endsWith("\r\n")) return "\r\n";
  return body.endsWith("\n") ? "\n" : "";
}

/** Keep only folds above the first visible line or below the last one. */
function withoutInteriorGaps<R extends Run>(lineCount: number, runs: R[]): R[] {
  const folded = new Array<boolean>(lineCount).fill(false);
  for (const run of runs) folded.fill(true, run.start, run.end);
  const firstVisible = folded.indexOf(false);
  if (firstVisible === -1) return runs;
  const lastVisible = folded.lastIndexOf(false);
  return runs.filter((run) => run.end <= firstVisible || run.start > lastVisible);
}

/** Lines removed above the first visible line, less the marker lines that now stand in their place. */
function shiftOf(lineCount: number, runs: readonly DecidedRun[]): number {
  // Nothing left visible: there is no numbering to keep true.
  if (runs.reduce((sum, run) => sum + run.end - run.start, 0) === lineCount) return 0;
  let shift = 0;
  let expected = 0;
  for (const run of runs) {
    if (run.start !== expected) break;
    shift += run.end - run.start - 1;
    expected = run.end;
  }
  return shift;
}
