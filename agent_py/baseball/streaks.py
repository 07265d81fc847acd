"""Placeholder: being written (see the package docstring for the result shape)."""

from __future__ import annotations


def streak_board(kind, top=3, active=True) -> str:
    return "error: this tool is not ready yet."
