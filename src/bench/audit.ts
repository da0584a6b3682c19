/**
 * THE auditor: an independent check of every delivery (a hook reply, a pipe output), fed one at a
 * time in the order readers got them. It keeps its own record of every line each reader actually
 * received, so it can catch a marker claiming "already shown" about bytes that never arrived, and
 * it holds each delivery to the rules every stage must keep (no failure folded, no structured
 * payload touched, no reply longer than its input, every handle giving back exactly what it
 * replaced, every must-keep string delivered). Pure: the caller supplies how a handle resolves.
 * `omni bench replay`, the ledger tests and the stress tests all judge with it.
 */
import { carriesFailure } from "../base/failure.ts";
import { sniffFormat } from "../core/format.ts";
import { byteLength, splitInclusive, stripTerminator } from "../base/lines.ts";
import { isOmniMarkerLine } from "../base/markers.ts";
import { REDACTED } from "../base/redact.ts";
import { isSourcePath } from "../base/text-paths.ts";

export interface AuditCall {
  /** Reader scope: session id, or `session/agent` for a subagent. */
  reader: string;
  project: string | null;
  /** What the reader would have received without OMNI. */
  input: string;
  /** What it received instead; null when the reply left the bytes alone. */
  output: string | null;
  /** A file window: the first line number before and after the reply. */
  window?: { inputStart: number; outputStart: number };
  /**
   * What the same call delivers with no ledger. Used when a distiller also ran (the reply carries
   * its whole-output handle): the folds must expand back to exactly it. Without it, a distilled
   * reply's folds cannot be aligned and count as unverified.
   */
  reference?: string;
  /** Substrings any honest delivery keeps (a fixture's must_keep list). */
  mustKeep?: readonly string[];
  /** A Read's file path: its reply is the file's content or an honest "already shown". */
  file?: string;
}

export const RULES = [
  "false already shown",
  "false project claim",
  "read not shown",
  "unresolved",
  "wrong bytes",
  "failure folded",
  "structured",
  "longer",
  "renumbered",
  "unaccounted",
  "must-keep missing",
] as const;
export type Rule = (typeof RULES)[number];

export interface Violation {
  call: number;
  reader: string;
  rule: Rule;
  detail: string;
}

export interface AuditTotals {
  calls: number;
  changed: number;
  sessionMarkers: number;
  projectMarkers: number;
  wholeOutputMarkers: number;
  foldedLines: number;
  /** Bytes behind fold markers, by the scope the marker's wording claims. */
  foldedBytes: Record<FoldClaim["origin"], number>;
  /** Folds inside an output the cap also cut, where the alignment with the input cannot be checked. */
  unverified: number;
}

export type Resolve = (handle: string) => string | null;

export interface AuditOptions {
  /**
   * Check "not shown here" claims against what the project was delivered. Off only where the
   * order in which readers of one project were served is unknown (concurrent writers).
   */
  projectClaims?: boolean;
}

interface FoldClaim {
  origin: "session" | "project";
  whole: boolean;
  lines: number;
  handle: string;
}

const FOLD_MARKER =
  /^\[OMNI: (?:(identical to the )?(\d+) lines already shown|(\d+) lines not shown here|identical to (\d+) lines from an earlier session)(?: from .*?)?(?:, none shown here)?, omni retrieve ([0-9a-f]{16})\]$/;
