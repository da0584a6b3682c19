/**
 * SVG → PNG with resvg (a native addon shipped inside its npm package, embedded by
 * `bun build --compile`). Loaded on first use so no other command pays for it.
 */
export async function svgToPng(svg: string): Promise<Uint8Array> {
  const { Resvg } = await import("@resvg/resvg-js");
  const renderer = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans Mono" }, fitTo: { mode: "original" } });
  return renderer.render().asPng();
}
