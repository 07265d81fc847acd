"""Wire formats: pure translation between the internal shapes and one API.

Each wire module offers the same functions, and does no I/O:

    request(model, system, messages, tools, *, stream, api_key, max_tokens)
        -> (path, headers, body)       path is appended to the provider's base URL
    parse_reply(body: dict) -> reply  a whole (non-streaming) response
    auth_headers(api_key) -> headers  what identifies the caller; MODELS_PATH: where the key's models are listed
    Stream()                          .feed(event, data) -> text delta; .reply() at the end

Shapes are documented in agent_py/loop.py. Provider extras (reasoning text,
thought signatures, thinking blocks) travel in ``reply["extras"][wire]`` and
are written back only by the wire that produced them.
"""

from . import anthropic, openai

WIRES = {"openai": openai, "anthropic": anthropic}
