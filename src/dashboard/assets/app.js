/* global document, window, uPlot */
// Draws "savings over time" from the report embedded in the page (no second fetch, so the
// chart and the tables always show the same aggregation).
(function () {
  const source = document.getElementById("report-data");
  const target = document.getElementById("savings-chart");
  if (!source || !target) return;
  const report = JSON.parse(source.textContent);
  const buckets = report.timeline.buckets;
  const kb = (bytes) => bytes / 1024;
  const data = [
    buckets.map((b) => b.start_ts),
    buckets.map((b) => kb(b.input_bytes)),
    buckets.map((b) => kb(b.delivered_bytes)),
    buckets.map((b) => kb(b.net_bytes_saved)),
  ];
  const width = Math.max(320, Math.min(960, target.clientWidth || 960));
  const opts = {
    width,
    height: 280,
    scales: { x: { time: true } },
    axes: [
      { stroke: "#8b949e", grid: { stroke: "#21262d" }, ticks: { stroke: "#30363d" } },
      {
        label: "KB",
        stroke: "#8b949e",
        grid: { stroke: "#21262d" },
        ticks: { stroke: "#30363d" },
        values: (_u, ticks) => ticks.map((t) => new Intl.NumberFormat().format(t)),
      },
    ],
    series: [
      {},
      { label: "in (KB)", stroke: "#8b949e", width: 2 },
      { label: "delivered (KB)", stroke: "#58a6ff", width: 2 },
      { label: "net saved (KB)", stroke: "#3fb950", width: 2, fill: "rgba(63,185,80,0.15)" },
    ],
  };
  window.savingsChart = new uPlot(opts, data, target);
  target.setAttribute("data-rendered", String(buckets.length));
})();
