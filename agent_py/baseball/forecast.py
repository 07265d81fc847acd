"""Placeholder: being written (see the package docstring for the result shape)."""

from __future__ import annotations


def forecast(stat="OPS", top=3, team=None) -> str:
    return "error: this tool is not ready yet."
