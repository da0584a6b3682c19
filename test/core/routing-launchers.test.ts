/**
 * Every launcher, wrapper and test spelling of src/core/routing/{launchers,test-invocation,program}.ts,
 * one real command each, with the route or program level it must get written out here: a dropped
 * entry or option changes it, so it goes red. The lists are typed out, never read from the sets.
 */
import { describe, expect, test } from "bun:test";
import { programLevels, routeCommand } from "../../src/core/route.ts";

const distiller = (command: string) => routeCommand(command).distiller;
const levels = (command: string) => programLevels(command).map((level) => level.base);

describe("launchers: the program they start is what routing reads", () => {
  test.each(["npx", "bunx", "pnpx"])("`%s` runs the word after its options", (runner) => {
    expect(levels(`${runner} --yes vitest run`)).toEqual([runner, "vitest"]);
    expect(distiller(`${runner} vitest run`)).toBe("test");
    expect(distiller(`${runner} tsc --noEmit`)).toBe("build");
  });
  test.each([
    ["npm", "exec"],
    ["pnpm", "exec"],
    ["pnpm", "dlx"],
    ["yarn", "dlx"],
    ["bun", "x"],
    ["npm", "x"],
  ])("`%s %s` runs the word after it", (pm, sub) => {
    expect(levels(`${pm} ${sub} vitest run`)).toEqual([pm, "vitest"]);
    expect(distiller(`${pm} ${sub} vitest run`)).toBe("test");
  });
  test("a package manager's other subcommands launch nothing", () => {
    expect(levels("npm install vitest")).toEqual(["npm"]);
    expect(levels("bun add vitest")).toEqual(["bun"]);
  });
  test.each(["yarn", "pnpm"])("`%s` runs a test runner or a JS build tool by name", (pm) => {
    expect(levels(`${pm} jest --ci`)).toEqual([pm, "jest"]);
    expect(levels(`${pm} webpack`)).toEqual([pm, "webpack"]);
    expect(levels(`${pm} lint`)).toEqual([pm]);
    expect(levels("npm jest")).toEqual(["npm"]);
  });
  test.each(["tsc", "webpack", "webpack-cli", "rollup", "esbuild", "parcel", "swc", "babel"])("`yarn %s` is a build log", (tool) => {
    expect(routeCommand(`yarn ${tool}`)).toMatchObject({ distiller: "build", label: "yarn" });
  });
  test("`yarn vite` is the dev server; `yarn vite build` is a build", () => {
    expect(distiller("yarn vite")).toBe("jsts");
    expect(distiller("yarn vite build")).toBe("build");
    expect(distiller("vite optimize")).toBe("build");
    expect(distiller("vite preview")).toBe("build");
  });
  test.each(["uv", "poetry", "pipenv", "pdm", "hatch"])("`%s run` runs its program in the environment", (runner) => {
    expect(levels(`${runner} run pytest -q`)).toEqual([runner, "pytest"]);
    expect(distiller(`${runner} run pytest -q`)).toBe("test");
    expect(levels(`${runner} sync pytest`)).toEqual([runner]);
  });
  test.each(["exec", "ex"])("`bundle %s rspec`", (sub) => {
    expect(levels(`bundle ${sub} rspec`)).toEqual(["bundle", "rspec"]);
    expect(distiller(`bundle ${sub} rspec`)).toBe("test");
  });
  test("`deno run npm:vitest@1.2 run` runs vitest with the words after it", () => {
    expect(programLevels("deno run -A npm:vitest@1.2 run")).toEqual([
      { base: "deno", args: ["run", "-A", "npm:vitest@1.2", "run"] },
      { base: "vitest", args: ["run"] },
    ]);
    expect(levels("deno run main.ts")).toEqual(["deno"]);
  });
  test("launchers nest at most four levels deep", () => {
    expect(levels("npx npx npx npx npx vitest")).toEqual(["npx", "npx", "npx", "npx"]);
  });
});

