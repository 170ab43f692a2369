"""Entry point of ``python -m kseri``."""

import sys

from .cli import main

sys.exit(main())
