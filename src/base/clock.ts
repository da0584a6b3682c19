/** The clock port: pure code is handed one and never reads time itself, so tests can pin it. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** A clock reading in whole unix seconds, as rows store time. */
export function nowSecs(nowMs: number): number {
  return Math.floor(nowMs / 1000);
}
