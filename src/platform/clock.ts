/** The only clock: the core never reads time itself, so tests can pin it. */
import type { Clock } from "../base/clock.ts";

export const systemClock: Clock = { now: () => performance.timeOrigin + performance.now() };
