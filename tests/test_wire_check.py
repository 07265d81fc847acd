"""wire_check accepts real provider traffic and catches what the real providers reject."""

from __future__ import annotations

import copy
import json
import time

import pydantic
import pytest

import wire_check
from wire_check import header_problems, request_problems, response_problems

# --- bodies ------------------------------------------------------------------------------------

TOOLS_OPENAI = [{"type": "function", "function": {
    "name": "lookup", "description": "Look a player up.",
    "parameters": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}]
TOOLS_ANTHROPIC = [{"name": "lookup", "description": "Look a player up.",
                    "input_schema": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}]


def openai_question() -> dict:
    return {"model": "gpt-test", "messages": [{"role": "system", "content": "Be brief."},
                                              {"role": "user", "content": "Who hit 73 home runs?"}],
            "tools": TOOLS_OPENAI, "max_tokens": 1024}


def openai_parallel_calls() -> dict:
    body = openai_question()
    body["stream"] = True
    body["stream_options"] = {"include_usage": True}
    body["messages"] += [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_a", "type": "function", "function": {"name": "lookup", "arguments": '{"name": "Bonds"}'}},
            {"id": "call_b", "type": "function", "function": {"name": "lookup", "arguments": '{"name": "Ruth"}'}}]},
        {"role": "tool", "tool_call_id": "call_a", "content": "Barry Bonds: 762 HR"},
        {"role": "tool", "tool_call_id": "call_b", "content": "Babe Ruth: 714 HR"},
        {"role": "assistant", "content": "Bonds, in 2001."},
        {"role": "user", "content": "Thanks."},
    ]
    return body


def openai_with_extensions() -> dict:
    """DeepSeek's reasoning_content on the assistant turn, Gemini's thought signature on its call."""
    body = openai_parallel_calls()
    assistant = body["messages"][2]
    assistant["reasoning_content"] = "The user wants the single-season record."
    assistant["tool_calls"][0]["extra_content"] = {"google": {"thought_signature": "c2lnLTE="}}
    return body


def anthropic_question() -> dict:
    return {"model": "claude-test", "max_tokens": 1024, "system": "Be brief.", "tools": TOOLS_ANTHROPIC,
            "messages": [{"role": "user", "content": "Who hit 73 home runs?"}]}


def anthropic_parallel_calls(thinking: bool = False) -> dict:
    body = anthropic_question()
    blocks = [{"type": "text", "text": "Let me look."},
              {"type": "tool_use", "id": "toolu_a", "name": "lookup", "input": {"name": "Bonds"}},
              {"type": "tool_use", "id": "toolu_b", "name": "lookup", "input": {"name": "Ruth"}}]
    if thinking:
        body["thinking"] = {"type": "enabled", "budget_tokens": 512}
        blocks.insert(0, {"type": "thinking", "thinking": "Single-season record...", "signature": "EqQBCgIYAhIM"})
    body["messages"] += [
        {"role": "assistant", "content": blocks},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_a", "content": "Barry Bonds: 762 HR"},
            {"type": "tool_result", "tool_use_id": "toolu_b", "content": "not found", "is_error": True},
            {"type": "text", "text": "(results above)"}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Bonds, in 2001."}]},
    ]
    return body


def check(wire: str, body: dict, **kw) -> list[str]:
    return request_problems(wire, json.dumps(body).encode(), **kw)


def assert_caught(problems: list[str], *fragments: str) -> None:
    for fragment in fragments:
        assert any(fragment in p for p in problems), f"{fragment!r} not in {problems}"


# --- valid bodies pass ---------------------------------------------------------------------------

@pytest.mark.parametrize("wire, make", [
    ("openai", openai_question),
    ("openai", openai_parallel_calls),
    ("openai", openai_with_extensions),
    ("anthropic", anthropic_question),
    ("anthropic", anthropic_parallel_calls),
    ("anthropic", lambda: anthropic_parallel_calls(thinking=True)),
])
def test_valid_bodies_pass(wire, make):
    assert check(wire, make()) == []


def test_deepseek_body_with_reasoning_passes():
    assert check("openai", openai_with_extensions(), deepseek=True) == []


# --- schema: extra keys, wrong types, missing fields ----------------------------------------------

@pytest.mark.parametrize("wire, make", [("openai", openai_question), ("anthropic", anthropic_question)])
def test_extra_key_at_top_level(wire, make):
    body = make()
    body["temprature"] = 0.2
    assert_caught(check(wire, body), "temprature: Extra inputs are not permitted")


def test_extra_key_nested_in_openai_message():
    body = openai_parallel_calls()
    body["messages"][1]["lang"] = "en"
    assert check("openai", body) == [
        'messages.1.ChatCompletionUserMessageParam.lang: Extra inputs are not permitted (got "en")']


