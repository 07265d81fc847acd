"""A small tool-using agent: one loop, two wire formats, tools as plain functions.

The package uses only the standard library, so the same code runs in CPython
(the terminal CLI, the tests) and in Pyodide (the web page's worker).

    loop.py       run_turn: the agent loop
    wires/        pure translation between the internal shapes and each API
    model.py      a provider + its wire + the transport, with retries
    transport.py  the one module that knows whether it runs in Pyodide
    tools.py      the Tool type, argument checking, running one call
    providers.py  the provider table (data, not code)
    site.py       site.yaml and its tools module, found by name (tools_module)
    browser.py    the Session the page's worker drives; cli.py the terminal

The site that uses it (this repository's ``baseball/`` package) is found through
``tools_module`` in data/site.yaml; no module here imports it by name.
"""

__version__ = "0.1.0"
