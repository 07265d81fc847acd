"""The provider table: data, not code (see data/providers.yaml).

``load_table`` checks the parsed YAML (or the JSON copy the page receives)
and returns ``{id: provider}``; each provider is a plain dict with id, label,
wire, base_url, key_env, key_optional, models [{id, input, output}] and hint.
Prices are US dollars per million tokens.
"""

from __future__ import annotations

from .errors import ConfigError
from .wires import WIRES


def load_table(raw: dict) -> dict[str, dict]:
    if not isinstance(raw, dict) or not raw:
        raise ConfigError("the provider table is empty or not a mapping")
    table = {}
    for pid, row in raw.items():
        if not isinstance(row, dict):
            raise ConfigError(f"provider {pid!r}: expected a mapping")
        missing = [k for k in ("wire", "base_url", "models") if not row.get(k)]
        if missing:
            raise ConfigError(f"provider {pid!r}: missing {', '.join(missing)}")
        if row["wire"] not in WIRES:
            raise ConfigError(f"provider {pid!r}: wire must be one of {', '.join(WIRES)}, not {row['wire']!r}")
        models = [m if isinstance(m, dict) else {"id": str(m)} for m in row["models"]]
        table[pid] = {
            "id": pid,
            "label": row.get("label", pid),
            "wire": row["wire"],
            "base_url": str(row["base_url"]).rstrip("/"),
            "key_env": row.get("key_env", ""),
            "key_optional": bool(row.get("key_optional", False)),
            "models": [{"id": str(m["id"]), "input": float(m.get("input", 0) or 0),
                        "output": float(m.get("output", 0) or 0)} for m in models],
            "hint": row.get("hint", ""),
        }
    return table


def get(table: dict[str, dict], pid: str) -> dict:
    if pid not in table:
        raise ConfigError(f"unknown provider {pid!r}; choose one of: {', '.join(table)}")
    return table[pid]


def cost(provider: dict, model: str, usage: dict) -> float | None:
    """Dollars for this usage, or None when the model has no price in the table."""
    for m in provider["models"]:
        if m["id"] == model:
            return (usage.get("input_tokens", 0) * m["input"] + usage.get("output_tokens", 0) * m["output"]) / 1e6
    return None