def test_extra_key_nested_in_anthropic_block():
    body = anthropic_parallel_calls()
    body["messages"][1]["content"][1]["note"] = "me"
    assert_caught(check("anthropic", body), "messages.1.AssistantMessageParam.content.list.1.ToolUseBlockParam.note: "
                                            "Extra inputs are not permitted")


def test_extensions_only_where_they_belong():
    body = openai_parallel_calls()
    body["messages"][1]["reasoning_content"] = "users have no reasoning"
    body["messages"][2]["extra_content"] = {"google": {}}
    problems = check("openai", body)
    assert_caught(problems, "messages.1.ChatCompletionUserMessageParam.reasoning_content: Extra inputs",
                  "messages.2.ChatCompletionAssistantMessageParam.extra_content: Extra inputs")
    body = openai_with_extensions()
    body["messages"][2]["reasoning_content"] = {"text": "not a string"}
    assert_caught(check("openai", body), "reasoning_content: Input should be a valid string")


def test_name_on_openai_tool_message():
    body = openai_parallel_calls()
    body["messages"][3]["name"] = "lookup"
    assert_caught(check("openai", body), "messages.3: a tool message has no `name` key",
                  "messages.3.ChatCompletionToolMessageParam.name: Extra inputs are not permitted")


def test_tool_call_arguments_as_object():
    body = openai_parallel_calls()
    body["messages"][2]["tool_calls"][0]["function"]["arguments"] = {"name": "Bonds"}
    assert_caught(check("openai", body), "tool_calls.0.ChatCompletionMessageFunctionToolCallParam.function.arguments: "
                                         "Input should be a valid string")


@pytest.mark.parametrize("wire, make", [("openai", openai_question), ("anthropic", anthropic_question)])
def test_wrong_type_is_not_coerced(wire, make):
    body = make()
    body["max_tokens"] = "1024"
    assert_caught(check(wire, body), 'max_tokens: Input should be a valid integer (got "1024")')


def test_anthropic_missing_max_tokens():
    body = anthropic_question()
    del body["max_tokens"]
    assert check("anthropic", body) == ["max_tokens: Field required"]


def test_a_union_that_fails_in_every_member_is_still_reported():
    body = anthropic_question()
    body["tool_choice"] = {"type": "sometimes"}
    body["max_tokens"] = "x"
    problems = check("anthropic", body)
    assert sorted(problems) == [
        'max_tokens: Input should be a valid integer (got "x")',
        "tool_choice.type: Input should be one of 'auto', 'any', 'tool', 'none' (got \"sometimes\")"]


def test_stream_is_allowed_but_must_be_a_boolean():
    body = anthropic_question()
    body["stream"] = True
    assert check("anthropic", body) == []
    body["stream"] = "yes"
    assert check("anthropic", body) == ['stream: must be a boolean (got "yes")']


def test_not_json_or_not_an_object():
    assert request_problems("openai", b"{nope")[0].startswith("body is not valid JSON")
    assert request_problems("openai", b"[1]") == ["body must be a JSON object, got list"]


# --- pairing rules, with the providers' verbatim 400s ---------------------------------------------

def test_openai_missing_tool_result():
    body = openai_parallel_calls()
    del body["messages"][4]  # call_b's result
    assert check("openai", body) == [
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
        "'tool_call_id'. The following tool_call_ids did not have response messages: call_b"]


def test_openai_tool_calls_at_the_end_unanswered():
    body = openai_question()
    body["messages"].append({"role": "assistant", "tool_calls": [
        {"id": "call_z", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}]})
    assert_caught(check("openai", body), "did not have response messages: call_z")


