/** The one call every report makes: the window's rows from the database, through aggregateRuns. */
import type { Db } from "../store/db.ts";
import { fetchStatsRows } from "../store/stats.ts";
import { aggregateRuns } from "./aggregate.ts";
import type { StatsWindow } from "../store/rows.ts";
import type { StatsReport } from "./schema.ts";

export function loadStatsReport(db: Db, window: StatsWindow): StatsReport {
  return aggregateRuns(fetchStatsRows(db, window.sinceTs, window.untilTs), window);
}
