"""The terminal CLI: the same loop, tools and providers as the page.

    python -m agent_py ask "QUESTION" [--provider P] [--model M] [--base-url URL]
                                      [--max-steps N] [--no-stream] [--timeout S] [--demo] [--json]
    python -m agent_py chat [same options]   one conversation, a question per line on stdin
    python -m agent_py providers          the provider table
    python -m agent_py tools              the tool schemas, as JSON
    python -m agent_py call TOOL 'JSON'   exactly the text the model would receive

The key comes from AGENT_API_KEY, else the provider's own variable (see
data/providers.yaml). Settings are read from data/site.yaml and
data/providers.yaml (AGENT_CONFIG_DIR points elsewhere), with PyYAML, which
only this terminal entry point needs. Exit status: 0 for an answer or the step
cap, 2 with one line on stderr for provider and configuration errors (in
chat: when any turn failed; the conversation goes on after a failed turn).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

from . import providers as provider_table
from .conversation import Conversation, uses_demo
from .errors import ConfigError
from .site import tools_module, with_facts
from .tools import run_call


def config_dir() -> Path:
    return Path(os.environ.get("AGENT_CONFIG_DIR") or Path(__file__).resolve().parent.parent / "data")


def _yaml(name: str) -> dict:
    path = config_dir() / name
    try:
        import yaml
    except ImportError:
        raise ConfigError("the CLI reads its settings with PyYAML: pip install pyyaml (make does this)") from None
    try:
        with open(path, encoding="utf-8") as f:
            return yaml.safe_load(f) or {}
    except FileNotFoundError:
        raise ConfigError(f"settings file not found: {path} (set AGENT_CONFIG_DIR to the folder holding it)") from None


def load_settings() -> dict:
    return with_facts(_yaml("site.yaml"))


def load_tools(settings: dict) -> list:
    return list(tools_module(settings).TOOLS)


def check_options(args: argparse.Namespace) -> None:
    """Options a person must fix, said in one line before anything is asked (ConfigError)."""
    if args.max_steps is not None and args.max_steps < 1:
        raise ConfigError(f"--max-steps must be a whole number of at least 1, not {args.max_steps}")
    if args.timeout is not None and not args.timeout > 0:  # not NaN either
        raise ConfigError(f"--timeout must be a number of seconds above 0, not {args.timeout:g}")
    if args.base_url is not None:
        parts = urlsplit(args.base_url.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname or any(c.isspace() for c in args.base_url.strip()):
            raise ConfigError(f"--base-url must be an http:// or https:// address, not {args.base_url!r}")
        try:
            parts.port  # noqa: B018  (a port that is not a number raises here)
        except ValueError:
            raise ConfigError(f"--base-url has a port that is not a number: {args.base_url!r}") from None


def model_settings(args: argparse.Namespace, site: dict, table: dict) -> dict:
    """The conversation's settings from the options and the environment (the key)."""
    if args.demo:
        if getattr(tools_module(site), "demo_model", None) is None:
            raise ConfigError(f"the tools module {site.get('tools_module')!r} has no demo_model()")
        return {"demo": True}
    pid = args.provider or site.get("default_provider") or next(iter(table))
    provider = provider_table.get(table, pid)
    model = args.model or provider_table.default_model(provider, site)
    retired = provider_table.retirement(provider, model)
    if retired:
        raise ConfigError(retired)
    key = os.environ.get("AGENT_API_KEY") or os.environ.get(provider["key_env"] or "", "")
    if uses_demo({"api_key": key}, provider):  # the terminal asks for --demo rather than choosing it
        raise ConfigError(f"no API key for {provider['label']}: set AGENT_API_KEY or {provider['key_env']}, "
                          "or use --demo")
    source = "AGENT_API_KEY" if os.environ.get("AGENT_API_KEY") else provider["key_env"]
    return {"provider": pid, "model": model, "api_key": key, "base_url": args.base_url,
            "stream": not args.no_stream, "timeout": args.timeout,
            "key_source": f"the environment variable {source}"}


