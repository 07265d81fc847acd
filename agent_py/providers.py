"""The provider table: data, not code (see data/providers.yaml).

``load_table`` checks the parsed YAML (or the JSON copy the page receives)
and returns ``{id: provider}``; each provider is a plain dict with id, label,
wire, base_url, key_env, key_optional, models [{id, input, output, price,
tiers, request}], peak_hours, list_models, checked and hint. Prices are US
dollars per million tokens; ``price`` picks the one that applies to a request
(time of day, prompt size, date), ``cost`` turns a request's usage into dollars.
"""

from __future__ import annotations

from datetime import datetime, timezone

from .errors import ConfigError
from .wires import WIRES

DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
TIER_CONDITIONS = ("off_peak", "prompt_over", "until")


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
            "models": [_model(pid, m) for m in models],
            "peak_hours": _peak_hours(pid, row.get("peak_hours")),
            "list_models": row.get("list_models") or None,
            "checked": str(row.get("checked") or ""),
            "hint": row.get("hint", ""),
        }
        if any(t.get("off_peak") for m in table[pid]["models"] for t in m["tiers"]) and not table[pid]["peak_hours"]:
            raise ConfigError(f"provider {pid!r}: an off_peak price needs peak_hours")
    return table


def _money(value) -> float:
    return float(value or 0)


def _model(pid: str, m: dict) -> dict:
    tiers = []
    for tier in m.get("tiers") or []:
        if not any(k in tier for k in TIER_CONDITIONS):
            raise ConfigError(f"provider {pid!r}, model {m['id']!r}: a tier needs one of {', '.join(TIER_CONDITIONS)}")
        tiers.append({"price": str(tier.get("price", "")), "input": _money(tier.get("input")),
                      "output": _money(tier.get("output")),
                      **{k: tier[k] for k in TIER_CONDITIONS if k in tier}})
    return {"id": str(m["id"]), "input": _money(m.get("input")), "output": _money(m.get("output")),
            "price": str(m.get("price") or "standard"), "tiers": tiers, "request": dict(m.get("request") or {})}


def _peak_hours(pid: str, spec) -> dict | None:
    if not spec:
        return None
    try:
        days = [DAYS.index(d.lower()[:3]) for d in spec["days"]]
        spans = []
        for span in spec["utc"]:
            start, end = (int(h) * 60 + int(m) for h, m in (t.split(":") for t in span.split("-")))
            spans.append((start, end))
    except (KeyError, ValueError, TypeError, AttributeError):
        raise ConfigError(f"provider {pid!r}: peak_hours is {{days: [mon, ...], utc: [\"HH:MM-HH:MM\", ...]}}") from None
    return {"days": days, "utc": spans}


def get(table: dict[str, dict], pid: str) -> dict:
    if pid not in table:
        raise ConfigError(f"unknown provider {pid!r}; choose one of: {', '.join(table)}")
    return table[pid]


def default_model(provider: dict, site: dict | None = None) -> str:
    """The model a provider answers with when none is chosen: the site's default_model for the site's
    default_provider, else the row's first model."""
    site = site or {}
    if provider["id"] == site.get("default_provider") and site.get("default_model"):
        return site["default_model"]
    return provider["models"][0]["id"]


def is_peak(provider: dict, when: datetime) -> bool:
    hours = provider.get("peak_hours")
    if not hours:
        return False
    when = when.astimezone(timezone.utc)
    minute = when.hour * 60 + when.minute
    return when.weekday() in hours["days"] and any(start <= minute < end for start, end in hours["utc"])


def price(provider: dict, model: str, prompt_tokens: int = 0, when: datetime | None = None) -> dict | None:
    """The price of one request: {"input", "output", "price"} (dollars per million tokens), or None if unpriced."""
    row = next((m for m in provider["models"] if m["id"] == model), None)
    if row is None:
        return None
    when = when or datetime.now(timezone.utc)
    for tier in row.get("tiers", []):
        applies = [
            not tier.get("off_peak") or not is_peak(provider, when),
            "prompt_over" not in tier or prompt_tokens > int(tier["prompt_over"]),
            "until" not in tier or when.date().isoformat() < str(tier["until"]),
        ]
        if all(applies):
            return {"input": tier["input"], "output": tier["output"], "price": tier["price"]}
    return {"input": row["input"], "output": row["output"], "price": row.get("price", "standard")}


def cost(provider: dict, model: str, usage: dict, when: datetime | None = None) -> float | None:
    """Dollars for one request's usage at the price that applied (now, unless ``when``), or None if unpriced."""
    rate = price(provider, model, usage.get("input_tokens", 0), when)
    if rate is None:
        return None
    return (usage.get("input_tokens", 0) * rate["input"] + usage.get("output_tokens", 0) * rate["output"]) / 1e6
