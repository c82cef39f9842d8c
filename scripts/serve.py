"""Run the Procfile's processes together on one machine (``make serve``), a small foreman.

Each line ``name: command`` of the Procfile starts under ``sh -c`` (so
``${PORT:-8000}`` defaults work) in a process group of its own, its output
prefixed with its name. Ctrl-C
or SIGTERM stops them all (SIGTERM first: gunicorn and celery finish what
they are doing); if one of them exits on its own, the others are stopped
too and its exit status is returned, so a supervisor (systemd, a container
runtime) sees the failure and restarts the set.

    .venv/bin/python scripts/serve.py [--procfile Procfile] [--only web,worker]
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
STOP_GRACE_S = 30
PROCESS_LINE = re.compile(r"^(?P<name>[A-Za-z0-9_-]+):\s*(?P<command>\S.*)$")  # as Heroku and honcho read it


def read_procfile(path: Path) -> dict[str, str]:
    """The Procfile's ``name: command`` lines, in order (comments and blank lines skipped)."""
    processes: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        match = PROCESS_LINE.match(line)
        if match is None:
            raise SystemExit(f"{path}:{number}: expected 'name: command', got {raw!r}")
        processes[match["name"]] = match["command"]
    return processes


def relay(name: str, width: int, stream: IO[bytes], lock: threading.Lock) -> None:
    for line in iter(stream.readline, b""):
        with lock:
            sys.stdout.write(f"{name:<{width}} | {line.decode(errors='replace')}")
            sys.stdout.flush()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--procfile", type=Path, default=ROOT / "Procfile")
    parser.add_argument("--only", help="comma-separated process names (default: every line)")
    args = parser.parse_args(argv)
    processes = read_procfile(args.procfile)
    if args.only:
        wanted = args.only.split(",")
        unknown = [n for n in wanted if n not in processes]
        if unknown:
            raise SystemExit(f"not in {args.procfile.name}: {', '.join(unknown)}")
        processes = {n: c for n, c in processes.items() if n in wanted}
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.setdefault("PYTHONUNBUFFERED", "1")
    (ROOT / "var").mkdir(exist_ok=True)
    width = max(len(n) for n in processes)
    lock = threading.Lock()
    running: dict[str, subprocess.Popen[bytes]] = {}
    relays: list[threading.Thread] = []
    for name, command in processes.items():
        proc = subprocess.Popen(
            ["/bin/sh", "-c", command],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # signals go to each process group by us, not by the terminal
        )
        running[name] = proc
        assert proc.stdout is not None
        relays.append(threading.Thread(target=relay, args=(name, width, proc.stdout, lock), daemon=True))
        relays[-1].start()
        print(f"{'serve':<{width}} | started {name} (pid {proc.pid}): {command}", flush=True)

    stopping = threading.Event()

    def stop(signum: int, frame: object) -> None:
        stopping.set()

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    status = 0
    while not stopping.is_set():
        ended = [(n, p.returncode) for n, p in running.items() if p.poll() is not None]
        if ended:
            name, status = ended[0]
            print(f"{'serve':<{width}} | {name} exited with status {status}; stopping the others", flush=True)
            break
        time.sleep(0.2)
    if stopping.is_set():
        print(f"{'serve':<{width}} | stopping {', '.join(running)}", flush=True)
    for proc in running.values():
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_S
    for proc in running.values():
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    # What the processes wrote last (a quitter's own words) is relayed before we return: their
    # pipes are closed now, so each relay ends as soon as it has written what was left.
    for thread in relays:
        thread.join(timeout=STOP_GRACE_S)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
