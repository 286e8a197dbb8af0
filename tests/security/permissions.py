#!/usr/bin/env python3
"""Lists every permission granted in a cluster by a RoleBinding or ClusterRoleBinding that is not
Kubernetes' own, one line per subject x rule x verb, with cluster IDs replaced by their role
(<consumer>, <provider>) so runs compare. Reads `kubectl get clusterroles,clusterrolebindings,
roles,rolebindings -A -o json` on stdin.
usage: permissions.py CLUSTER_LABEL consumer=ID provider=ID < objects.json"""
import json
import re
import sys

label = sys.argv[1]
ids = dict(arg.split("=", 1) for arg in sys.argv[2:])
items = json.load(sys.stdin)["items"]


def kubernetes_own(obj):
    name = obj["metadata"]["name"]
    # The cluster's metrics-server (an add-on of the testbed's clusters, as of most) is not
    # Spillway's: its bindings, labelled as upstream's are, and naming only its own user.
    addon = (obj["metadata"].get("labels") or {}).get("k8s-app") == "metrics-server" and all(
        s.get("kind") == "User" and s.get("name") == "system:metrics-server" for s in obj.get("subjects") or [{}])
    return addon or name.startswith("system:") or name in ("cluster-admin", "admin", "edit", "view")


def normal(text):
    for role, cluster_id in ids.items():
        text = re.sub(r"(?<![a-z0-9])" + re.escape(cluster_id) + r"(?![a-z0-9])", "<" + role + ">", text)
    return text


roles = {}
for o in items:
    if o["kind"] in ("ClusterRole", "Role"):
        roles[(o["kind"], o["metadata"].get("namespace", ""), o["metadata"]["name"])] = o.get("rules") or []

lines = set()
for b in items:
    if b["kind"] not in ("ClusterRoleBinding", "RoleBinding") or kubernetes_own(b):
        continue
    ns = b["metadata"].get("namespace", "")
    ref = b["roleRef"]
    key = (ref["kind"], ns if ref["kind"] == "Role" else "", ref["name"])
    if key not in roles:
        lines.add(normal(f"{label} MISSING-ROLE {ref['kind']}/{ref['name']} bound by {b['kind']} {ns}/{b['metadata']['name']}"))
        continue
    scope = "cluster" if b["kind"] == "ClusterRoleBinding" else "ns=" + ns
    for subject in b.get("subjects") or []:
        who = subject["kind"] + ":" + (subject.get("namespace", "") + "/" if subject.get("namespace") else "") + subject["name"]
        for rule in roles[key]:
            for group in rule.get("apiGroups", [""]) or [""]:
                for resource in rule.get("resources", []) or rule.get("nonResourceURLs", []):
                    names = ",".join(rule.get("resourceNames", []) or [])
                    for verb in rule.get("verbs", []):
                        lines.add(normal(f"{label} {who} {scope} {group or 'core'}/{resource} {verb}" + (f" names={names}" if names else "")))
print("\n".join(sorted(lines)))
