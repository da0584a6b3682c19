/**
 * Infrastructure tools. Listings (kubectl get, docker ps, helm list) are answers row by row and
 * are never summarised: a pod table once came out as "k8s: 2 pods" and the pod names were gone
 * (#562). What is summarised is ceremony: docker build layers, terraform plan bodies, compose
 * start-up chatter, terraform apply progress.
 */
import { summariseComposeUp } from "./cloud/compose.ts";
import { summariseDockerBuild } from "./cloud/docker-build.ts";
import { summariseTerraformApply, summariseTerraformPlan } from "./cloud/terraform.ts";
import { defineDistiller } from "./types.ts";

export default defineDistiller({
  id: "cloud",
  collapse: "infra",
  programs: [
    "docker",
    "docker-compose",
    "podman",
    "kubectl",
    "helm",
    "terraform",
    "tofu",
    "aws",
    "gcloud",
    "az",
    "doctl",
    "skaffold",
    "argocd",
    "flux",
    "k3d",
    "kind",
    "minikube",
    "kustomize",
    "cdk",
    "pulumi",
    "serverless",
    "sam",
    "oc",
    "nomad",
    "vagrant",
  ],
  declined: "not recognised",
  describe:
    "docker build → one status line (or the failing step with its error), terraform plan → +~- counts with every resource address, compose and apply progress dropped; tables kept verbatim.",
  // Each branch keeps the failing step or error whole, or declines.
  distillsFailedRuns: true,
  distill({ text }) {
    return summariseDockerBuild(text) ?? summariseTerraformPlan(text) ?? summariseTerraformApply(text) ?? summariseComposeUp(text);
  },
});
