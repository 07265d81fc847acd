"""Server-sent events: turn pieces of a streamed body into (event, data) pairs.

A plain object fed each piece as it arrives, not an async generator over
lines: a model's stream usually ends on its own last event, before the body
does, and an async generator left unfinished is closed later by the event
loop, in a task of its own (several event-loop turns, in the page's worker).
"""

from __future__ import annotations


class Events:
    """``feed(text)`` returns the events a piece of the body completes; ``end()`` those left at its end."""

    def __init__(self) -> None:
        self._rest = ""  # the last line, not complete yet
        self._event: str | None = None
        self._data: list[str] = []

    def feed(self, text: str) -> list[tuple[str | None, str]]:
        *lines, self._rest = (self._rest + text).split("\n")
        out: list[tuple[str | None, str]] = []
        for line in lines:
            self._line(line.rstrip("\r"), out)
        return out

    def end(self) -> list[tuple[str | None, str]]:
        out: list[tuple[str | None, str]] = []
        if self._rest:
            self._line(self._rest.rstrip("\r"), out)
            self._rest = ""
        self._line("", out)
        return out

    def _line(self, line: str, out: list) -> None:
        if not line:
            if self._data:
                out.append((self._event, "\n".join(self._data)))
            self._event, self._data = None, []
        elif line.startswith(":"):
            return  # a comment, e.g. a keep-alive
        else:
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "event":
                self._event = value
            elif field == "data":
                self._data.append(value)
