/** The only clock: the core never reads time itself, so tests can pin it. */
import type { Clock } from "../core/pipeline.ts";

export const systemClock: Clock = { now: () => performance.timeOrigin + performance.now() };
