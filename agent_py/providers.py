"""The provider table: data, not code (see data/providers.yaml).

``load_table`` checks the parsed YAML (or the JSON copy the page receives)
and returns ``{id: provider}``; each provider is a plain dict with id, label,
wire, base_url, key_env, key_optional, models [{id, input, output,
cache_read, cache_write, price, tiers, request, refuses, retires, replacement}],
peak_hours, list_models, checked and hint. Prices are US dollars per million
tokens; ``price`` picks the one that applies to a request (time of day, prompt
size, date), ``bill`` splits a request's usage into cached, written and
uncached input and output, each at its price, and ``cost`` is its total. A
price the table does not know (a cache price left out) makes the cost None,
never a guess. A model past its ``retires`` day is not ``offered``. ``for_page`` is what the page needs of
these rules (build.py writes it into the page's config), so the page does not write them again.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from urllib.parse import urlsplit

from .errors import ConfigError
from .wires import WIRES

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "0.0.0.0")  # a local server's host, as urlsplit gives it
RETIRED = "{label} shut {model} down on {retires}; choose {replacement} instead."
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


def _cache(prices: dict, key: str, free: bool) -> float | None:
    """A cache price: as the row says, 0 for a free model, else None (unknown)."""
    if prices.get(key) is not None:
        return float(prices[key])
    return 0.0 if free else None


def _model(pid: str, m: dict) -> dict:
    tiers = []
    free = not m.get("input") and not m.get("output")
    for tier in m.get("tiers") or []:
        if not any(k in tier for k in TIER_CONDITIONS):
            raise ConfigError(f"provider {pid!r}, model {m['id']!r}: a tier needs one of {', '.join(TIER_CONDITIONS)}")
        tiers.append({"price": str(tier.get("price", "")), "input": _money(tier.get("input")),
                      "output": _money(tier.get("output")), "cache_read": _cache(tier, "cache_read", free),
                      "cache_write": _cache(tier, "cache_write", free),
                      **{k: tier[k] for k in TIER_CONDITIONS if k in tier}})
    retires = str(m["retires"]) if m.get("retires") else None
    if retires:
        try:
            date.fromisoformat(retires)
        except ValueError:
            raise ConfigError(f"provider {pid!r}, model {m['id']!r}: retires is a day, YYYY-MM-DD") from None
        if not m.get("replacement"):
            raise ConfigError(f"provider {pid!r}, model {m['id']!r}: a model that retires names its replacement")
    return {"id": str(m["id"]), "input": _money(m.get("input")), "output": _money(m.get("output")),
            "cache_read": _cache(m, "cache_read", free), "cache_write": _cache(m, "cache_write", free),
            "price": str(m.get("price") or "standard"), "tiers": tiers, "request": dict(m.get("request") or {}),
            "refuses": [str(f) for f in m.get("refuses") or []], "retires": retires,
            "replacement": str(m["replacement"]) if m.get("replacement") else None}


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


def today() -> str:
    return datetime.now(timezone.utc).date().isoformat()


def retired(row: dict, on: str | None = None) -> bool:
    """Whether the provider has shut this model down by the day ``on`` (today, UTC, unless given)."""
    return bool(row.get("retires")) and (on or today()) >= row["retires"]


def offered(provider: dict, on: str | None = None) -> list[dict]:
    """The models a visitor may choose: every row not yet retired."""
    return [m for m in provider["models"] if not retired(m, on)]


def retirement(provider: dict, model: str, on: str | None = None) -> str | None:
    """What to tell someone who chose a retired model (which one to pick instead), or None."""
    row = next((m for m in provider["models"] if m["id"] == model), None)
    if row is None or not retired(row, on):
        return None
    return RETIRED.format(label=provider.get("label", provider["id"]), model=model, retires=row["retires"],
                          replacement=row["replacement"])


def get(table: dict[str, dict], pid: str) -> dict:
    if pid not in table:
        raise ConfigError(f"unknown provider {pid!r}; choose one of: {', '.join(table)}")
    return table[pid]


def default_model(provider: dict, site: dict | None = None, on: str | None = None) -> str:
    """The model a provider answers with when none is chosen: the site's default_model for the site's
    default_provider, else the row's first model not retired (by the day ``on``: today, unless given)."""
    site = site or {}
    if provider["id"] == site.get("default_provider") and site.get("default_model"):
        return site["default_model"]
    return (offered(provider, on) or provider["models"])[0]["id"]


