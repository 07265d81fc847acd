"""Figures -> the table the benchmark prints, each figure against its target.

A ``Row`` is one line: a label, the measured value, its unit, and the target
as (comparison, limit) or None for figures without one. ``table`` renders
the rows as fixed-width text; ``as_json`` gives the same rows for
bench/results/latest.json, so two runs can be diffed.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Row:
    label: str
    value: float | None
    unit: str
    target: tuple[str, float] | None = None  # ("<=", 200) or ("<", 1.10)
    note: str = ""

    def status(self) -> str:
        if self.target is None:
            return ""
        if self.value is None:
            return "n/a"
        op, limit = self.target
        ok = self.value <= limit if op == "<=" else self.value < limit
        return "ok" if ok else "MISS"

    def shown(self) -> str:
        if self.value is None:
            return "-"
        if self.unit == "x":
            return f"{self.value:.2f}x"
        if self.unit == "$":
            return f"${self.value:.5f}"
        if self.unit == "B":
            return kb(self.value)
        if not self.unit:
            return f"{self.value:,.0f}"
        return f"{self.value:,.1f} {self.unit}" if self.value < 100 else f"{self.value:,.0f} {self.unit}"

    def target_text(self) -> str:
        if self.target is None:
            return ""
        op, limit = self.target
        shown = Row("", limit, self.unit).shown()
        return f"{op} {shown}"


def kb(n: float) -> str:
    return f"{n / 1_000_000:.2f} MB" if n >= 1_000_000 else f"{n / 1000:.1f} kB"


def median(values: list[float]) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def percentile(values: list[float], p: float) -> float | None:
    """Nearest-rank percentile (p in 0-100): the smallest value with p% of the values at or below it."""
    values = sorted(v for v in values if v is not None)
    if not values:
        return None
    rank = max(1, math.ceil(p / 100 * len(values)))
    return values[rank - 1]


def table(sections: list[tuple[str, list[Row]]]) -> str:
    width = max(len(r.label) for _, rows in sections for r in rows) + 2
    lines = []
    for title, rows in sections:
        lines.append(f"\n{title}")
        for r in rows:
            line = f"  {r.label:<{width}}{r.shown():>12}  {r.target_text():<12} {r.status():<4}"
            lines.append((line + ("  " + r.note if r.note else "")).rstrip())
    return "\n".join(lines)


def as_json(sections: list[tuple[str, list[Row]]]) -> list[dict]:
    return [{"section": title, **asdict(r), "status": r.status()} for title, rows in sections for r in rows]
