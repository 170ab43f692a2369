"""Entry point of ``python -m kseri``."""

import sys

from kseri.cli import main

sys.exit(main())
