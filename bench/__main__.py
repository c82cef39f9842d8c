"""`make bench`: the machine first, then every benchmark module's figures.

Each module under bench/ with a ``main()`` prints its own ``name: value``
lines; this runner prints the machine they ran on and runs them in turn, so
one failing benchmark does not hide the others.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import platform
import sys
import traceback

import bench


def machine() -> list[str]:
    return [
        f"machine_cores: {os.cpu_count()}",
        f"machine_python: {platform.python_implementation()} {platform.python_version()}",
        f"machine_platform: {platform.platform()}",
        f"machine_database: {os.environ.get('DATABASE_URL', 'sqlite (embedded default)').split('@')[-1]}",
    ]


def main() -> int:
    for line in machine():
        print(line)
    failed = 0
    for info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"bench.{info.name}")
        run = getattr(module, "main", None)
        if run is None:
            continue
        print(f"# bench.{info.name}", flush=True)
        try:
            run()
        except Exception:
            failed += 1
            traceback.print_exc()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
