#!/usr/bin/env python3
"""Checks the deployment files in deploy/ against the binaries they run.

  check_deploy_files.py DEPLOY_DIR BIN_DIR

- systemd units: `systemd-analyze verify` (runs without a running systemd) on copies whose
  /usr/local/bin paths point at BIN_DIR, the template unit as an instance;
- the Kubernetes manifests: every document parses (python3-yaml) and has its kind's
  essentials: the coordinator's volume claim and gRPC probes, whole-core worker requests
  equal to their limits, Secrets for tokens and TLS;
- the Slurm script: `bash -n`;
- every flag any of them passes to tumen-coordinator or tumen-worker is one the binary lists
  in its --help.
Exits non-zero with one line per problem.
"""
import os
import re
import subprocess
import sys
import tempfile

import yaml

problems = []


def problem(text):
    problems.append(text)
    print("FAIL: " + text)


def binary_flags(bin_dir, name):
    out = subprocess.run([os.path.join(bin_dir, name), "--help"], capture_output=True, text=True)
    flags = set(re.findall(r"^  --([a-z][a-z0-9-]*)", out.stdout + out.stderr, re.M))
    if not flags:
        problem(f"{name} --help lists no flags")
    return flags


def check_flags(where, program, args, known):
    for flag in re.findall(r"(?:^|\s|\")--([a-z][a-z0-9_-]*)", " ".join(args)):
        if flag.replace("_", "-") not in known[program]:
            problem(f"{where}: {program} has no flag --{flag}")


def program_args(text, program):
    """The words after `program` up to the end of its (continued) command line."""
    joined = re.sub(r"\\\n\s*", " ", text)
    lines = [l for l in joined.splitlines() if program in l and not l.lstrip().startswith("#")]
    return [l[l.index(program) + len(program):] for l in lines]


def check_systemd(deploy, bin_dir, known):
    units = os.path.join(deploy, "systemd")
    with tempfile.TemporaryDirectory() as tmp:
        copies = []
        for name in sorted(os.listdir(units)):
            text = open(os.path.join(units, name)).read()
            program = "tumen-worker" if "worker" in name else "tumen-coordinator"
            for args in program_args(text, "/usr/local/bin/" + program):
                check_flags(f"systemd/{name}", program, [args], known)
            text = text.replace("/usr/local/bin/", os.path.abspath(bin_dir) + "/")
            instance = name.replace("@.service", "@0-1.service")
            path = os.path.join(tmp, instance)
            open(path, "w").write(text)
            copies.append(path)
        out = subprocess.run(["systemd-analyze", "verify", *copies], capture_output=True,
                             text=True, env=dict(os.environ, SYSTEMD_LOG_LEVEL="warning"))
        # Clean units verify silently; an unknown key or a bad value is only a warning (exit
        # 0), so every line it prints counts.
        for line in (out.stdout + out.stderr).splitlines():
            problem(f"systemd-analyze verify: {line}")
        if out.returncode != 0:
            problem(f"systemd-analyze verify exited {out.returncode}")


def check_kubernetes(deploy, known):
    path = os.path.join(deploy, "kubernetes", "tumen.yaml")
    docs = [d for d in yaml.safe_load_all(open(path)) if d]
    kinds = {}
    for d in docs:
        for key in ("apiVersion", "kind", "metadata"):
            if key not in d:
                problem(f"kubernetes: a document without {key}")
        kinds[(d["kind"], d["metadata"]["name"])] = d
    coordinator = kinds.get(("StatefulSet", "tumen-coordinator"))
    worker = kinds.get(("Deployment", "tumen-worker"))
    if not coordinator or not worker or ("Service", "tumen-coordinator") not in kinds:
        problem("kubernetes: needs the coordinator StatefulSet and Service, the worker Deployment")
        return
    c = coordinator["spec"]["template"]["spec"]["containers"][0]
    if not coordinator["spec"].get("volumeClaimTemplates"):
        problem("kubernetes: the coordinator's store needs a persistent volume claim")
    for probe in ("readinessProbe", "livenessProbe"):
        if "grpc" not in c.get(probe, {}):
            problem(f"kubernetes: the coordinator's {probe} is not a gRPC health probe")
    w = worker["spec"]["template"]["spec"]["containers"][0]
    req, lim = w["resources"]["requests"]["cpu"], w["resources"]["limits"].get("cpu")
    if not re.fullmatch(r"[0-9]+", str(req)) or req != lim:
        problem(f"kubernetes: worker CPU requests must be whole cores equal to limits ({req}, {lim})")
    games = [a for a in w["args"] if a.startswith("--games=")]
    if games != [f"--games={req}"]:
        problem(f"kubernetes: the worker plays one game per requested core ({games} for {req})")
    secrets = {v["secret"]["secretName"] for d in (coordinator, worker)
               for v in d["spec"]["template"]["spec"]["volumes"] if "secret" in v}
    if not {"tumen-tokens", "tumen-tls", "tumen-ca"} <= secrets:
        problem(f"kubernetes: tokens and TLS come from Secrets (found {sorted(secrets)})")
    for container, program in ((c, "tumen-coordinator"), (w, "tumen-worker")):
        if container["command"] != ["/usr/local/bin/" + program]:
            problem(f"kubernetes: {program} container runs {container['command']}")
        check_flags("kubernetes", program, container["args"], known)


def check_slurm(deploy, known):
    path = os.path.join(deploy, "slurm", "tumen-workers.sbatch")
    out = subprocess.run(["bash", "-n", path], capture_output=True, text=True)
    if out.returncode != 0:
        problem(f"slurm: bash -n: {out.stderr.strip()}")
    args = program_args(open(path).read(), "tumen-worker\"")
    if not args:
        problem("slurm: the script does not run tumen-worker")
    for a in args:
        check_flags("slurm", "tumen-worker", [a], known)


def main():
    deploy, bin_dir = sys.argv[1], sys.argv[2]
    known = {p: binary_flags(bin_dir, p) for p in ("tumen-coordinator", "tumen-worker")}
    check_systemd(deploy, bin_dir, known)
    check_kubernetes(deploy, known)
    check_slurm(deploy, known)
    if problems:
        sys.exit(1)
    print("deploy files OK")


if __name__ == "__main__":
    main()
