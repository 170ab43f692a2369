"""Think time per move of each bot level in Chromium: ``benchmarks/bot_speed.py`` run on the page's
main thread by the site's own Pyodide (``benchmarks/script_page.html``), as the game page thinks.

    python3 benchmarks/bot_speed_chromium.py [--rounds N] [--levels easy,medium,hard] [--rules R]

Prints the same markdown table as ``bot_speed.py`` (wall-clock times: in the browser Python has no
CPU clock of its own, so the CPU columns repeat the wall clock) and the machine's load average
before and after. Needs ``scripts/setup --test`` (runtime/ and Chromium).
"""

from __future__ import annotations

import argparse
import sys

from in_chromium import run_in_chromium


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--levels", default="hard")
    parser.add_argument("--rules", default="greek")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds")
    args = parser.parse_args()
    return run_in_chromium("bot_speed", ["--rounds", str(args.rounds), "--levels", args.levels, "--rules", args.rules],
                           timeout=args.timeout)


if __name__ == "__main__":
    sys.exit(main())
