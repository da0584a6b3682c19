/**
 * The dashboard in a real browser: Debian's chromium driven by playwright-core (no browser is
 * downloaded), headless, no sandbox, background networking off, a fresh profile per run.
 * Screenshots land in test-output/ for a human to look at.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { formatBytes } from "../../src/base/markers.ts";
import { statsReportSchema } from "../../src/stats/schema.ts";
import { startDashboard, type RunningDashboard } from "../helpers/dashboard.ts";
import { makeSandbox, REPO_ROOT, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { seedMixedHistory } from "../helpers/seed.ts";

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const OUTPUT_DIR = join(REPO_ROOT, "test-output");
const INJECTED_COMMAND = `echo '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'`;
const INJECTED_OUTPUT = `<script>window.__pwned=3</script>\n<b>bold?</b>\n${"plain line of output\n".repeat(20)}`;

let sandbox: Sandbox;
let dashboard: RunningDashboard | null = null;
let browser: BrowserContext | null = null;
let profile: string | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
  if (profile) rmSync(profile, { recursive: true, force: true });
  if (dashboard) await dashboard.interrupt();
  dashboard = null;
  sandbox?.cleanup();
});

async function launch(): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (the CI script does this)`);
  profile = mkdtempSync(join(tmpdir(), "omni-chromium-"));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 900 },
  });
}

/** The little of a canvas the pixel check uses (the test's types have no DOM library). */
interface Canvas2d {
  width: number;
  height: number;
  getContext(kind: "2d"): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
}

function recordInjection(sb: Sandbox): void {
  const payload = {
    session_id: "injection-session",
    hook_event_name: "PostToolUse",
    cwd: sb.home,
    tool_name: "Bash",
    tool_input: { command: INJECTED_COMMAND },
    tool_response: { stdout: INJECTED_OUTPUT, stderr: "", interrupted: false, isImage: false },
    exit_code: 0,
  };
  runOmni(["--post-hook"], { env: sb.env, stdin: JSON.stringify(payload) });
}

/** Sends one request with a Host header of our choosing (fetch would rewrite it). */
function getWithHost(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/health", headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

function nonLoopbackAddress(): string | null {
  for (const list of Object.values(networkInterfaces()))
    for (const info of list ?? []) if (info.family === "IPv4" && !info.internal) return info.address;
  return null;
}

describe("omni dashboard in chromium", () => {
  test("shows the same numbers as stats --json, draws the chart and renders stored HTML inert", async () => {
    sandbox = makeSandbox();
    seedMixedHistory(sandbox);
    recordInjection(sandbox);
    const json = statsReportSchema.parse(JSON.parse(runOmni(["stats", "--json"], { env: sandbox.env }).stdout.toString()));
    dashboard = await startDashboard(sandbox);
    browser = await launch();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto(`${dashboard.url}/`);
    await page.waitForSelector("#savings-chart[data-rendered] canvas");
    const figure = (name: string) => page.textContent(`[data-figure="${name}"]`);
    expect(await figure("calls")).toBe(String(json.totals.calls));
    expect(await figure("input_bytes")).toBe(formatBytes(json.totals.input_bytes));
    expect(await figure("delivered_bytes")).toBe(formatBytes(json.totals.delivered_bytes));
    expect(await figure("saved_percent")).toBe(`${json.totals.saved_percent.toFixed(1)}%`);
    expect(await figure("net_saved_percent")).toBe(`${json.totals.net_saved_percent.toFixed(1)}%`);
    expect(await figure("median_commands")).toBe(String(json.session_lifetime.median_commands));
    expect(await page.textContent("#population")).toContain(
      `${json.population.rows} rows (${json.population.excluded_terminal_rows} terminal rows excluded`,
    );

    // The chart is drawn, not just present: its canvas has painted pixels and one point per bucket.
    expect(await page.getAttribute("#savings-chart", "data-rendered")).toBe(String(json.timeline.buckets.length));
    const painted = await page.$eval("#savings-chart canvas", (canvas) => {
      const c = canvas as unknown as Canvas2d;
      const pixels = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      let count = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) count++;
      return count;
    });
    expect(painted).toBeGreaterThan(500);
    expect(await page.textContent(".u-legend")).toContain("net saved (KB)");

    // Stored HTML is text: nothing ran, no element was created, the literal string shows.
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.$("img[src='x']")).toBeNull();
    expect(await page.textContent("#recent")).toContain(INJECTED_COMMAND);
    expect(errors).toEqual([]);
    mkdirSync(OUTPUT_DIR, { recursive: true });
    await page.screenshot({ path: join(OUTPUT_DIR, "dashboard.png"), fullPage: true });

    await page.click("#recent tbody tr:first-child a");
    await page.waitForSelector("#raw");
    expect(await page.textContent("#raw")).toBe(INJECTED_OUTPUT);
    expect(await page.$("#raw script, #raw b")).toBeNull();
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.screenshot({ path: join(OUTPUT_DIR, "dashboard-run.png"), fullPage: true });
  }, 90_000);

  test("answers loopback only, GET only, and stops cleanly on Ctrl-C", async () => {
    sandbox = makeSandbox();
    dashboard = await startDashboard(sandbox);
    expect(await (await fetch(`${dashboard.url}/health`)).text()).toBe("ok");
    expect((await fetch(`${dashboard.url}/health?x=1`)).status).toBe(200);
    expect((await fetch(`${dashboard.url}/nope`)).status).toBe(404);
    expect((await fetch(`${dashboard.url}/`, { method: "POST", body: "x" })).status).toBe(405);
    expect((await fetch(`${dashboard.url}/run/999999`)).status).toBe(404);
    expect(await getWithHost(dashboard.port, `localhost:${dashboard.port}`)).toBe(200);
    // DNS rebinding: a page on another name reaching 127.0.0.1 still sends its own Host.
    expect(await getWithHost(dashboard.port, `attacker.example:${dashboard.port}`)).toBe(403);

    const address = nonLoopbackAddress();
    if (address) {
      browser = await launch();
      const page = await browser.newPage();
      const outcome = await page.goto(`http://${address}:${dashboard.port}/health`).then(
        (response) => `status ${response?.status()}`,
        (error: Error) => error.message,
      );
      expect(outcome).toContain("ERR_CONNECTION_REFUSED");
    }

    const stopped = await dashboard.interrupt();
    dashboard = null;
    expect(stopped.exitCode).toBe(0);
    expect(stopped.stdout).toContain("omni dashboard stopped");
  }, 60_000);
});
