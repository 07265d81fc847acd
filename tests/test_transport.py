"""The terminal's HTTP (agent_py/transport.py in CPython): connections kept between requests, as a browser
keeps them, and never one the server has closed or a request was stopped on.

Each request the fake provider records says which connection carried it (the client's address).
"""

from __future__ import annotations

import asyncio
import socket
import threading

import pytest
from fake_provider import FakeProvider, posts, reply
from fake_provider import provider_row as provider

from agent_py import transport
from agent_py.loop import run_turn
from agent_py.model import ModelClient
from agent_py.tools import Tool

KEY = "sk-test-0123456789"
TOOLS = [Tool("now", "Returns the time. Use it for the time.", {"type": "object", "properties": {}}, lambda: "noon")]
HEADERS = {"authorization": f"Bearer {KEY}", "content-type": "application/json"}
BODY = b'{"model": "test-model", "messages": [{"role": "user", "content": "Hi"}]}'



def answer_and_close(answer: bytes, connections: int) -> tuple[socket.socket, list[tuple]]:
    """A server that, on each of its first ``connections`` connections, reads a request's head, sends
    ``answer`` and closes; the list gets (the client's address, the head)."""
    server, seen = socket.create_server(("127.0.0.1", 0)), []

    def serve() -> None:
        for _ in range(connections):
            conn, peer = server.accept()
            with conn:
                head = b""
                while b"\r\n\r\n" not in head:
                    head += conn.recv(65536)
                seen.append((peer, head))
                conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    return server, seen


def failure(url: str) -> transport.TransportError:
    """The error a request to url fails with."""
    with pytest.raises(transport.TransportError) as failed:
        asyncio.run(transport.post(url, HEADERS, BODY))
    return failed.value


def turn(fake: FakeProvider, wire: str, stream: bool) -> dict:
    model = ModelClient(provider(wire, fake.base_url(wire)), "test-model", KEY, stream=stream)
    return asyncio.run(run_turn(model, TOOLS, "sys", [], "What time is it?"))


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
@pytest.mark.parametrize("stream", [True, False], ids=["stream", "whole"])
def test_a_conversation_keeps_one_connection(fake, wire, stream):
    fake.script(reply("", [("now", {})]), reply("It is noon."), reply("Still noon."))
    assert turn(fake, wire, stream)["answer"] == "It is noon."
    assert turn(fake, wire, stream)["answer"] == "Still noon."  # the next question, on a new event loop
    assert len({r["connection"] for r in posts(fake)}) == 1, [r["connection"] for r in posts(fake)]


def test_a_connection_the_server_closes_is_not_reused():
    closing = FakeProvider(keep_alive=False)  # "connection: close" on every response
    try:
        closing.script(reply("", [("now", {})]), reply("It is noon."))
        assert turn(closing, "openai", True)["answer"] == "It is noon."
        assert len({r["connection"] for r in posts(closing)}) == 2
    finally:
        closing.close()


def test_a_kept_connection_closed_while_idle_is_not_used():
    """A server closes an idle connection (its keep-alive timeout) between two requests: the second goes on
    a new one and is answered, instead of failing on the dead one."""
    # closed as soon as answered: the client finds it closed before its next request
    server, served = answer_and_close(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2"
                                      b"\r\n\r\n{}", connections=2)
    url = f"http://127.0.0.1:{server.getsockname()[1]}/v1/chat/completions"

    async def two() -> list[str]:
        texts = []
        for _ in range(2):
            texts.append(await (await transport.post(url, HEADERS, BODY)).text())
            await asyncio.sleep(0.05)  # the close reaches the client
        return texts

    try:
        assert asyncio.run(two()) == ["{}", "{}"]
    finally:
        server.close()
    assert len({peer for peer, _ in served}) == 2


def test_a_stopped_stream_drops_its_connection(fake):
    """Closed before its end (Stop), a response's connection is closed, not kept: the server stops sending,
    and the next request goes on a new connection."""
    fake.script({**reply("The Cubs won the 2016 World Series in seven games.", chunks=10), "pace": 0.05},
                reply("Fine."))
    url = fake.base_url("openai") + "/chat/completions"
    body = BODY.replace(b"}]}", b'}], "stream": true}')

    async def stop_then_ask() -> str:
        resp = await transport.post(url, HEADERS, body)
        assert await resp.piece()  # the first event
        resp.close()
        await asyncio.sleep(0.8)  # past the whole stream's end: kept open, the connection would be reused
        return await (await transport.post(url, HEADERS, BODY)).text()

    assert "Fine." in asyncio.run(stop_then_ask())
    first, second = posts(fake)
    assert first["connection"] != second["connection"]


def test_a_proxy_in_the_environment_carries_the_request(fake, monkeypatch):
    """HTTP_PROXY as urllib reads it: a plain-HTTP request goes to the proxy whole (here the fake plays it)."""
    for name in ("no_proxy", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("http_proxy", fake.url)
    fake.script(reply("Via the proxy."))
    url = "http://provider.invalid/v1/chat/completions"

    async def one() -> str:
        return await (await transport.post(url, HEADERS, BODY)).text()

    assert "Via the proxy." in asyncio.run(one())
    assert posts(fake)[0]["path"] == url


def test_https_goes_through_a_proxy_in_a_tunnel(monkeypatch):
    """HTTPS_PROXY with a user: the client asks the proxy for a tunnel to the provider (CONNECT), with the
    proxy's credentials; this proxy refuses it, which is the request's network error."""
    proxy, asked = answer_and_close(b"HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n", connections=1)
    for name in ("no_proxy", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("https_proxy", f"http://me:s%40cret@127.0.0.1:{proxy.getsockname()[1]}")
    try:
        failed = failure("https://provider.invalid/v1/chat/completions")
    finally:
        proxy.close()
    assert failed.kind == "network" and "403" in str(failed)
    request = asked[0][1].decode()
    assert request.startswith("CONNECT provider.invalid:443 HTTP/1.")
    assert "Proxy-Authorization: Basic bWU6c0BjcmV0" in request  # me:s@cret
    assert KEY not in request  # the key goes only inside the tunnel


def test_a_server_that_is_not_https_is_a_network_error():
    """TLS to a server that answers in plain HTTP fails in the handshake: a network error the model client
    says as such, not an exception out of the transport."""
    server = socket.create_server(("127.0.0.1", 0))

    def plain() -> None:
        conn, _ = server.accept()
        with conn:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n")

    threading.Thread(target=plain, daemon=True).start()
    try:
        failed = failure(f"https://127.0.0.1:{server.getsockname()[1]}/v1/chat/completions")
    finally:
        server.close()
    assert failed.kind == "network" and "SSL" in str(failed)


def test_a_connection_idle_too_long_is_not_reused(fake, monkeypatch):
    """Past IDLE_LIMIT a kept connection is closed, not used: a network may have dropped it without a word."""
    fake.script(reply("One."), reply("Two."))
    url = fake.base_url("openai") + "/chat/completions"

    async def ask() -> str:
        return await (await transport.post(url, HEADERS, BODY)).text()

    asyncio.run(ask())
    monkeypatch.setattr(transport, "IDLE_LIMIT", 0.0)
    asyncio.run(ask())
    first, second = posts(fake)
    assert first["connection"] != second["connection"]
