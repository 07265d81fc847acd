"""Placeholder: being written (see the package docstring for the result shape)."""

from __future__ import annotations


def player(name, season=None) -> str:
    return "error: this tool is not ready yet."
