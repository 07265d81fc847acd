"""The few exception types. Mistakes a model can fix never raise: they become tool results."""


class ConfigError(Exception):
    """A setting is wrong (unknown provider, missing key, bad base URL): a person must fix it."""


class ProviderError(Exception):
    """The model provider failed; the message says what happened and what to do.

    kind: "auth" | "rate_limit" | "overloaded" | "server" | "network" | "timeout"
          | "bad_request" | "bad_reply"
    """

    def __init__(self, kind: str, message: str, status: int | None = None):
        super().__init__(message)
        self.kind = kind
        self.status = status
