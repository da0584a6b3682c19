/** Which window a report covers: 30 days unless a flag names a shorter one. */
import type { StatsWindow, WindowName } from "../store/rows.ts";

const WINDOWS: Record<WindowName, { seconds: number; label: string }> = {
  hour: { seconds: 3_600, label: "last hour" },
  day: { seconds: 86_400, label: "last 24 hours" },
  week: { seconds: 7 * 86_400, label: "last 7 days" },
  month: { seconds: 30 * 86_400, label: "last 30 days" },
};

export function statsWindow(name: WindowName, nowTs: number): StatsWindow {
  const { seconds, label } = WINDOWS[name];
  return { name, label, sinceTs: nowTs - seconds, untilTs: nowTs };
}

/** Every row from one second to another (a replay, a whole history), in the month window's daily buckets. */
export function spanWindow(sinceTs: number, untilTs: number, label: string): StatsWindow {
  return { name: "month", label, sinceTs, untilTs };
}
