import { describe, expect, test } from "bun:test";
import { routeCommand } from "../../src/core/route.ts";
import { distillWith } from "../helpers/distill.ts";
import { loadFixtures } from "../helpers/fixtures.ts";
import { runFixture } from "../helpers/pipeline-run.ts";

const fixtures = loadFixtures("cloud");
const text = (name: string) => fixtures.find((f) => f.name === name)!.text;

describe("cloud distiller", () => {
  test("hands a kubectl pod table back byte for byte (0% saved)", () => {
    const fixture = fixtures.find((f) => f.name === "upstream_kubectl_get_pods_mixed")!;
    const run = runFixture(fixture);
    expect(run.delivered).toBe(fixture.text);
    expect(run.bytesOut).toBe(run.bytesIn);
  });

  test("turns the heavy docker build log into the builder's verdict with the image id, plus the marker", () => {
    const run = runFixture(fixtures.find((f) => f.name === "upstream_heavy_noise")!);
    expect(run.delivered).toMatch(
      /^Successfully built a1b2c3d4e5f6\n\[OMNI: 251 lines omitted, omni retrieve [0-9a-f]{16} for full output\]\n$/,
    );
    expect(1 - run.bytesOut / run.bytesIn).toBeGreaterThan(0.986);
  });

  test("keeps the failing step and every error line of a failed docker build", () => {
    const out = distillWith("cloud", text("upstream_docker_build_error"), { command: "docker build .", failed: true })!;
    expect(out.split("\n")[0]).toBe("docker build: ✗ failed at step 4/6");
    for (const line of text("upstream_docker_build_error").split("\n").slice(9)) expect(out).toContain(line);
  });

  test("lists every terraform resource address with its action under terraform's own tally", () => {
    expect(distillWith("cloud", text("upstream_terraform_plan_cloud"))).toBe(
      [
        "terraform: +2 ~1 -1 resources",
        "+ aws_instance.web",
        "+ aws_s3_bucket.assets",
        "~ aws_security_group.web_sg",
        "- aws_instance.old_worker",
        "Plan: 2 to add, 1 to change, 1 to destroy.",
        "",
      ].join("\n"),
    );
  });

  test("counts a replacement as one add and one destroy, as terraform's Plan line does", () => {
    const out = distillWith("cloud", text("tf_plan_mixed"))!;
    expect(out.split("\n").slice(0, 9)).toEqual([
      "terraform: +2 ~4 -2 resources",
      '~ terraform_data.api["eu-west-1"]',
      '~ terraform_data.api["us-east-1"]',
      "-/+ terraform_data.database",
      "~ terraform_data.worker[0]",
      "~ terraform_data.worker[1]",
      "- terraform_data.worker[2]",
      "+ module.cache.terraform_data.node[2]",
      "Plan: 2 to add, 4 to change, 2 to destroy.",
    ]);
  });

  test("keeps every resource's completion line and the outputs of an apply", () => {
    const raw = text("tf_apply_create");
    const out = distillWith("cloud", raw, { command: "terraform apply -auto-approve" })!;
    const completions = raw.split("\n").filter((line) => line.includes(": Creation complete after "));
    expect(completions.length).toBe(9);
    for (const line of completions) expect(out).toContain(line);
    expect(out).toContain(raw.slice(raw.indexOf("Apply complete!")));
    expect(out).not.toContain(": Creating...");
  });

  test("names every compose container and keeps the service log lines", () => {
    const out = distillWith("cloud", text("upstream_docker_compose"))!;
    expect(out.split("\n")[0]).toBe(
      "docker compose: 1 network created: myapp_default; 4 containers created: myapp_redis_1, myapp_db_1, myapp_api_1, myapp_web_1",
    );
    expect(out).toContain("web_1    | Compiled successfully!");
  });

  const planWithoutDestroyBlock = text("upstream_terraform_plan_cloud").replace(
    / {2}# aws_instance\.old_worker will be destroyed\n[\s\S]*?\n {4}}\n/,
    "",
  );
  const declines: Array<[string, string]> = [
    ["a kubectl pod table", text("upstream_kubectl_get_pods_mixed")],
    ["another kubectl pod table", text("upstream_kubectl_pods_mixed")],
    ["a docker ps table", text("upstream_docker_ps_mixed")],
    ["a docker build cut off before the builder's verdict", text("upstream_heavy_noise").replace(/Successfully built \S+\n$/, "")],
    ["a docker build verdict without any step", text("upstream_docker_build_success")],
    ["a terraform plan that itemises no resource", text("upstream_terraform_plan")],
    ["a terraform plan whose itemised count disagrees with its Plan line", planWithoutDestroyBlock],
    ["a one-line terraform apply", text("upstream_terraform_apply")],
    ["a terraform plan that stopped at an error", text("tf_plan_error")],
    ["an apply whose provisioner failed after its plan was printed", text("tf_apply_provisioner_error")],
  ];
  test("derives the disagreeing plan by removing exactly one resource block", () => {
    expect(planWithoutDestroyBlock).not.toContain("old_worker");
    expect(planWithoutDestroyBlock).toContain("Plan: 2 to add, 1 to change, 1 to destroy.");
  });

  test.each(declines)("declines %s", (_name, input) => {
    expect(distillWith("cloud", input)).toBeNull();
  });

  test.each([
    ["kubectl get pods", "cloud", null],
    ["helm list", "cloud", null],
    ["docker build .", "cloud", "infra"],
    ["docker compose up", "cloud", "infra"],
    ["docker-compose up", "cloud", "infra"],
    ["terraform plan", "cloud", "infra"],
  ])("routes `%s` to %s with collapse %s", (command, distiller, collapse) => {
    expect(routeCommand(command)).toMatchObject({ distiller, collapse });
  });
});
