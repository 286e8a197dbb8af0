#!/usr/bin/env python3
"""Interactive round trip through `kubectl exec -i … -- cat`: one byte written to kubectl's stdin,
timed until the same byte comes back on its stdout, as a keystroke echoed by a shell would be.
Two sessions run side by side (A and B, e.g. a pod on the virtual node and its twin reached
directly) and their rounds alternate, so the machine's drift falls on both.

usage: rtt.py ROUNDS -- KUBECTL-ARGS-A... -- KUBECTL-ARGS-B...
prints one line per session: its round trips in milliseconds, sorted, space-separated."""
import os
import subprocess
import sys
import time


def open_session(argv):
    proc = subprocess.Popen(argv + ["--", "cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    # The session is up once a byte has made the round trip.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        proc.stdin.write(b"r")
        if proc.stdout.read(1) == b"r":
            return proc
    raise SystemExit("exec session did not answer: " + " ".join(argv))


def round_trip(proc):
    start = time.perf_counter()
    proc.stdin.write(b"x")
    got = proc.stdout.read(1)
    elapsed = (time.perf_counter() - start) * 1000.0
    if got != b"x":
        raise SystemExit("exec session echoed %r" % got)
    return elapsed


def main():
    args = sys.argv[1:]
    rounds = int(args[0])
    rest = args[2:]
    split = rest.index("--")
    sessions = [open_session(rest[:split]), open_session(rest[split + 1:])]
    times = [[], []]
    for _ in range(rounds):
        for i, proc in enumerate(sessions):
            times[i].append(round_trip(proc))
    for proc in sessions:
        proc.stdin.close()
        proc.wait(timeout=30)
    for t in times:
        print(" ".join("%.3f" % v for v in sorted(t)))
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
