"""Every Negro League club (and independent club) of the tables, by each way people name it, in each of its
seasons, through the real name resolver (baseball/names.py): the full name, the nickname, "the <nickname>",
the city (each city of a two-city club: "Cincinnati-Cleveland Buckeyes", "Akron Grays / Cleveland Giants"),
and the team id. The truths (names, seasons) come from the raw parquet Teams table; how a name splits into
city and nickname is written out here, not taken from baseball/.

A form is found when the resolver returns that team-season, or says the form is ambiguous that season and
names the team among the choices ("Chicago" in 1925: the Cubs, the White Sox, the American Giants).
"""

from __future__ import annotations

import re

import pytest

from baseball.names import resolve_team
from conftest_data import baseball_data, raw  # noqa: F401  (fixtures)

LEAGUES = {"NNL", "ECL", "ANL", "EWL", "NSL", "NN2", "NAL", "IND"}  # written out here, not read from vocab
# Nicknames of more than one word; any other nickname is the name's last word.
LONG_NICKNAMES = ("Black Barons", "Black Sox", "Black Crackers", "Black Yankees", "Black Caps", "Black Senators",
                  "Elite Giants", "Bacharach Giants", "Royal Giants", "American Giants", "Columbia Giants",
                  "Lincoln Giants", "Cuban Stars", "Cuban Giants", "Cuban X Giants", "Page Fence Giants", "Red Sox",
                  "White Sox", "Grey Sox", "Red Caps", "Blue Birds", "Tate Stars", "Turf Club")


def forms(name: str, team_id: str) -> set[str]:
    """Every way to name the club: 'Cincinnati-Cleveland Buckeyes' -> the name, 'Buckeyes', 'the Buckeyes',
    'Cincinnati-Cleveland', 'Cincinnati', 'Cleveland', 'Cincinnati Buckeyes', 'Cleveland Buckeyes', the id;
    the Cuban Stars East, the Hilldale Club and Pollock's Cuban Stars also without 'East', 'Club' and 'Pollock's'."""
    out = {name, team_id}
    for part in re.split(r"\s*/\s*", name):
        part = re.sub(r"^Pollock's |^(Hilldale) Club$", r"\1", re.sub(r" (East|West)$", "", part))
        nick = next((n for n in LONG_NICKNAMES if part.endswith(n)), part.split()[-1])
        city = part[: -len(nick)].strip()
        out |= {part, nick, f"the {nick}"}
        if city:
            out.add(city)
            for one in city.split("-"):
                out |= {one, f"{one} {nick}"}
    return out


def found(form: str, year: int, team_id: str, name: str) -> bool:
    got = resolve_team(form, year)
    if isinstance(got, str):
        return "ambiguous" in got and f"{name} ({team_id})" in got
    return got.id == team_id


@pytest.fixture(scope="module")
def clubs(raw) -> list[tuple[int, str, str]]:
    """(year, teamID, name) of every Negro League and independent club season."""
    return sorted({(int(r["yearID"]), r["teamID"], r["name"]) for r in raw("Teams") if r["lgID"] in LEAGUES})


def test_every_negro_league_club_is_found_by_every_name(baseball_data, clubs):
    lookups, missing = 0, []
    for year, team_id, name in clubs:
        for form in sorted(forms(name, team_id)):
            lookups += 1
            if not found(form, year, team_id, name):
                missing.append(f"{form!r} in {year} ({name}, {team_id}): {resolve_team(form, year)}")
    print(f"\n{lookups} lookups of {len(clubs)} club seasons")
    assert len(clubs) > 300 and lookups > 1500
    assert not missing, f"{len(missing)} of {lookups} not found:\n" + "\n".join(missing[:40])

