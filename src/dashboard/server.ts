/**
 * `omni dashboard`: a read-only local page over the same aggregation as `omni stats`. Binds
 * 127.0.0.1 only, answers only loopback peers and loopback Host headers (a DNS-rebinding page
 * on another origin sends its own Host), GET only, and nothing but the routes below.
 */
import uplotCss from "uplot/dist/uPlot.min.css" with { type: "text" };
import uplotJs from "uplot/dist/uPlot.iife.min.js" with { type: "text" };
import appJs from "./assets/app.js" with { type: "text" };
import { DASHBOARD_CSS, renderDashboard, renderRun } from "./page.ts";
import type { StatsReport } from "../stats/schema.ts";
import type { TraceView } from "../store/traces.ts";

export const DEFAULT_DASHBOARD_PORT = 7717;

export interface DashboardSource {
  report(): StatsReport;
  run(id: number): TraceView | null;
}

const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

const ASSETS: Record<string, { body: string; type: string }> = {
  "/assets/uPlot.iife.min.js": { body: uplotJs, type: "text/javascript; charset=utf-8" },
  "/assets/uPlot.min.css": { body: uplotCss, type: "text/css; charset=utf-8" },
  "/assets/app.js": { body: appJs, type: "text/javascript; charset=utf-8" },
  "/assets/dashboard.css": { body: DASHBOARD_CSS, type: "text/css; charset=utf-8" },
};

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

function respond(body: string, status: number, type = "text/plain; charset=utf-8", extra: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...SECURITY_HEADERS, "content-type": type, ...extra } });
}

/** Host header without its port: `127.0.0.1:7717` → `127.0.0.1`, `[::1]:7717` → `[::1]`. */
function isLoopbackHost(host: string | null): boolean {
  if (!host) return false;
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0]!;
  return LOOPBACK_HOSTS.has(name.toLowerCase());
}

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

function handleRequest(request: Request, peerAddress: string | undefined, source: DashboardSource): Response {
  if (!isLoopbackAddress(peerAddress) || !isLoopbackHost(request.headers.get("host")))
    return respond("refused: the dashboard answers loopback only\n", 403);
  if (request.method !== "GET") return respond("method not allowed: the dashboard is read-only\n", 405, undefined, { allow: "GET" });
  const path = new URL(request.url).pathname;
  if (path === "/health") return respond("ok", 200);
  if (path === "/") return respond(renderDashboard(source.report()), 200, "text/html; charset=utf-8");
  if (path === "/api/stats") return respond(`${JSON.stringify(source.report(), null, 2)}\n`, 200, "application/json; charset=utf-8");
  const run = /^\/run\/(\d{1,15})$/.exec(path);
  if (run) {
    const trace = source.run(Number(run[1]));
    return trace
      ? respond(renderRun(trace), 200, "text/html; charset=utf-8")
      : respond("no trace for that run (traces are kept 7 days)\n", 404);
  }
  const asset = ASSETS[path];
  if (asset) return respond(asset.body, 200, asset.type);
  return respond("not found\n", 404);
}

export function startDashboard(source: DashboardSource, port: number): ReturnType<typeof Bun.serve> {
  return Bun.serve({
    hostname: "127.0.0.1",
    port,
    fetch(request, server) {
      try {
        return handleRequest(request, server.requestIP(request)?.address, source);
      } catch (error) {
        return respond(`internal error: ${error instanceof Error ? error.message : String(error)}\n`, 500);
      }
    },
  });
}