class Terminal:
    """One conversation from the terminal (``conversation.Conversation``), its answer streamed to stdout
    and its trace to stderr."""

    def __init__(self, args: argparse.Namespace):
        check_options(args)
        self.args = args
        settings = load_settings()
        table = provider_table.load_table(_yaml("providers.yaml"))
        self.conversation = Conversation(settings, table, model_settings(args, settings, table))
        self.model = self.conversation.model
        self.mid_line = False  # the streamed answer left stdout's cursor inside a line
        # One event loop for the whole conversation: asyncio.run() for each turn cost ~0.15 ms a turn
        # (it installs a Ctrl-C handler and, putting the old one back, formats the last turn for an
        # error message that signal.signal then drops).
        self.loop = asyncio.new_event_loop()

    def __enter__(self) -> "Terminal":
        return self

    def __exit__(self, *exc) -> None:
        self.loop.close()

    def _run(self, coroutine):
        task = self.loop.create_task(coroutine)
        try:
            return self.loop.run_until_complete(task)
        except KeyboardInterrupt:  # Ctrl-C: the turn is cancelled (the conversation stays as it was)
            task.cancel()
            with contextlib.suppress(BaseException):
                self.loop.run_until_complete(task)
            raise

    def ask(self, question: str) -> dict:
        """One turn: the answer streams to stdout (unless --json), the trace goes to stderr."""
        streamed: list[str] = []
        quiet = self.args.json

        def on_text(delta: str) -> None:
            streamed.append(delta)
            if not quiet:
                sys.stdout.write(delta)
                sys.stdout.flush()
                self.mid_line = not delta.endswith("\n")

        def on_event(event: dict) -> None:
            self.end_line()  # a trace line after streamed text starts a line of its own
            _trace(event)

        turn = self._run(self.conversation.ask(question, max_steps=self.args.max_steps, on_text=on_text,
                                               on_event=None if quiet else on_event))
        turn["shown"] = "".join(streamed).strip()
        return turn

    def end_line(self) -> None:
        """End the line the streamed answer left stdout in (stderr's lines share the terminal with it)."""
        if self.mid_line:
            sys.stdout.write("\n")
            sys.stdout.flush()
            self.mid_line = False

    def summary(self, turn: dict) -> dict:
        return {
            "answer": turn["answer"],
            "stopped": turn["stopped"],
            "steps": len(turn["steps"]),
            "calls": [{k: c[k] for k in ("name", "args", "result", "error")}
                      for step in turn["steps"] for c in step["calls"]],
            "usage": turn["usage"],
            "cost_usd": turn["cost_usd"],
            "suggestions": turn.get("suggestions", []),
            "provider": "demo" if self.args.demo else self.model.provider["id"],
            "model": None if self.args.demo else self.model.model,
        }


def _trace(event: dict) -> None:
    if event["type"] == "call":
        mark = "!" if event["error"] else "→"
        result = event["result"] if len(event["result"]) <= 100 else event["result"][:97] + "..."
        print(f"  [{event['step']}] {event['name']}({json.dumps(event['args'], ensure_ascii=False)}) "
              f"{mark} {result}  ({event['ms']:.0f} ms)", file=sys.stderr)
    elif event["type"] == "reply":
        u = event["usage"]
        cached = f" ({u['cached_tokens']} cached)" if u.get("cached_tokens") else ""
        print(f"  [{event['step']}] model: {u['input_tokens']} in{cached} / {u['output_tokens']} out, "
              f"stop={event['stop']}", file=sys.stderr)


def _finish(terminal: Terminal, turn: dict) -> None:
    """What the stream did not show (the step cap's answer, a cut-off note), then the turn's one-line summary."""
    shown = turn["shown"]
    rest = turn["answer"][len(shown):].strip() if shown and turn["answer"].startswith(shown) else turn["answer"]
    terminal.end_line()
    if rest:
        print(rest)
    cost = f", ${turn['cost_usd']:.5f}" if turn["cost_usd"] else ""
    if turn["cost_usd"] is None and any(step["bill"]["cost"] is None for step in turn["steps"] if "bill" in step):
        cost = ", cost unknown (a price is not in the table)"
    print(f"  ({turn['stopped']}, {len(turn['steps'])} steps, {turn['usage']['input_tokens']} in / "
          f"{turn['usage']['output_tokens']} out{cost})", file=sys.stderr)