def test_openai_orphan_tool_result():
    body = openai_question()
    body["messages"].append({"role": "tool", "tool_call_id": "call_x", "content": "?"})
    assert check("openai", body) == [
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'."]


def test_openai_result_for_unknown_call_id():
    body = openai_parallel_calls()
    body["messages"][4]["tool_call_id"] = "call_q"
    assert_caught(check("openai", body),
                  "Invalid parameter: 'tool_call_id' of 'call_q' not found in 'tool_calls' of previous message.",
                  "did not have response messages: call_b")


def test_openai_result_after_another_message_is_an_orphan():
    body = openai_parallel_calls()
    body["messages"].insert(4, {"role": "user", "content": "wait"})  # splits the results
    assert_caught(check("openai", body), "did not have response messages: call_b",
                  "messages with role 'tool' must be a response to a preceeding message")


def test_anthropic_missing_tool_result():
    body = anthropic_parallel_calls()
    del body["messages"][2]["content"][1]  # toolu_b's result
    assert check("anthropic", body) == [
        "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_b. "
        "Each `tool_use` block must have a corresponding `tool_result` block in the next message."]


def test_anthropic_orphan_tool_result():
    body = anthropic_question()
    body["messages"] += [{"role": "assistant", "content": "Hello."},
                         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_x", "content": "?"}]}]
    assert check("anthropic", body) == [
        "messages.2.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_x. "
        "Each `tool_result` block must have a corresponding `tool_use` block in the previous message."]


def test_anthropic_system_as_a_message():
    body = anthropic_question()
    body["messages"].insert(0, {"role": "system", "content": "Be brief."})
    assert_caught(check("anthropic", body), 'messages: Unexpected role "system". The Messages API accepts a '
                                            'top-level `system` parameter, not "system" as an input message role.')


def test_anthropic_tool_result_not_first():
    body = anthropic_parallel_calls()
    results = body["messages"][2]["content"]
    results.insert(0, results.pop())  # the text block first
    assert check("anthropic", body) == [
        "messages.2: `tool_result` blocks must come first in the message content, before any text or other block"]


def test_deepseek_missing_reasoning_content():
    body = openai_parallel_calls()
    assert check("openai", body) == []  # fine anywhere else
    assert check("openai", body, deepseek=True) == [
        "The `reasoning_content` in the thinking mode must be passed back to the API."]


# --- why the rewrite is needed --------------------------------------------------------------------

def test_without_the_iterable_rewrite_nested_messages_are_not_checked():
    """The SDK types as shipped annotate lists as Iterable, which pydantic validates lazily."""
    body = openai_question()
    body["messages"][1] = {"role": "wizard", "content": 42, "spell": True}  # nothing like a message
    raw = json.dumps(body).encode()

    plain = pydantic.TypeAdapter(wire_check.REQUEST_TYPES["openai"])
    validated = plain.validate_json(raw)  # no error ...
    plain.validate_json(raw, strict=True)  # ... not even in strict mode
    with pytest.raises(pydantic.ValidationError):  # ... until someone iterates the messages
        list(validated["messages"])

    with pytest.raises(pydantic.ValidationError):
        wire_check.strict_adapter("openai").validate_json(raw, strict=True)
    assert_caught(request_problems("openai", raw), "messages.1")


def test_without_the_rewrite_extra_keys_pass_too():
    body = anthropic_parallel_calls()
    body["messages"][1]["content"][1]["note"] = "me"
    raw = json.dumps(body).encode()
    wire_check.plain_adapter("anthropic").validate_json(raw, strict=True)  # no error
    assert request_problems("anthropic", raw)


def _objects(schema: dict) -> dict[str, dict]:
    """Every object type in a JSON schema by name: the $defs and the top level."""
    objects = {name: d for name, d in schema.get("$defs", {}).items() if d.get("type") == "object"}
    top = schema["$defs"][schema["$ref"].split("/")[-1]] if "$ref" in schema else schema
    return {**objects, "<request>": top}


@pytest.mark.parametrize("wire", ["openai", "anthropic"])
def test_strict_types_keep_every_key_and_required_set(wire):
    """The rebuilt TypedDicts keep the SDK's keys and Required/NotRequired split, plus only the extensions."""
    plain = _objects(wire_check.plain_adapter(wire).json_schema())
    strict = _objects(wire_check.strict_adapter(wire).json_schema())
    added = {name: set(fields) for td, fields in wire_check.EXTENSIONS.items() for name in [td.__name__]}
    added["<request>"] = set()
    assert set(strict) <= set(plain)  # the plain-only ones are the SDK's response BaseModels, dropped
    for name, schema in strict.items():
        assert schema["additionalProperties"] is False, name
        assert sorted(schema.get("required", [])) == sorted(plain[name].get("required", [])), name
        keys = set(plain[name]["properties"]) - ({"stream"} if name == "<request>" else set())
        assert set(schema["properties"]) == keys | added.get(name, set()), name
    assert {"model", "messages"} <= set(strict["<request>"]["required"])


def test_building_the_strict_adapters_is_fast():
    wire_check.strict_adapter.cache_clear()
    start = time.perf_counter()
    wire_check.strict_adapter("openai")
    wire_check.strict_adapter("anthropic")
    assert time.perf_counter() - start < 2.0
    assert wire_check.strict_adapter("openai") is wire_check.strict_adapter("openai")  # cached


# --- headers --------------------------------------------------------------------------------------

BROWSER_NOISE = {"Host": "127.0.0.1:8000", "Content-Length": "99", "Connection": "keep-alive", "Accept": "*/*",
                 "Accept-Encoding": "gzip", "User-Agent": "Mozilla/5.0", "Origin": "http://localhost:8000",
                 "Referer": "http://localhost:8000/", "Sec-Fetch-Mode": "cors", "Accept-Language": "en"}


def test_needed_headers_pass():
    assert header_problems("openai", {**BROWSER_NOISE, "Authorization": "Bearer sk-1",
                                      "Content-Type": "application/json"}) == []
    assert header_problems("openai", {"content-type": "application/json"}) == []  # local server, no key
    assert header_problems("anthropic", {**BROWSER_NOISE, "X-Api-Key": "sk-ant-1", "Anthropic-Version": "2023-06-01",
                                         "anthropic-dangerous-direct-browser-access": "true",
                                         "content-type": "application/json"}) == []


def test_stray_header_is_caught():
    problems = header_problems("openai", {"authorization": "Bearer sk-1", "content-type": "application/json",
                                          "x-stainless-lang": "python"})
    assert problems == ["x-stainless-lang: header not needed by the openai API (extra headers break CORS preflights)"]


def test_wrong_or_missing_needed_headers():
    assert_caught(header_problems("openai", {"authorization": "sk-1", "content-type": "text/plain"}),
                  'authorization: must be "Bearer <key>"', "content-type: must be application/json")
    problems = header_problems("anthropic", {"x-api-key": "k", "content-type": "application/json",
                                             "anthropic-version": "2024-01-01", "authorization": "Bearer k"})
    assert_caught(problems, "anthropic-version: must be 2023-06-01", "anthropic-dangerous-direct-browser-access",
                  "authorization: header not needed by the anthropic API")


# --- responses ------------------------------------------------------------------------------------

OPENAI_COMPLETION = {"id": "chatcmpl-1", "object": "chat.completion", "created": 1764680000, "model": "m",
                     "choices": [{"index": 0, "finish_reason": "tool_calls", "logprobs": None, "message": {
                         "role": "assistant", "content": None, "reasoning_content": "hm", "tool_calls": [
                             {"id": "call_a", "type": "function",
                              "function": {"name": "lookup", "arguments": "{}"}}]}}],
                     "usage": {"prompt_tokens": 5, "completion_tokens": 2, "total_tokens": 7}}
OPENAI_CHUNK = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1764680000, "model": "m",
                "choices": [{"index": 0, "finish_reason": None, "delta": {"tool_calls": [
                    {"index": 0, "function": {"arguments": '{"na'}}]}}]}
ANTHROPIC_MESSAGE = {"id": "msg_1", "type": "message", "role": "assistant", "model": "m",
                     "content": [{"type": "thinking", "thinking": "hm", "signature": "sig"},
                                 {"type": "tool_use", "id": "toolu_a", "name": "lookup", "input": {}}],
                     "stop_reason": "tool_use", "stop_sequence": None,
                     "usage": {"input_tokens": 5, "output_tokens": 2}}
ANTHROPIC_EVENTS = [
    {"type": "message_start", "message": {**ANTHROPIC_MESSAGE, "content": [], "stop_reason": None}},
    {"type": "ping"},
    {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": "toolu_a",
                                                                  "name": "lookup", "input": {}}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": ""}},
    {"type": "content_block_stop", "index": 0},
    {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
     "usage": {"output_tokens": 2}},
    {"type": "message_stop"},
    {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
]


def test_real_response_shapes_pass():
    assert response_problems("openai", OPENAI_COMPLETION, stream=False) == []
    assert response_problems("openai", OPENAI_CHUNK, stream=True) == []
    assert response_problems("openai", {"error": {"message": "Bad key", "type": "invalid_request_error",
                                                  "param": None, "code": "invalid_api_key"}}, stream=False) == []
    assert response_problems("anthropic", ANTHROPIC_MESSAGE, stream=False) == []
    for event in ANTHROPIC_EVENTS:
        assert response_problems("anthropic", event, stream=True) == [], event


def test_gemini_whole_tool_call_without_index_passes():
    chunk = copy.deepcopy(OPENAI_CHUNK)
    chunk["choices"][0]["delta"]["tool_calls"] = [{"id": "", "type": "function", "extra_content": {"google": {}},
                                                   "function": {"name": "lookup", "arguments": "{}"}}]
    assert response_problems("openai", chunk, stream=True) == []
    del chunk["choices"][0]["delta"]["tool_calls"][0]["function"]["name"]  # a fragment still needs its index
    assert_caught(response_problems("openai", chunk, stream=True), "index: Field required")


def test_broken_response_shapes_are_caught():
    bad = copy.deepcopy(OPENAI_COMPLETION)
    bad["choices"][0]["finish_reason"] = "done"
    assert_caught(response_problems("openai", bad, stream=False), "choices.0.finish_reason")
    bad_chunk = {**OPENAI_CHUNK, "object": "chat.completion"}
    assert_caught(response_problems("openai", bad_chunk, stream=True), "object")
    no_usage = {k: v for k, v in ANTHROPIC_MESSAGE.items() if k != "usage"}
    assert_caught(response_problems("anthropic", no_usage, stream=False), "usage: Field required")
    event = {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta"}}
    assert_caught(response_problems("anthropic", event, stream=True), "partial_json: Field required")
