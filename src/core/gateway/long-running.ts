/**
 * Commands that do not end by themselves, or that talk to a person: servers, watchers, followers
 * and REPLs. `omni exec` shows output when the command ends, so these run as typed.
 */

export interface Level {
  base: string;
  args: string[];
}

const SERVE_SCRIPT = /^(?:dev|start|serve|server|preview|watch|storybook|develop)(?::|$)|(?:^|[:-])watch(?:$|[:-])/;
const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const SERVERS = new Set([
  "nodemon",
  "live-server",
  "http-server",
  "serve",
  "uvicorn",
  "gunicorn",
  "hypercorn",
  "daphne",
  "webpack-dev-server",
  "browser-sync",
  "json-server",
  "ts-node-dev",
  "tsx-watch",
  "watchexec",
  "entr",
  "bacon",
  "air",
  "reflex",
  "watch",
]);
const SUBCOMMAND_SERVERS: Record<string, RegExp> = {
  vite: /^(?:dev|serve)$/,
  next: /^(?:dev|start)$/,
  nuxt: /^(?:dev|start|preview)$/,
  nuxi: /^(?:dev|preview)$/,
  astro: /^(?:dev|preview)$/,
  remix: /^dev$/,
  webpack: /^(?:serve|watch)$/,
  "webpack-cli": /^(?:serve|watch)$/,
  ng: /^(?:serve|s)$/,
  rails: /^(?:s|server|c|console)$/,
  hugo: /^(?:server|serve)$/,
  jekyll: /^(?:serve|s)$/,
  mkdocs: /^serve$/,
  flask: /^(?:run|shell)$/,
  cargo: /^(?:watch|run)$/,
  gradle: /^(?:bootRun|run|--continuous)$/,
  gradlew: /^(?:bootRun|run|--continuous)$/,
  mvn: /^(?:spring-boot:run|jetty:run|quarkus:dev|exec:java|tomcat7:run)$/,
  mvnw: /^(?:spring-boot:run|jetty:run|quarkus:dev|exec:java)$/,
  make: /^(?:run|serve|server|dev|watch|start|shell|repl)$/,
  terraform: /^console$/,
  tofu: /^console$/,
  php: /^(?:-S)$/,
  artisan: /^(?:serve|tinker)$/,
  mix: /^(?:phx\.server|run)$/,
  dotnet: /^(?:run|watch)$/,
  go: /^run$/,
  deno: /^(?:serve|repl)$/,
  kubectl: /^(?:port-forward|attach|proxy|exec|run)$/,
  docker: /^(?:attach|run|exec)$/,
  podman: /^(?:attach|run|exec)$/,
};
/** Programs that are a REPL when given no script or command to run. */
const REPLS: Record<string, RegExp> = {
  node: /^(?:[^-]|-e$|--eval$|-p$|--print$|--test$|--run$|--check$|-c$)/,
  python3: /^(?:[^-]|-c$|-m$)/,
  python: /^(?:[^-]|-c$|-m$)/,
  ruby: /^(?:[^-]|-e$)/,
  perl: /^(?:[^-]|-e$|-E$)/,
  php: /^(?:[^-]|-r$)/,
  deno: /^[a-z]/,
  bun: /^[a-z.]/,
  psql: /^(?:-c$|--command|-f$|--file|-l$|--list)/,
  mysql: /^(?:-e$|--execute)/,
  sqlite3: /^[^-]/,
  "redis-cli": /^[^-]/,
  mongosh: /^(?:--eval|-f$|--file)/,
  sh: /^(?:[^-]|-c$)/,
  bash: /^(?:[^-]|-c$)/,
  zsh: /^(?:[^-]|-c$)/,
  irb: /^\b$/,
  pry: /^\b$/,
  iex: /^\b$/,
  ghci: /^\b$/,
  lua: /^(?:[^-]|-e$)/,
  R: /^(?:-e$|-f$|--file)/,
};

/** Why a command would not end by itself or needs a person, or null. Every launcher level is asked. */
export function longRunningReason(levels: Level[]): string | null {
  for (const { base, args } of levels) {
    const sub = args.find((arg) => !arg.startsWith("-")) ?? "";
    if (args.some((arg) => /^--(?:watch|watchAll|watch-all|serve|hot|continuous|interactive)(?:=|$)/.test(arg)))
      return "watch or serve flag";
    if (base === "tsc" && args.includes("-w")) return "watch flag";
    if (PACKAGE_MANAGERS.has(base)) {
      if (sub === "start" || sub === "dev" || sub === "serve" || sub === "preview" || sub === "watch") return `${base} ${sub} serves`;
      const script = sub === "run" ? (args[args.indexOf("run") + 1] ?? "") : "";
      if (SERVE_SCRIPT.test(script)) return `${base} run ${script} serves`;
      if (base === "bun" && sub === "repl") return "REPL";
    }
    if (SERVERS.has(base)) return `${base} serves`;
    const serving = SUBCOMMAND_SERVERS[base];
    if (serving && args.some((arg) => serving.test(arg)) && !(base === "docker" && args.includes("-d") && sub === "run"))
      return `${base} ${args.find((arg) => serving.test(arg))} does not end by itself`;
    if (base === "vite" && (args.length === 0 || args.every((arg) => arg.startsWith("-")))) return "vite serves";
    if (
      (base === "docker" || base === "podman") &&
      args.includes("compose") &&
      args.includes("up") &&
      !args.some((arg) => arg === "-d" || arg === "--detach")
    )
      return "compose up stays attached";
    if ((base === "docker-compose" || base === "podman-compose") && sub === "up" && !args.some((arg) => arg === "-d" || arg === "--detach"))
      return "compose up stays attached";
    if (
      args.some((arg) => arg === "-f" || arg === "--follow" || arg === "-F") &&
      ["tail", "journalctl", "kubectl", "docker", "podman", "stern", "less", "heroku", "flyctl", "oc"].includes(base)
    )
      return "follows a log";
    if ((base === "kubectl" || base === "oc") && sub === "get" && args.some((arg) => arg === "-w" || arg === "--watch")) return "watches";
    const repl = REPLS[base];
    if (repl && !args.some((arg) => repl.test(arg))) return "REPL";
  }
  return null;
}
