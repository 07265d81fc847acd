"""The server-sent-event parser (agent_py/sse.py), fed a body in pieces as the network hands it over."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_py import sse

RECORDED = Path(__file__).parent / "recorded"


def parse(pieces: list[str]) -> list[tuple[str | None, str]]:
    parser = sse.Events()
    return [e for piece in pieces for e in parser.feed(piece)] + parser.end()


BODY = ": keep-alive\r\n\r\nevent: message_start\r\ndata: {\"a\": 1}\r\n\r\ndata: line one\ndata: line two\n\n" \
       "data:no space\n\nevent: ping\n\nid: 7\nretry: 10\ndata: é ✓\n\ndata: [DONE]"


def test_events_fields_comments_and_line_endings():
    # An event with no data is no event; the last one needs no blank line after it.
    assert parse([BODY]) == [("message_start", '{"a": 1}'), (None, "line one\nline two"), (None, "no space"),
                             (None, "é ✓"), (None, "[DONE]")]


def test_any_split_into_pieces_gives_the_same_events():
    whole = parse([BODY])
    for cut in range(len(BODY) + 1):
        assert parse([BODY[:cut], BODY[cut:]]) == whole, cut
    assert parse(list(BODY)) == whole  # a character at a time


@pytest.mark.parametrize("name", sorted(p.name for p in RECORDED.glob("*.sse")))
def test_recorded_streams_in_small_pieces(name):
    text = (RECORDED / name).read_text()
    whole = parse([text])
    assert len(whole) >= 3 and all(data for _, data in whole)
    assert parse([text[i:i + 7] for i in range(0, len(text), 7)]) == whole
