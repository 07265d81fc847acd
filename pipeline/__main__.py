"""Command line: ``python -m pipeline [OUT_DIR]`` (default site/data)."""

from __future__ import annotations

import sys
from pathlib import Path

from . import publish


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "site" / "data"
    publish.build_data(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
