/** One real command per routing-table entry the unit tests did not name: the family it lands in, or why it passes through. */
import { expect, test } from "bun:test";
import { routeCommand } from "../../src/core/route.ts";

test.each([
  ["tape test/*.js", "test"],
  ["ava --verbose", "test"],
  ["pnpx vitest run", "test"],
  ["pnpx tsc --noEmit", "build"],
  ["bunx tsc --noEmit", "build"],
  ["pycodestyle src", "build"],
  ["meson compile -C build", "build"],
  ["timeout --kill-after 5 60 cargo test", "test"],
  ["timeout -k 5 60 cargo test", "test"],
  ["timeout --signal KILL 60 cargo test", "test"],
])("%p is shaped as %p output", (command, distiller) => {
  expect(routeCommand(command).distiller).toBe(distiller as never);
});

test.each(["base64", "sha256sum", "md5sum", "tac", "rev", "paste"])("output piped into %p is reshaped, so it passes through", (tail) => {
  expect(routeCommand(`cargo test | ${tail}`)).toMatchObject({ distiller: null, reason: `reshaped by ${tail}` });
});
