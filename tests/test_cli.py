"""The terminal CLI as a person runs it: a subprocess, real settings, the fake provider."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest_data import baseball_data  # noqa: F401  (a fixture)
from fake_provider import error, reply

ROOT = Path(__file__).resolve().parent.parent
KEY = "sk-cli-SECRET-42"


def environment(key: str | None = KEY, env: dict | None = None, data_dir: Path | None = None) -> dict:
    environ = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    if key:
        environ["AGENT_API_KEY"] = key
    if data_dir:
        environ["AGENT_DATA_DIR"] = str(data_dir)
    return {**environ, **(env or {})}


def cli(*args: str, key: str | None = KEY, env: dict | None = None, data_dir: Path | None = None):
    return subprocess.run([sys.executable, "-m", "agent_py", *args], capture_output=True, text=True,
                          cwd=ROOT, env=environment(key, env, data_dir), timeout=60)



@pytest.mark.parametrize("provider,wire", [("openai", "openai"), ("anthropic", "anthropic"), ("deepseek", "openai")])
@pytest.mark.parametrize("stream", [True, False])
def test_ask_json_runs_a_real_tool_through_the_provider(fake, baseball_data, provider, wire, stream):
    fake.script(reply("", [("team_season", {"team": "Yankees", "season": 1998})], usage=(800, 40)),
                reply("The 1998 Yankees went 114-48.", usage=(1000, 20)))
    args = ["ask", "How did the 1998 Yankees do?", "--provider", provider, "--base-url", fake.base_url(wire), "--json"]
    done = cli(*args, *([] if stream else ["--no-stream"]), data_dir=baseball_data)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["answer"] == "The 1998 Yankees went 114-48." and out["stopped"] == "answer" and out["steps"] == 2
    assert out["calls"][0]["name"] == "team_season" and not out["calls"][0]["error"]
    assert "114" in out["calls"][0]["result"]
    assert out["usage"] == {"input_tokens": 1800, "output_tokens": 60, "cached_tokens": 0, "cache_write_tokens": 0}
    assert out["provider"] == provider and out["cost_usd"] > 0
    sent = [r for r in fake.requests if r["method"] == "POST"]
    assert sent[0]["body"]["model"] == out["model"]


def test_cached_tokens_and_an_unknown_cost_are_said(fake, baseball_data):
    """gemini-3.8-flash has no cache price in the table: a request that read the cache costs "unknown"."""
    fake.script(reply("The Cubs won the 2016 World Series.", usage=(1500, 10), cached=1024))
    done = cli("ask", "Who won in 2016?", "--provider", "gemini", "--model", "gemini-3.8-flash",
               "--base-url", fake.base_url("openai"), data_dir=baseball_data)
    assert done.returncode == 0, done.stderr
    assert "model: 1500 in (1024 cached) / 10 out" in done.stderr
    assert "cost unknown (a price is not in the table)" in done.stderr and "$" not in done.stderr


def test_plain_output_streams_the_answer_and_traces_on_stderr(fake, baseball_data):
    fake.script(reply("", [("season", {"season": 2016})]), reply("The Cubs won the 2016 World Series."))
    done = cli("ask", "Who won in 2016?", "--provider", "openai", "--base-url", fake.base_url("openai"),
               data_dir=baseball_data)
    assert done.returncode == 0
    assert done.stdout.strip() == "The Cubs won the 2016 World Series."
    assert "season(" in done.stderr and "answer, 2 steps" in done.stderr


def test_on_one_terminal_the_answer_and_each_trace_line_have_lines_of_their_own(fake, baseball_data):
    """stdout and stderr on one terminal (as unbuffered as a terminal's): the step's trace line that follows the
    streamed answer starts a line of its own, and the answer is not followed by an empty line."""
    fake.script(reply("", [("season", {"season": 2016})]), reply("The Cubs won the 2016 World Series.", chunks=4))
    done = subprocess.run([sys.executable, "-m", "agent_py", "ask", "Who won in 2016?", "--provider", "openai",
                           "--base-url", fake.base_url("openai")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, cwd=ROOT, env=environment(env={"PYTHONUNBUFFERED": "1"}, data_dir=baseball_data),
                          timeout=60)
    assert done.returncode == 0, done.stdout
    lines = done.stdout.splitlines()
    answer = lines.index("The Cubs won the 2016 World Series.")
    assert lines[answer + 1].startswith("  [2] model: ") and lines[answer + 2].startswith("  (answer, 2 steps")
    assert len(lines) == answer + 3


def test_step_cap_exits_zero_with_a_clear_answer(fake, baseball_data):
    fake.script(*[reply("", [("season", {"season": 2016})]) for _ in range(2)])
    done = cli("ask", "Loop forever", "--provider", "openai", "--base-url", fake.base_url("openai"),
               "--max-steps", "2", "--json", data_dir=baseball_data)
    assert done.returncode == 0
    assert json.loads(done.stdout)["stopped"] == "step_cap"


def test_ctrl_c_during_a_chat_turn_stops_it_at_once(fake, baseball_data):
    """The conversation keeps one event loop for its turns; Ctrl-C still cancels the turn in flight."""
    fake.script(reply("The Cubs won in 2016."), {"fault": "hang"})
    chat = subprocess.Popen([sys.executable, "-m", "agent_py", "chat", "--json", "--provider", "openai",
                             "--base-url", fake.base_url("openai")], cwd=ROOT,
                            env=environment(data_dir=baseball_data), text=True,
                            # SIGINT as from a terminal: started from a background job (as CI may run
                            # `make test`), the CLI would inherit it ignored
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        chat.stdin.write("Who won in 2016?\n")
        chat.stdin.flush()
        assert json.loads(chat.stdout.readline())["answer"] == "The Cubs won in 2016."
        chat.stdin.write("And in 2017?\n")
        chat.stdin.flush()
        deadline = time.monotonic() + 10
        while len([r for r in fake.requests if r["method"] == "POST"]) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        chat.send_signal(signal.SIGINT)  # the second request hangs: the model never answers
        out, err = chat.communicate(timeout=10)
    finally:
        chat.kill()
    assert chat.returncode == 130 and err.strip().endswith("stopped")
    assert "Traceback" not in err and out == ""


@pytest.mark.parametrize("status,says", [(401, "rejected the API key (401). Check the environment variable AGENT_API_KEY"),
                                         (429, "rate limiting"),
                                         (500, "server error (500)"), (529, "overloaded")])
def test_provider_errors_exit_2_with_one_line(fake, status, says):
    fake.script(*[error(status, retry_after="0")] * 3)
    done = cli("ask", "Hi", "--provider", "anthropic", "--base-url", fake.base_url("anthropic"))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: Anthropic") and says in lines[0]
    assert "Traceback" not in done.stderr and KEY not in done.stderr + done.stdout


def test_unreachable_provider_names_the_hint():
    done = cli("ask", "Hi", "--provider", "ollama", "--base-url", "http://127.0.0.1:9/v1")
    assert done.returncode == 2
    assert "could not be reached" in done.stderr and "OLLAMA_ORIGINS" in done.stderr


def test_missing_key_and_unknown_provider_are_configuration_errors():
    done = cli("ask", "Hi", "--provider", "openai", key=None)
    assert done.returncode == 2 and "OPENAI_API_KEY" in done.stderr and "--demo" in done.stderr
    done = cli("ask", "Hi", "--provider", "nope")
    assert done.returncode == 2 and "unknown provider 'nope'" in done.stderr and "anthropic" in done.stderr


def test_demo_answers_without_a_key(baseball_data):
    done = cli("ask", "who won the world series in 2016", "--demo", "--json", key=None, data_dir=baseball_data)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert "Cubs" in out["answer"] and out["calls"][0]["name"] == "season" and out["provider"] == "demo"


def test_providers_tools_and_call(baseball_data):
    table = cli("providers")
    assert table.returncode == 0
    for pid in ("anthropic", "openai", "deepseek", "gemini", "groq", "openrouter", "mistral", "ollama",
                "lmstudio", "llamacpp", "vllm"):
        assert f"\n{pid} " in table.stdout
    schemas = json.loads(cli("tools").stdout)
    assert {t["name"] for t in schemas} == {"team_season", "player", "leaders", "season", "awards", "streak_board", "sql",
                                           "forecast"}
    good = cli("call", "team_season", '{"team": "the Expos", "season": 1994}', data_dir=baseball_data)
    assert "74" in good.stdout and "40" in good.stdout
    bad = cli("call", "team_season", '{"team": "Montrael", "season": 1994}', data_dir=baseball_data)
    assert bad.stdout.startswith("error: unknown team 'Montrael'") and "Montreal Expos" in bad.stdout
    broken = cli("call", "team_season", '{"team": ', data_dir=baseball_data)
    assert broken.stdout.startswith("error: ") and "not valid JSON" in broken.stdout


def test_json_carries_the_demos_suggested_questions(baseball_data):
    done = cli("ask", "tell me a joke", "--demo", "--json", key=None, data_dir=baseball_data)
    out = json.loads(done.stdout)
    assert done.returncode == 0 and out["calls"] == []
    assert out["suggestions"] and all(q.endswith("?") and q in out["answer"] for q in out["suggestions"])


@pytest.mark.parametrize("option,value,says", [
    ("--base-url", "not a url", "--base-url must be an http:// or https:// address"),
    ("--base-url", "http://127.0.0.1:port/v1", "--base-url has a port that is not a number"),
    ("--max-steps", "-1", "--max-steps must be a whole number of at least 1, not -1"),
    ("--max-steps", "0", "--max-steps must be a whole number of at least 1, not 0"),
    ("--timeout", "-1", "--timeout must be a number of seconds above 0, not -1"),
    ("--timeout", "0", "--timeout must be a number of seconds above 0, not 0"),
])
def test_bad_options_are_one_line_and_exit_2_before_asking(fake, option, value, says):
    """Not a traceback, not a CORS failure, not the default in silence: the option and what it must be."""
    args = ["--provider", "openai", "--base-url", fake.base_url("openai")] if option != "--base-url" else ["--provider", "openai"]
    for command in ("ask", "chat"):
        done = subprocess.run([sys.executable, "-m", "agent_py", command, *(["Hi"] if command == "ask" else []),
                               *args, option, value], capture_output=True, text=True, cwd=ROOT, env=environment(),
                              input="Hi\n", timeout=60)
        assert done.returncode == 2, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith(f"error: {says}"), done.stderr
    assert [r for r in fake.requests if r["method"] == "POST"] == []


def test_max_steps_one_is_taken_not_replaced_by_the_default(fake, baseball_data):
    fake.script(reply("", [("season", {"season": 2016})]), reply("The Cubs."))
    done = cli("ask", "Who won in 2016?", "--provider", "openai", "--base-url", fake.base_url("openai"),
               "--max-steps", "1", "--json", data_dir=baseball_data)
    assert done.returncode == 0 and json.loads(done.stdout)["stopped"] == "step_cap"
    assert len([r for r in fake.requests if r["method"] == "POST"]) == 1


def test_stdout_closed_mid_answer_is_one_line_and_exit_2(fake, baseball_data):
    """`... | head -c 20`: the reader goes away while the answer streams in."""
    fake.script({**reply("The Chicago Cubs won the 2016 World Series, beating Cleveland in seven games. " * 40,
                         chunks=200), "pace": 0.01})
    run = subprocess.Popen([sys.executable, "-m", "agent_py", "ask", "Who won in 2016?", "--provider", "openai",
                            "--base-url", fake.base_url("openai")], cwd=ROOT,
                           env=environment(env={"PYTHONUNBUFFERED": "1"}, data_dir=baseball_data),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert run.stdout.read(20).startswith("The Chicago Cubs")
        run.stdout.close()
        err = run.stderr.read()
        run.wait(timeout=30)
    finally:
        run.kill()
    assert run.returncode == 2, err
    assert "Traceback" not in err and "Exception ignored" not in err
    assert [line for line in err.splitlines() if "error" in line.lower()] == \
        ["error: the output was closed before the answer was complete"]