def hint_hosts(provider: dict) -> list[str]:
    """The hosts a provider's hint is advice for: its own, or any local one for a local server's."""
    own = urlsplit(provider["base_url"]).hostname or ""
    return list(LOCAL_HOSTS) if own in LOCAL_HOSTS else [own]


def offers(provider: dict, site: dict | None = None) -> list[dict]:
    """What may be chosen from each day a model retires on (the first from any day, ""), for a page that
    picks by its visitor's clock: {"from", "models": the ids offered, "default": default_model, "retired":
    {id: what retirement says}}."""
    days = sorted({m["retires"] for m in provider["models"] if m.get("retires")})
    out = []
    for day in ["", *days]:
        on = day or "0000-01-01"
        gone = [m["id"] for m in provider["models"] if retired(m, on)]
        out.append({"from": day, "models": [m["id"] for m in offered(provider, on)],
                    "default": default_model(provider, site, on),
                    "retired": {model: retirement(provider, model, on) for model in gone}})
    return out


def for_page(table: dict[str, dict], site: dict) -> dict:
    """These rules as the page's config carries them: the local hosts, each provider's hint hosts and
    offers, and each wire's auth headers (the key as "{key}") and the path of its model list."""
    return {"local_hosts": list(LOCAL_HOSTS),
            "hint_hosts": {pid: hint_hosts(p) for pid, p in table.items()},
            "offers": {pid: offers(p, site) for pid, p in table.items()},
            "wires": {name: {"auth": wire.auth_headers("{key}"), "models_path": wire.MODELS_PATH}
                      for name, wire in WIRES.items()}}


def is_peak(provider: dict, when: datetime) -> bool:
    hours = provider.get("peak_hours")
    if not hours:
        return False
    when = when.astimezone(timezone.utc)
    minute = when.hour * 60 + when.minute
    return when.weekday() in hours["days"] and any(start <= minute < end for start, end in hours["utc"])


def price(provider: dict, model: str, prompt_tokens: int = 0, when: datetime | None = None) -> dict | None:
    """The price of one request: {"input", "output", "cache_read", "cache_write", "price"} (dollars per
    million tokens; a cache price may be None, unknown), or None if the model is unpriced.
    ``prompt_tokens`` counts all the request's input, cached or not."""
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
            return {k: tier.get(k) for k in ("input", "output", "cache_read", "cache_write", "price")}
    return {"input": row["input"], "output": row["output"], "cache_read": row.get("cache_read"),
            "cache_write": row.get("cache_write"), "price": row.get("price", "standard")}


def bill(provider: dict, model: str, usage: dict, when: datetime | None = None) -> dict:
    """One request's usage, each kind of token at its price (now, unless ``when``).

    usage: {"input_tokens": all input, "output_tokens", "cached_tokens": input read from the prompt
    cache, "cache_write_tokens": input written to it}. Returns {"uncached", "cached", "written",
    "output"} as {"tokens", "price"} (dollars per million; None when unknown), "price" (the name of
    the price that applied) and "cost" (dollars, or None when any billed part has no known price).
    """
    n = {k: int(usage.get(k) or 0) for k in ("input_tokens", "output_tokens", "cached_tokens", "cache_write_tokens")}
    rate = price(provider, model, n["input_tokens"], when)
    parts = {
        "uncached": max(0, n["input_tokens"] - n["cached_tokens"] - n["cache_write_tokens"]),
        "cached": n["cached_tokens"], "written": n["cache_write_tokens"], "output": n["output_tokens"],
    }
    keys = {"uncached": "input", "cached": "cache_read", "written": "cache_write", "output": "output"}
    out: dict = {part: {"tokens": tokens, "price": rate[keys[part]] if rate else None}
                 for part, tokens in parts.items()}
    out["price"] = rate["price"] if rate else None
    billed = [p for p in parts if out[p]["tokens"]]
    if rate is None or any(out[p]["price"] is None for p in billed):
        out["cost"] = None
    else:
        out["cost"] = sum(out[p]["tokens"] * out[p]["price"] for p in billed) / 1e6
    return out


def cost(provider: dict, model: str, usage: dict, when: datetime | None = None) -> float | None:
    """Dollars for one request's usage at the price that applied (now, unless ``when``), or None if unpriced."""
    return bill(provider, model, usage, when)["cost"]
