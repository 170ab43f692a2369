"""The fair deal's cost and the messages' sizes in Chromium: ``benchmarks/duel_speed.py`` run on the page's main
thread by the site's own Pyodide (``benchmarks/script_page.html``), as the game page computes it.

    python3 benchmarks/duel_speed_chromium.py [--repeat N]

Prints the same tables as ``duel_speed.py`` (wall-clock medians) and the machine's load average before and
after. Needs ``scripts/setup --test`` (runtime/ and Chromium).
"""

from __future__ import annotations

import argparse
import sys

from in_chromium import run_in_chromium


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds")
    args = parser.parse_args()
    return run_in_chromium("duel_speed", ["--repeat", str(args.repeat)], timeout=args.timeout)


if __name__ == "__main__":
    sys.exit(main())