def cmd_ask(args: argparse.Namespace) -> int:
    with Terminal(args) as terminal:
        turn = terminal.ask(args.question)
    if turn["stopped"] == "error":
        terminal.end_line()
        print(f"error: {turn['answer']}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(terminal.summary(turn), ensure_ascii=False))
    else:
        _finish(terminal, turn)
    return 0


def cmd_chat(args: argparse.Namespace) -> int:
    """Questions line by line from stdin, one conversation: follow-ups see the earlier turns.

    A failed turn prints its one-line error on stderr and the conversation goes on (the
    failed question left it as it was). 'new' starts a new conversation (as the page's
    button does). Ends at end of input, or on 'quit' / 'exit'.
    """
    with Terminal(args) as terminal:
        prompt = sys.stdin.isatty() and not args.json
        failed = False
        while True:
            if prompt:
                print("? ", end="", file=sys.stderr, flush=True)
            line = sys.stdin.readline()
            question = line.strip()
            if not line or question.lower() in ("quit", "exit"):
                return 2 if failed else 0
            if not question:
                continue
            if question.lower() == "new":
                terminal.conversation.history.clear()
                print("  (a new conversation: earlier questions are forgotten)", file=sys.stderr)
                continue
            turn = terminal.ask(question)
            if turn["stopped"] == "error":
                failed = True
                terminal.end_line()
                print(f"error: {turn['answer']}", file=sys.stderr)
            elif args.json:
                print(json.dumps(terminal.summary(turn), ensure_ascii=False), flush=True)
            else:
                _finish(terminal, turn)


def cmd_providers(args: argparse.Namespace) -> int:
    table = provider_table.load_table(_yaml("providers.yaml"))
    print(f"{'provider':<11} {'wire':<10} {'key variable':<20} {'base URL':<58} models ($/M in/out)")
    for p in table.values():
        models = ", ".join(f"{m['id']} ({m['input']:g}/{m['output']:g}"
                           + (f", cached {m['cache_read']:g}" if m["cache_read"] else "")
                           + (f", retires {m['retires']}" if m["retires"] else "") + ")"
                           for m in provider_table.offered(p))
        print(f"{p['id']:<11} {p['wire']:<10} {p['key_env']:<20} {p['base_url']:<58} {models}")
    return 0


def cmd_tools(args: argparse.Namespace) -> int:
    print(json.dumps([t.schema() for t in load_tools(load_settings())], indent=2, ensure_ascii=False))
    return 0


def cmd_call(args: argparse.Namespace) -> int:
    tools = {t.name: t for t in load_tools(load_settings())}
    try:
        parsed = json.loads(args.json_args) if args.json_args.strip() else {}
        note = None
    except ValueError as exc:
        parsed, note = {}, f"your arguments were not valid JSON ({exc.msg}); send a JSON object."
    text, _ = run_call(tools, args.tool, parsed, note)
    print(text)
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m agent_py", description="Ask the baseball agent from a terminal.")
    sub = p.add_subparsers(dest="command", required=True)
    ask = sub.add_parser("ask", help="ask one question")
    ask.add_argument("question")
    chat = sub.add_parser("chat", help="a conversation: questions line by line from stdin ('new' starts another; "
                                       "quit or end of input stops)")
    for p_ in (ask, chat):
        p_.add_argument("--provider")
        p_.add_argument("--model")
        p_.add_argument("--base-url")
        p_.add_argument("--max-steps", type=int)
        p_.add_argument("--no-stream", action="store_true")
        p_.add_argument("--timeout", type=float,
                        help="seconds to wait for the model (default: request_timeout in site.yaml)")
        p_.add_argument("--demo", action="store_true", help="no model: route the question to a tool")
        p_.add_argument("--json", action="store_true", help="one JSON object per answer on stdout")
    ask.set_defaults(run=cmd_ask)
    chat.set_defaults(run=cmd_chat)
    sub.add_parser("providers", help="print the provider table").set_defaults(run=cmd_providers)
    sub.add_parser("tools", help="print the tool schemas as JSON").set_defaults(run=cmd_tools)
    call = sub.add_parser("call", help="run one tool as the model would")
    call.add_argument("tool")
    call.add_argument("json_args", nargs="?", default="{}")
    call.set_defaults(run=cmd_call)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nstopped", file=sys.stderr)
        return 130
    except BrokenPipeError:  # stdout closed mid-answer (`| head`): one line, and no second error at exit
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print("error: the output was closed before the answer was complete", file=sys.stderr)
        return 2
