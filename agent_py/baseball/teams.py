"""Placeholder: being written (see the package docstring for the result shape)."""

from __future__ import annotations


def team_season(team, season) -> str:
    return "error: this tool is not ready yet."


def season(season) -> str:
    return "error: this tool is not ready yet."