describe("test spellings", () => {
  test.each([
    "node --test",
    "node test",
    "deno test",
    "bun test",
    "python3 -m pytest",
    "python -m unittest",
    "python3 -m tox",
    "python3 -m nose2",
    "python3 -m doctest",
    "hatch run test",
    "poetry run tests",
    "pdm run unit",
    "pipenv run cov",
    "uv run coverage",
    "hatch run test:all",
    "npm test",
    "npm t",
    "pnpm run test:unit",
    "pnpm test:unit",
    "yarn test:e2e",
    "yarn unit",
    "bun run test:unit",
    "bun run e2e",
    "bun test",
    "yarn run test",
    "yarn run unit",
    "npm run e2e",
    "npm run spec:ci",
    "npx jest",
    "go test ./...",
    "cargo nextest run",
    "cargo bench",
    "dotnet test",
    "swift test",
    "mix test",
    "zig test",
    "java -cp test.jar Main",
    "mvn test",
    "mvnw verify -Dtest=A",
    "gradle test",
    "gradlew :app:testDebug",
    "kotlin test",
    "sbt test",
    "flutter test",
    "dart test",
    "make test",
    "make check",
    "make tests",
    "ninja test",
    "meson test",
    "rake test",
    "rake spec",
    "rails test",
    "composer test",
    "lein test",
    "stack test",
    "cabal test",
  ])("`%s` is a test run", (command) => {
    expect(distiller(command)).toBe("test");
  });
  test.each([
    ["node x.js", "generic"],
    ["deno run x.ts", "jsts"],
    ["python3 -m http.server", null],
    ["python3 pytest.py", null],
    ["hatch run lint", "generic"],
    ["npm run lint", "jsts"],
    ["npm run", "jsts"],
    ["npx eslint .", "jsts"],
    ["go vet ./...", "build"],
    ["mix compile", "generic"],
    ["zig build", "generic"],
    ["kotlin run", "build"],
    // A compiler compiles tests; it does not run them.
    ["javac TestMain.java", "build"],
    ["javac -d target/test-classes src/test/java/AppTest.java", "build"],
    ["kotlinc test", "build"],
    ["sbt compile", "build"],
    ["flutter build apk", "build"],
    ["make all", "build"],
    ["ninja", "build"],
    ["meson compile test", "build"],
    ["rake db:migrate", "build"],
    ["rails server", "generic"],
    ["cabal build", "generic"],
  ])("`%s` is no test run: %p", (command, expected) => {
    expect(distiller(command)).toBe(expected as never);
  });
});

describe("wrappers are peeled, with the words each option takes", () => {
  test.each([
    "timeout 60 cargo test",
    "timeout -s KILL 60 cargo test",
    "timeout --signal KILL 60 cargo test",
    "timeout -k 5 60 cargo test",
    "timeout --kill-after 5 60 cargo test",
    "timeout --preserve-status 60 cargo test",
    "time cargo test",
    "time -f %e cargo test",
    "time --format %e cargo test",
    "time -o t.txt cargo test",
    "time --output t.txt cargo test",
    "nice cargo test",
    "nice -n 5 cargo test",
    "nice --adjustment 5 cargo test",
    "nohup cargo test",
    "stdbuf -i 0 cargo test",
    "stdbuf -o L cargo test",
    "stdbuf -e 0 cargo test",
    "ionice -c 3 cargo test",
    "ionice -n 7 cargo test",
    "ionice -p 1 cargo test",
    "ionice --class 3 cargo test",
    "ionice --classdata 7 cargo test",
    "sudo cargo test",
    "sudo -u dev cargo test",
    "sudo -g dev cargo test",
    "sudo -C 3 cargo test",
    "sudo -D /src cargo test",
    "sudo -h host cargo test",
    "sudo -p pw cargo test",
    "sudo -U dev cargo test",
    "sudo --user dev cargo test",
    "sudo --group dev cargo test",
    "command cargo test",
    "exec cargo test",
    "exec -a name cargo test",
    "env cargo test",
    "env A=1 B=2 cargo test",
    "env -u A cargo test",
    "env --unset A cargo test",
    "env -C /src cargo test",
    "env --chdir /src cargo test",
    "env -S x cargo test",
    "env --split-string x cargo test",
    "env -- cargo test",
    "timeout -- 10 cargo test",
    "nice -n 5 timeout 60 env A=1 cargo test",
  ])("`%s` is cargo's test run", (command) => {
    expect(routeCommand(command)).toMatchObject({ distiller: "test", label: "cargo" });
  });
  test("a wrapper option's value is no program: `sudo -u test cargo build` is a build", () => {
    expect(routeCommand("sudo -u test cargo build")).toMatchObject({ distiller: "build", label: "cargo" });
    expect(routeCommand("exec -a test cargo build")).toMatchObject({ distiller: "build", label: "cargo" });
  });
  test("`env` alone lists the environment; wrappers nest at most four deep", () => {
    expect(routeCommand("env A=1")).toMatchObject({ distiller: "system-ops", collapse: null, label: "env" });
    expect(routeCommand("nice nice nice nice cargo test").label).toBe("cargo");
    expect(routeCommand("nice nice nice nice nice cargo test").label).toBe("nice");
  });
});
