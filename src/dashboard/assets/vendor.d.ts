// Files the dashboard serves, embedded as text by Bun (`with { type: "text" }`).
declare module "uplot/dist/uPlot.iife.min.js" {
  const text: string;
  export default text;
}
declare module "uplot/dist/uPlot.min.css" {
  const text: string;
  export default text;
}
