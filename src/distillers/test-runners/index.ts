/**
 * Every test-runner reader, most specific tally first. The first reader that finds its runner's
 * own tally owns the output; readers never look at the command (routing is route.ts's job).
 */
import { readAutomake } from "./automake.ts";
import { readAva } from "./ava.ts";
import { readBunTest } from "./bun.ts";
import { readBusted } from "./busted.ts";
import { readCargoTest } from "./cargo.ts";
import { readCatch2 } from "./catch2.ts";
import { readCppunit } from "./cppunit.ts";
import { readCtest } from "./ctest.ts";
import { readDoctest } from "./doctest.ts";
import { readEunit } from "./eunit.ts";
import { readGoTest } from "./go.ts";
import { readJasmine } from "./jasmine.ts";
import { readJest } from "./jest.ts";
import { readJunit } from "./junit.ts";
import { readMeson } from "./meson.ts";
import { readMinitest } from "./minitest.ts";
import { readMocha } from "./mocha.ts";
import { readNodeSpec } from "./node-spec.ts";
import { readPhpunit } from "./phpunit.ts";
import { readPlaywright } from "./playwright.ts";
import { readProve } from "./prove.ts";
import { readPytest } from "./pytest.ts";
import type { RunnerParser } from "./reading.ts";
import { readRspec } from "./rspec.ts";
import { readSurefire } from "./surefire.ts";
import { readTcltest } from "./tcltest.ts";
import { readTap } from "./tap.ts";
import { readTestUnit } from "./test-unit.ts";
import { readUnittest } from "./unittest.ts";
import { readVitest } from "./vitest.ts";

export const RUNNER_READERS: RunnerParser[] = [
  readCargoTest,
  readPytest,
  readUnittest,
  readDoctest,
  readJest,
  readVitest,
  readMocha,
  readTap,
  readAva,
  readNodeSpec,
  readPlaywright,
  readRspec,
  readMinitest,
  readTestUnit,
  readPhpunit,
  readJunit,
  readSurefire,
  readJasmine,
  readBusted,
  readTcltest,
  readBunTest,
  readProve,
  readCtest,
  readCatch2,
  readCppunit,
  readAutomake,
  readMeson,
  readGoTest,
  readEunit,
];
