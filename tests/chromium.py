"""How the tests and the benchmark (bench/) launch Debian's Chromium: one place for its flags.

Quiet: no outside requests. And none of Chromium's own work that a visitor's page load never meets:
each new Playwright context opens a browser window, and for each Chromium 156 preloads its address
bar's WebUI popup in a renderer of its own, ~450 ms of CPU in the first two seconds, competing with
the page's boot on a 2-core machine (seen in a Chromium trace of a first visit; with it off, the
bare and the product boots are both faster and less spread). A visitor's browser opened its window
long before.

Chromium honours only the last --disable-features on its command line, so the features turned off
here go in one switch with Playwright's own, which replaces Playwright's (its default arguments,
as `ps` shows them; test_chromium_runs_with_every_feature_turned_off checks they still match).
"""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
QUIET_FLAGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]

PLAYWRIGHTS_DISABLED = [  # Playwright 1.65's
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints",
    "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
UNSEEN_WORK = ["PreloadTopChromeWebUI", "WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]

PLAYWRIGHTS_SWITCH = "--disable-features=" + ",".join(PLAYWRIGHTS_DISABLED)
DISABLED_SWITCH = "--disable-features=" + ",".join(PLAYWRIGHTS_DISABLED + UNSEEN_WORK)


def launch_options(*args: str) -> dict:
    """Playwright's launch options for Chromium with these extra args (and the quiet ones)."""
    return {"executable_path": CHROMIUM, "args": [*QUIET_FLAGS, DISABLED_SWITCH, *args],
            "ignore_default_args": [PLAYWRIGHTS_SWITCH]}
