"""Chromium runs with the flags tests/chromium.py means it to: one --disable-features, Playwright's and ours."""

from __future__ import annotations

import os
from pathlib import Path

from chromium import CHROMIUM, DISABLED_SWITCH, PLAYWRIGHTS_SWITCH, QUIET_FLAGS


def browser_command_lines() -> list[list[str]]:
    """The command lines of the Chromium browser processes started from this process (by Playwright's driver)."""
    parents, commands = {}, {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[entry.name] = (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
                commands[entry.name] = (entry / "cmdline").read_bytes().decode().split("\0")
            except OSError:  # gone meanwhile
                continue
    drivers = {pid for pid, parent in parents.items() if parent == str(os.getpid())}
    return [cmd for pid, cmd in commands.items() if parents.get(pid) in drivers  # Debian's launcher execs the binary
            and cmd[0].endswith("/chromium") and not any(arg.startswith("--type=") for arg in cmd)]


def test_chromium_runs_with_every_feature_turned_off(browser, browser_type):
    ours = [[a for a in cmd if a.startswith("--disable-features=")] for cmd in browser_command_lines()]
    assert ours == [[DISABLED_SWITCH]]  # one switch: a second would silently replace the first
    # Playwright's own list is still the one tests/chromium.py replaces (a new Playwright may change it)
    plain = browser_type.launch(executable_path=CHROMIUM, args=QUIET_FLAGS)
    try:
        switches = {a for cmd in browser_command_lines() for a in cmd if a.startswith("--disable-features=")}
        assert switches == {DISABLED_SWITCH, PLAYWRIGHTS_SWITCH}
    finally:
        plain.close()
