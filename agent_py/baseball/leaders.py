"""Placeholder: being written (see the package docstring for the result shape)."""

from __future__ import annotations


def leaders(stat, season=None, league=None, top=3) -> str:
    return "error: this tool is not ready yet."
