"""bench/timeline.py still works: its marks apply to the built site and come back from a real turn.

A module of its own, so that it runs beside the bench's end-to-end test
rather than after it on the same worker.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

import timeline  # noqa: E402


@pytest.mark.browser
def test_timeline_marks_every_part_of_a_page_step(site_dir):
    # bench/timeline.py edits a copy of the built site; every edit must still apply, and every mark
    # must come back from a real turn, in the order a turn makes them.
    done = subprocess.run([sys.executable, str(BENCH / "timeline.py"), "--site", str(site_dir), "--turns", "2"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("2 turns; page loop step")
    gaps = [line.split("ms  ", 1)[1] for line in lines[1:]]
    labels = [what for marks in timeline.MARKS.values() for _, what in marks]
    for label in labels + ["page: submit event", "page: answer message", "page: answer shown"]:
        assert any(label in gap for gap in gaps), label
    assert gaps[0].startswith("page: submit (the clock starts) -> page: submit event")
    assert gaps[-1].endswith("-> page: answer shown")
    assert all(float(line.split("ms", 1)[0]) >= 0 for line in lines[1:])
