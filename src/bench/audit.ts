/**
 * The replay audit: checks what each delivered reply claims against what the harness knows the
 * reader was actually given. Any non-zero count fails the replay. It sees only text and the
 * archive, so it can audit any ledger implementation (or be swapped for the ledger's own).
 */
import { carriesFailure } from "../core/failure.ts";
import { sniffFormat } from "../core/format.ts";
import { lineKey } from "../core/handle.ts";
import { splitLines } from "../core/lines.ts";
import { isOmniMarkerLine, type FoldOrigin } from "../core/markers.ts";
import type { CorpusCall } from "./corpus.ts";

export interface AuditCounts {
  /** Lines a fold marker says the reader was shown, that the reader was never delivered. */
  falseAlreadyShown: number;
  /** Handles printed in a reply that the archive cannot resolve. */
  unresolvedHandles: number;
  /** Lines stating a failure that sit behind a fold marker. */
  foldedFailureLines: number;
  /** Structured payloads (JSON, YAML, CSV, …) delivered with any byte changed. */
  structuredChanged: number;
  /** Must-keep strings (from a fixture's list) missing from the delivery. */
  mustKeepMisses: number;
}

export interface Auditor {
  observe(call: CorpusCall, delivered: string, resolve: (handle: string) => string | null): void;
  counts(): AuditCounts;
  /** The first few findings, each naming the call, for the report. */
  examples(): string[];
}

const MAX_EXAMPLES = 10;
const HANDLE_PATTERN = /omni retrieve ([0-9a-f]{16})/g;
const SESSION_CLAIM = /\[OMNI: (?:identical to the \d+ lines already shown|\d+ lines already shown)[^\n]*?omni retrieve ([0-9a-f]{16})\]/g;
const PROJECT_CLAIM = /\[OMNI: (?:identical to \d+ lines from an earlier session|\d+ lines not shown here)[^\n]*?omni retrieve ([0-9a-f]{16})\]/g;

export interface AuditOptions {
  /**
   * Check "not shown here" claims against what the project was delivered. Off only where the
   * order in which readers of one project were served is unknown (concurrent writers).
   */
  projectClaims?: boolean;
}

export function createAuditor(options: AuditOptions = {}): Auditor {
  const checkProjectClaims = options.projectClaims ?? true;
  const counts: AuditCounts = { falseAlreadyShown: 0, unresolvedHandles: 0, foldedFailureLines: 0, structuredChanged: 0, mustKeepMisses: 0 };
  const examples: string[] = [];
  const shownToScope = new Map<string, Set<string>>();
  const shownInProject = new Map<string, Set<string>>();
  const note = (call: CorpusCall, what: string) => {
    if (examples.length < MAX_EXAMPLES) examples.push(`${call.origin}: ${what}`);
  };
  const setOf = (map: Map<string, Set<string>>, key: string) => map.get(key) ?? map.set(key, new Set()).get(key)!;

  return {
    observe(call, delivered, resolve) {
      const rawHandles = new Set([...call.text.matchAll(HANDLE_PATTERN)].map((m) => m[1]!));
      for (const [, handle] of delivered.matchAll(HANDLE_PATTERN)) {
        if (rawHandles.has(handle!) || resolve(handle!) !== null) continue;
        counts.unresolvedHandles++;
        note(call, `handle ${handle} does not resolve`);
      }
      const claims: Array<[RegExp, Set<string> | null]> = [[SESSION_CLAIM, call.scope ? setOf(shownToScope, call.scope) : null]];
      if (checkProjectClaims) claims.push([PROJECT_CLAIM, call.project ? setOf(shownInProject, call.project) : null]);
      for (const [pattern, shown] of claims) {
        for (const [, handle] of delivered.matchAll(pattern)) {
          const folded = resolve(handle!);
          if (folded === null) continue;
          for (const line of splitLines(folded)) {
            const trimmed = line.trim();
            if (trimmed === "") continue;
            if (!shown?.has(lineKey(trimmed))) {
              counts.falseAlreadyShown++;
              note(call, `claims already shown, never delivered: ${trimmed.slice(0, 80)}`);
            }
            if (carriesFailure(trimmed)) {
              counts.foldedFailureLines++;
              note(call, `failure line folded: ${trimmed.slice(0, 80)}`);
            }
          }
        }
      }
      if (delivered !== call.text && sniffFormat(call.text) !== null) {
        counts.structuredChanged++;
        note(call, "structured payload changed");
      }
      for (const keep of call.mustKeep) {
        if (delivered.includes(keep)) continue;
        counts.mustKeepMisses++;
        note(call, `must-keep missing: ${keep.slice(0, 80)}`);
      }
      // Only now does this delivery count as shown: a reply cannot vouch for itself.
      const keys = splitLines(delivered)
        .filter((line) => line.trim() !== "" && !isOmniMarkerLine(line))
        .map((line) => lineKey(line));
      for (const key of keys) {
        if (call.scope) setOf(shownToScope, call.scope).add(key);
        if (call.project) setOf(shownInProject, call.project).add(key);
      }
    },
    counts: () => ({ ...counts }),
    examples: () => [...examples],
  };
}

/** Every ledger fold marker in a delivery, with the origin its wording claims. */
export function foldsIn(delivered: string): Array<{ origin: FoldOrigin; handle: string }> {
  return [
    ...[...delivered.matchAll(SESSION_CLAIM)].map((m) => ({ origin: "session" as const, handle: m[1]! })),
    ...[...delivered.matchAll(PROJECT_CLAIM)].map((m) => ({ origin: "project" as const, handle: m[1]! })),
  ];
}

export function auditFailures(counts: AuditCounts): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}
