"""Server-sent events: turn a stream of lines into (event, data) pairs."""

from __future__ import annotations

from typing import AsyncIterator


async def events(lines: AsyncIterator[str]) -> AsyncIterator[tuple[str | None, str]]:
    event: str | None = None
    data: list[str] = []
    async for line in lines:
        if not line:
            if data:
                yield event, "\n".join(data)
            event, data = None, []
        elif line.startswith(":"):
            continue  # a comment, e.g. a keep-alive
        else:
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "event":
                event = value
            elif field == "data":
                data.append(value)
    if data:
        yield event, "\n".join(data)