const REWIND_MARKER = /omni retrieve ([0-9a-f]{16}) for full output\]$/;
const TRUNCATION_MARKER = /^\[OMNI: output truncated/;
const ANY_HANDLE = /omni retrieve ([0-9a-f]{16})/g;
/** The guard's notice (markers.ts redactionHeader) that it masked secrets; it stands for no input line. */
const REDACTION_NOTICE = /^\[OMNI: \d+ sensitive value\(s\) redacted\]$/;

function parseFoldMarker(line: string): FoldClaim | null {
  const m = FOLD_MARKER.exec(stripTerminator(line));
  if (!m) return null;
  if (m[2]) return { origin: "session", whole: m[1] !== undefined, lines: Number(m[2]), handle: m[5]! };
  return { origin: "project", whole: m[4] !== undefined, lines: Number(m[3] ?? m[4]), handle: m[5]! };
}

export function createLedgerAudit(resolve: Resolve, options: AuditOptions = {}) {
  const checkProjectClaims = options.projectClaims ?? true;
  const shown = new Map<string, Set<string>>();
  const projectShown = new Map<string, Set<string>>();
  /** Per reader, the Reads (file and exact content) it holds every line of. */
  const heldReads = new Map<string, Set<string>>();
  const violations: Violation[] = [];
  const totals: AuditTotals = {
    calls: 0,
    changed: 0,
    sessionMarkers: 0,
    projectMarkers: 0,
    wholeOutputMarkers: 0,
    foldedLines: 0,
    foldedBytes: { session: 0, project: 0 },
    unverified: 0,
  };

  const setOf = (map: Map<string, Set<string>>, key: string) => map.get(key) ?? map.set(key, new Set()).get(key)!;

  function observe(call: AuditCall): void {
    const index = totals.calls++;
    const delivered = call.output ?? call.input;
    const fail = (rule: Violation["rule"], detail: string) => violations.push({ call: index, reader: call.reader, rule, detail });
    if (call.output !== null) {
      totals.changed++;
      if (byteLength(call.output) > byteLength(call.input)) fail("longer", `${byteLength(call.output)} > ${byteLength(call.input)} bytes`);
      const kind = sniffFormat(call.input, call.file);
      if (kind) fail("structured", `a ${kind} payload was changed`);
      checkHandles(call, fail);
      checkFolds(call, fail);
    }
    for (const keep of call.mustKeep ?? []) if (!delivered.includes(keep)) fail("must-keep missing", keep.slice(0, 80));
    // Only now does this delivery count as shown: a line never vouches for itself within one reply.
    const readerSet = setOf(shown, call.reader);
    const projectSet = call.project ? setOf(projectShown, call.project) : null;
    for (const line of splitInclusive(delivered)) {
      if (isOmniMarkerLine(line)) continue;
      readerSet.add(line.trim());
      projectSet?.add(line.trim());
    }
    if (call.file !== undefined && splitInclusive(call.input).every((line) => readerSet.has(line.trim())))
      setOf(heldReads, call.reader).add(readId(call));
  }

  const readId = (call: AuditCall) => `${call.file}\u0000${call.input}`;

  /** Every handle a reply prints must resolve (one the tool itself printed is not ours to check). */
  function checkHandles(call: AuditCall, fail: (rule: Violation["rule"], detail: string) => void): void {
    const own = new Set([...call.input.matchAll(ANY_HANDLE)].map((m) => m[1]!));
    for (const handle of new Set([...call.output!.matchAll(ANY_HANDLE)].map((m) => m[1]!))) {
      if (!own.has(handle) && resolve(handle) === null) fail("unresolved", `handle ${handle} does not resolve`);
    }
  }

  function checkFolds(call: AuditCall, fail: (rule: Violation["rule"], detail: string) => void): void {
    const output = call.output!;
    const outLines = splitInclusive(output);
    const rewind = outLines.map((line) => REWIND_MARKER.exec(stripTerminator(line))?.[1]).find(Boolean);
    const rewound = rewind ? resolve(rewind) : null;
    if (rewind && rewound !== null && rewound !== call.input)
      fail("wrong bytes", `rewind handle ${rewind} does not give back the whole input`);
    // A distilled reply's lines are the distiller's, not the input's: only the reference can align them.
    const base = rewind ? (call.reference ?? null) : call.input;
    const aligned = base !== null && !outLines.some((line) => TRUNCATION_MARKER.test(line));
    const inLines = splitInclusive(base ?? "");
    const window = base === call.input ? call.window : undefined;
    // A Read this reader holds whole, answered with nothing but "already shown" markers: a re-read, not a re-run.
    const reread =
      call.file !== undefined &&
      heldReads.get(call.reader)?.has(readId(call)) === true &&
      outLines.every((line) => parseFoldMarker(line)?.origin === "session");
    let at = 0;
    for (const [i, line] of outLines.entries()) {
      const claim = parseFoldMarker(line);
      if (!claim) {
        if (!aligned || (i === 0 && REDACTION_NOTICE.test(stripTerminator(line)))) continue;
        // A masked line stands for its input line: the guard replaced a secret, nothing was folded.
        if (line !== inLines[at] && !line.includes(REDACTED))
          return fail("unaccounted", `output line ${i + 1} is not input line ${at + 1}`);
        if (window && window.outputStart + i !== window.inputStart + at)
          fail("renumbered", `input line ${window.inputStart + at} is shown as ${window.outputStart + i}`);
        at++;
        continue;
      }
      totals[claim.origin === "session" ? "sessionMarkers" : "projectMarkers"]++;
      if (claim.whole) totals.wholeOutputMarkers++;
      const content = resolve(claim.handle);
      // checkHandles has counted it.
      if (content === null) continue;
      const replaced = splitInclusive(content);
      if (replaced.length !== claim.lines)
        fail("wrong bytes", `marker says ${claim.lines} lines, handle ${claim.handle} holds ${replaced.length}`);
      if (aligned) {
        if (inLines.slice(at, at + replaced.length).join("") !== content)
          fail("wrong bytes", `handle ${claim.handle} is not the input lines ${at + 1}..${at + replaced.length}`);
        at += replaced.length;
      } else totals.unverified++;
      totals.foldedLines += replaced.length;
      totals.foldedBytes[claim.origin] += byteLength(content);
      checkClaim(call, claim, replaced, reread, fail);
    }
    if (aligned && at !== inLines.length) fail("unaccounted", `${inLines.length - at} input lines neither delivered nor behind a handle`);
  }

  function checkClaim(
    call: AuditCall,
    claim: FoldClaim,
    replaced: string[],
    reread: boolean,
    fail: (rule: Violation["rule"], detail: string) => void,
  ): void {
    const readerSet = shown.get(call.reader);
    const projectSet = call.project ? projectShown.get(call.project) : undefined;
    if (claim.origin === "project" && call.file !== undefined)
      fail("read not shown", `a Read of ${call.file} was answered with ${claim.lines} lines it was never shown`);
    // A source file's lines are code, not verdicts; a byte-identical re-read of a Read this reader holds repeats no run.
    const verdicts = !(call.file !== undefined && (isSourcePath(call.file) || reread));
    for (const line of replaced) {
      if (verdicts && carriesFailure(line)) fail("failure folded", stripTerminator(line));
      if (claim.origin === "session" && !readerSet?.has(line.trim()))
        fail("false already shown", `${call.reader} was never delivered: ${stripTerminator(line).slice(0, 80)}`);
      if (claim.origin === "project" && checkProjectClaims && !projectSet?.has(line.trim()))
        fail("false project claim", `no reader of the project was delivered: ${stripTerminator(line).slice(0, 80)}`);
    }
  }

  /** The host compacted this session: its readers (and its subagents) no longer hold anything. */
  function compact(sessionId: string): void {
    for (const map of [shown, heldReads])
      for (const reader of [...map.keys()]) if (reader === sessionId || reader.startsWith(`${sessionId}/`)) map.delete(reader);
  }

  /** Violations per rule, every rule listed (a clean audit is all zeros). */
  function counts(): Record<Rule, number> {
    const byRule = Object.fromEntries(RULES.map((rule) => [rule, 0])) as Record<Rule, number>;
    for (const violation of violations) byRule[violation.rule]++;
    return byRule;
  }

  return { observe, compact, counts, violations, totals };
}
