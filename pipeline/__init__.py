"""Build the site's published baseball data from the Baseball Databank (CPython only).

    databank.py  fetch the Databank into .cache/, verify its sha256, read the CSVs
    marcel.py    the Marcel projection for 2021 and its 2019 backtest (pure functions)
    publish.py   write site/data/: compact, sharded, byte-identical JSON files

Standard library only; no pandas. ``python -m pipeline OUT_DIR`` builds the data.
"""
