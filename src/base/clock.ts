/** The clock port: pure code is handed one and never reads time itself, so tests can pin it. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}
