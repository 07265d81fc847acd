"""The demo's reading vocabulary: cue phrases that say what a question asks, and everyday words.

Data only. ``CUES`` maps a cue group to the phrases that signal it (folded
words, as ``read.words`` makes them); ``read.read`` records which groups a
question contains, and the intent table in ``route.py`` is written in these
group names. ``COMMON`` is everyday English (and a little Spanish, German and
French) that is never a player's name and never corrected to a team or stat.
Stats, leagues, teams and player nicknames are the site's own vocabulary
(``baseball/vocab.py``), not repeated here.
"""

from __future__ import annotations

CUES: dict[str, tuple[str, ...]] = {
    # a season's events
    "world_series": ("world series", "won it all", "win it all", "fall classic", "the series", "champion",
                     "champions", "championship", "championships", "champs", "title", "winner", "winners", "who won in",
                     "who won it in", "who won that year", "who won it"),
    "pennant": ("pennant", "pennants", "league champion", "won the al", "won the nl", "won the american league",
                "won the national league", "topped the al", "topped the nl", "topped the american league",
                "topped the national league", "won the negro national league", "won the negro american league",
                "won the eastern colored league", "won the east west league", "won the negro southern league",
                "won the american negro league"),
    "division": ("division", "al east", "al west", "al central", "nl east", "nl west", "nl central",
                 "american league east", "american league west", "american league central", "national league east",
                 "national league west", "national league central"),
    "wildcard": ("wildcard", "wildcards"),
    "postseason": ("playoffs", "playoff", "postseason", "post season", "postseasons", "october"),
    "worst_record": ("worst record", "worst team", "lost the most", "most losses", "fewest wins", "finished last",
                     "last place", "finish last"),
    "best_record": ("best record", "best team", "winningest team", "team won the most", "teams won the most",
                    "team with the most wins", "club won the most", "most wins by a team"),
    "rounds": ("alcs", "nlcs", "alds", "nlds", "wild card series", "wildcard series", "wildcard game",
               "division series", "championship series", "beat", "lose to", "lost to", "eliminated", "knocked out",
               "opponent", "who did they play"),
    # a team's season
    "manager": ("manager", "managers", "managed", "manage", "managerial", "skipper", "skippered"),
    "standings": ("standings", "standing", "league table", "final table"),
    "park": ("park", "ballpark", "ball park", "stadium", "field", "home games", "where did", "play their home", "ground",
             "grounds", "where do", "where does"),
    "record": ("record", "how did", "how d", "hows", "do in", "finish", "finished", "wins", "losses"),
    "best_hitter": ("best hitter", "best hitters", "best player", "best batter", "top hitter"),
    # leaders and records
    "leader": ("led", "lead", "leads", "leader", "leaders", "most", "best", "top", "highest", "lowest", "fewest",
               "least", "leading", "record for", "who had", "who hit", "king", "title", "champion", "who stole",
               "who was"),
    "career": ("career", "all time", "alltime", "ever", "lifetime", "overall", "in history", "of all time"),
    "single_season": ("single season", "one season record", "in a single season", "in one season",
                      "season record for", "in a season ever", "most in a season", "a single season"),
    # the forecast, and how the forecast this site showed did
    "check": ("how good is your forecast", "how good are your forecasts", "how good is your projection",
              "how good are your projections", "how good is the forecast", "how good is the projection",
              "how accurate", "how reliable", "how did your forecast do", "how did your projection do",
              "how did your projections do", "how did the forecast do", "how did the projection do",
              "how right was", "how wrong was", "track record", "forecast accuracy", "projection accuracy",
              "how good were your projections", "how good was your forecast", "how good was your projection",
              "were your projections right", "was your forecast right", "how well did your", "biggest misses"),
    "negro_ws": ("negro world series", "negro league world series", "negro leagues world series",
                 "colored world series", "black world series"),
    "future": ("projection", "projections", "projected", "project", "forecast", "forecasts", "predict",
               "prediction", "predictions", "marcel", "next year", "next season", "this coming season", "going to",
               "gonna", "will", "expected", "expect", "favorite", "favorites", "favored", "odds"),
    "best_bat": ("best bat", "best hitter", "best batter", "best hitters", "best bats", "top hitter", "top hitters",
                 "top bats", "best slugger", "best offensive player", "best offensive", "most dangerous hitter",
                 "best player", "best batters", "top batter"),
    "best_arm": ("best pitcher", "best pitchers", "top pitcher", "top pitchers", "best arm", "ace", "best starter",
                 "best starters", "best starting pitcher", "best starting pitchers"),
    "pitcher": ("pitcher", "pitchers", "ace", "aces", "arm", "arms", "starter", "starters", "closer", "closers",
                "reliever", "relievers", "bullpen", "pitching", "pitch", "pitched", "on the mound"),
    "outcome": ("world series", "pennant", "pennants", "division", "playoffs", "postseason", "win the", "make the",
                "champion", "champions", "title", "record", "how will", "how many games", "repeat", "three peat",
                "defend", "where will", "move to", "play next year", "to win"),
    "closer": ("closer", "closers", "reliever", "relievers", "relief pitcher", "relief pitchers", "fireman"),
    "players": ("hitters", "hitter", "batters", "bats", "players", "pitchers", "arms", "lineup", "rotation",
                "starters", "sluggers"),
    "past": ("led", "won", "had", "did", "was", "were", "finished", "who hit", "how did", "hit"),
    "young": ("young", "youngest", "younger", "kid", "kids", "under 25", "prospect", "prospects"),
    # streaks of seasons
    "streak": ("streak", "streaks", "consecutive", "in a row", "straight", "running", "years running",
               "seasons running", "playoff run", "postseason run", "active run", "run of", "longest run"),
    "allstar": ("all star", "all stars", "all star games", "all star selections", "all star teams"),
    "active": ("active", "current", "currently", "still", "ongoing", "today", "now", "running streak"),
    "winning": ("winning", "won", "wins", "winning seasons", "above 500", "over 500", "avg500", "500"),
    "thirty": ("30", "thirty"),
    "three_hundred": ("avg300", "300", "300 hitter", "300 average"),
    # two players side by side: a joining word and a comparing one
    "join": ("or", "vs", "versus", "than", "and", "compare", "compared", "comparing"),
    "compare": ("more", "most", "better", "best", "fewer", "higher", "lower", "compare", "compared", "comparing",
                "vs", "versus"),
    # a player's bio
    "about": ("tell me about", "who is", "who was", "whos", "how good was", "how good is", "stats for", "career",
              "how did", "how many", "what did", "what was", "line", "numbers"),
    "born": ("born", "birthplace", "birthday", "where is he from", "where was he from", "hometown", "birth"),
    "died": ("die", "died", "dead", "alive", "death", "pass away", "passed away", "still living"),
    "hands": ("bat left", "bat right", "bats left", "bats right", "left handed", "right handed", "lefty", "righty",
              "switch hitter", "switch hit", "throw left", "throw right", "throws", "handed", "southpaw", "bat from"),
    "teams": ("what teams", "which teams", "play for", "played for", "teams did", "teams has", "what team",
              "which team", "pitch for", "pitched for", "teams"),
    "span": ("retire", "retired", "debut", "debuted", "rookie year", "first season", "last season", "how long",
             "how many seasons", "how many years", "when did he play", "career span", "start his career",
             "start playing"),
    "hall": ("hall of fame", "hall of famer", "hall of famers", "inducted", "cooperstown", "hof", "the hall",
             "percentage of the vote", "share of the vote", "how close did", "ballot", "what percent",
             "what percentage", "how many votes", "votes did", "vote did"),
    "age": ("how old", "age"),
    "best_season": ("best season", "best year", "career high", "career year", "peak"),
    "height": ("tall", "tallest", "height", "how big", "size", "shortest"),
    "weight": ("weigh", "weight", "weighed", "heaviest", "lightest", "heavier", "lighter", "pounds"),
    "position": ("position", "positions", "what base", "play first", "play short", "catcher", "shortstop",
                 "outfielder", "infielder", "first base", "second base", "third base", "left field", "center field",
                 "centre field", "right field", "at catcher", "as a pitcher"),
    "salary": ("salary", "salaries", "paid", "contract", "earn", "earned", "make money", "money", "how much did",
               "how much does",
               "how much was", "highest paid", "payroll", "payrolls"),
    "title": ("title", "crown", "led the", "lead the"),  # did he lead the league in it
    "honors": ("awards", "honors", "trophies", "accolades"),
    "college": ("college", "colleges", "university", "school", "alma mater"),
    "attendance": ("attendance", "crowd size", "tickets sold", "how many fans", "most fans", "drew the most",
                   "how many people went to", "how many people came to", "how many people attended"),
    "rings": ("rings", "ring", "world series titles", "world series rings", "championships did", "titles did",
              # titles ranked: a franchise's count (kinds/most_titles.py); anyone else's is declined
              "most world series", "most championships", "most pennants", "how many world series did",
              "how many world series has", "how many world series have"),
    # what the data cannot answer
    "game_level": ("hitting streak", "hit streak", "game streak", "winning streak", "losing streak", "no hitter",
                   "no hitters", "nohitter", "nohitters", "perfect game", "perfect games", "cycle", "cycles", "grand slam",
                   "grand slams", "walk off", "walkoff", "walk offs", "walkoffs", "box score", "single game", "one game", "in a game",
                   "one inning", "on base streak", "scoreless", "score of", "final score", "game 7", "game 6",
                   "game 5", "game 4", "game 3", "game 2", "game 1", "game seven", "game six", "the score",
                   "tonight", "tomorrow", "yesterday", "todays game", "next game", "last night", "this week",
                   "in april", "in may", "in june", "in july", "in august", "in september", "in march",
                   "opening day", "what time", "won the all star game", "win the all star game", "home run derby",
                   "derby", "his first home run", "his last home run", "his first hit", "his last hit",
                   "his 500th home run", "his 3000th hit", "hottest", "hot streak", "on fire", "red hot",
                   "break the", "broke the", "breaks the"),
    "other_sport": ("bush league", "bush leagues", "super bowl", "superbowl", "nfl", "nba", "nhl", "mls", "stanley cup", "world cup", "touchdown",
                    "touchdowns", "quarterback", "soccer", "football", "basketball", "hockey", "golf", "tennis",
                    "cricket", "rugby", "olympics", "olympic", "masters", "wimbledon", "nascar", "formula 1",
                    "boxing", "ufc", "march madness", "final four", "heisman", "wnba", "premier league", "poker",
                    "little league", "college world series", "world baseball classic", "wbc", "minor league",
                    "minor leagues", "triple a", "npb", "kbo", "softball", "japan series", "nippon", "japanese league",
                    "bowler", "bowlers", "bowling", "wicket", "wickets"),
    "across": ("history", "histories", "how many times", "how many world series", "how many titles",
               "how many championships",
               "how many pennants", "how many rings", "how often", "last time", "first time", "last won", "last win",
               "since", "drought", "ever won", "ever win", "ever make", "ever made", "ever reach", "ever reached",
               "ever been to", "ever go to", "ever went to", "ever play in", "ever played in", "ever get to",
               "when did", "when was the last", "when was the first", "what year did", "which year did"),
    "seasons_word": ("seasons", "years"),
    "first": ("first",),  # the first or last time something happened (a follow-up says the other)
    "last": ("last", "latest", "most recent"),
    "that_year": ("that year", "that season", "same year", "same season", "then", "that time", "back then"),
    "sox": ("sox",),
    "decade": ("decade",),
}
# Words that change what is asked and that no reading here takes into account: a question that has one is not
# answered with what was understood of the rest ("the highest paid players from Yale" is not a list of anyone).
# group -> phrases; the group says why (texts.UNREAD_WHY); read.unread finds the first one said.
UNREAD: dict[str, tuple[str, ...]] = {
    # stats and measures the tools do not rank or give
    "stat": ("putouts", "putout", "put outs", "assists", "errors", "fielding percentage", "double plays",
             "caught stealing", "success rate", "stolen base percentage", "war", "wins above replacement", "babip",
             "fip", "hit by pitch", "hit by pitches", "hbp", "sacrifice", "sacrifices", "sac flies", "sac fly",
             "sacrifice flies", "intentional walks", "grounded into", "gidp", "wild pitches", "balks", "balk",
             "games started", "starts", "holds", "blown saves", "earned runs", "hits allowed", "home runs allowed",
             "homers allowed", "walks allowed", "runs allowed", "range factor", "total bases", "extra base hits",
             "at bats", "at bat", "ops plus", "era plus", "war", "batting order", "pitch count", "velocity",
             "exit velocity", "spin rate", "launch angle", "errors committed", "chances", "zone rating", "ejections",
             "ejection", "ejected", "inside the park", "immaculate inning", "immaculate innings"),
    # what a pitcher gave up: a team's runs allowed are in its season, a pitcher's are not served
    "allowed": ("gave up", "given up", "give up", "gives up", "allowed", "surrendered"),
    # a question over many rows, not one row or one ranking
    "aggregate": ("each year", "every year", "per year", "each season", "every season", "per season", "by year",
                  "year by year", "season by season", "by season", "year to year", "per game", "distribution",
                  "distributed", "average of", "the average", "on average", "average number", "averages of",
                  "median", "sum of", "total number", "how many players", "how many pitchers", "how many hitters",
                  "how many batters", "how many teams", "how many managers", "how many people", "number of players",
                  "number of teams", "number of pitchers", "how many different", "percentage of players", "proportion",
                  "ratio", "rate", "rates",
                  "correlation", "correlate", "correlated", "trend", "trends", "over time", "over the years",
                  "changed", "change over", "league average", "compared to the league", "list all", "list every",
                  "all the players", "all players", "every player", "everyone who", "all time list", "since",
                  "in the last", "over the last", "in the past", "over the past", "past decade", "last decade",
                  "recent years", "in recent", "last few years", "past few years",
                  # a title counted over seasons ('who won the most batting titles')
                  "batting titles", "batting crowns", "home run titles", "home run crowns", "rbi titles",
                  "strikeout titles", "era titles", "stolen base titles"),
    # an age that filters who counts (a player's own age is his bio)
    "age": ("young age", "at age", "age", "ages", "years old", "youngest", "oldest", "teenager", "teenagers",
            "young", "younger", "older", "old man", "old men", "wise old", "old timer", "veteran presence"),
    # a filter on who counts
    "school": ("university", "college", "colleges", "high school", "alma mater"),
    "qualifier": ("left handed", "right handed", "lefthanded", "righthanded", "lefty", "lefties", "righty",
                  "righties", "southpaw", "southpaws", "switch hitter", "switch hitters", "born in", "born after",
                  "born before", "born outside", "birthplace",
                  "weighed", "weigh", "weighing", "weight", "pounds", "lbs", "tall", "taller", "height", "feet",
                  "inches", "active players", "still active",
                  "among active", "active player", "foreign", "foreign born", "country", "countries", "dominican",
                  "venezuelan", "cuban", "japanese players", "american born", "born abroad", "hall of famers",
                  "only players", "excluding", "except", "not counting", "among", "first name", "last name",
                  "older than", "younger than", "over the age", "under the age", "at age", "with a losing record",
                  "with a winning record", "with losing records", "with winning records", "a losing team",
                  "losing teams", "a losing season", "with a losing", "with a winning"),
    # a rookie season: the tables mark none (the rule counts at-bats, innings and days on a roster before); the
    # rookie kind reads the most common questions by at-bats and innings alone, and says so
    "rookie": ("rookies", "rookie"),
    # race: People records none
    "race": ("black player", "black players", "first black", "african american", "african americans", "african",
             "white player", "white players", "color barrier", "color line", "integrated", "integrate", "latino",
             "latinos", "hispanic", "hispanics"),
    # a part of the season or of the games: splits the tools do not keep
    "split": ("at home", "on the road", "road games", "away games", "day games", "night games", "all star break",
              "second half", "first half", "against lefties", "against righties", "against left handed",
              "against right handed", "against lefthanded", "vs lefties", "vs righties", "against left handers",
              "against right handers", "runners in scoring position", "scoring position", "risp", "in the clutch",
              "clutch", "late innings", "extra innings", "down the stretch", "with runners", "bases loaded",
              "with two outs", "two out", "at yankee stadium", "at fenway", "at wrigley", "on turf", "in domes"),
    # a threshold ('more than 200 hits'): one team's or player's own number answers it, a list does not
    "threshold": ("more than", "less than", "fewer than", "at least", "at most", "no more than", "greater than",
                  "minimum", "or more", "or better", "or fewer"),
    # a total over all players or teams, not one player's, one team's or a leader's
    "total": ("in total", "total", "totals", "altogether", "combined", "were hit", "were stolen", "were struck out",
              "were thrown", "were pitched", "were scored", "were there", "league wide", "leaguewide", "all teams",
              "the whole league", "in all of baseball", "club", "clubs"),
    # a manager's own record across seasons (a team's manager in a season is in its season)
    "manager": ("as a manager", "manager", "managers", "managerial", "skipper", "skippers"),
    # a part of a career, not the whole nor a season named
    "when": ("as a rookie", "rookie season", "rookie year", "his first season", "his last season",
             "his final season", "his first year", "his last year", "his final year", "in his prime",
             "first player to", "last player to", "first pitcher to", "last pitcher to", "first team to",
             "last team to", "first to", "last to", "only player",
             "only players", "only pitcher", "how long did", "how long has", "how long was"),
    # one player against another: the tools keep each player's own totals, not who he faced
    "matchup": ("did strike out", "did he strike out", "strikeout victim", "strikeout victims",
                "faced the most", "face the most", "hit off", "homered off", "home runs off", "homers off", "off of",
                "against him", "head to head", "matchup", "matchups"),
    # an award the demo does not know by that name
    "award": ("awards", "award"),
}
# What pitchers gave up: the stat said with a word of UNREAD's 'allowed' ('which team allowed the most runs', 'who
# gave up the most home runs') -> (Teams' column, as said, Pitching's column): a team's ranked from Teams
# (kinds/team_board.py), a pitcher's from Pitching (kinds/span_leaders.py). Fewer is better.
ALLOWED = {"R": ("RA", "runs allowed", "R"), "H": ("HA", "hits allowed", "H"),
           "HR": ("HRA", "home runs allowed", "HR"), "BB": ("BBA", "walks allowed", "BB")}
# A "best" role asked with no stat, and the stat that ranks it (the answer says so): cue group -> (stat, as said).
BEST_BY = {"closer": ("SV", "closer"), "best_arm": ("ERA", "pitcher"), "best_bat": ("OPS", "hitter")}
# Phrases of UNREAD that mean something else when said so ('who holds the record' is not the relievers' holds,
# 'which club' is which team): phrase -> those forms.
UNREAD_NOT = {"holds": ("who holds", "holds the", "still holds"), "club": ("which club", "what club"),
              "average of": ("batting average of",),
              "clubs": ("which clubs", "what clubs")}
# Who a board counts, picked out by People (kinds/span_leaders.py). The hand he bats or throws with: phrase ->
# (column, value, as said); column None is the stat's side ('a lefty' bats left for home runs, throws left for wins).
HANDS = {"left handed": (None, "L", "left-handed"), "lefthanded": (None, "L", "left-handed"),
         "lefty": (None, "L", "left-handed"), "lefties": (None, "L", "left-handed"),
         "right handed": (None, "R", "right-handed"), "righthanded": (None, "R", "right-handed"),
         "righty": (None, "R", "right-handed"), "righties": (None, "R", "right-handed"),
         "southpaw": ("throws", "L", "left-handed"), "southpaws": ("throws", "L", "left-handed"),
         "switch hitter": ("bats", "B", "switch"), "switch hitters": ("bats", "B", "switch"),
         "switch hitting": ("bats", "B", "switch")}
# Still playing: in the data's last season.
ACTIVE = ("among active players", "among active", "active players", "active player", "still active",
          "currently active", "active")
# A judgement no stat makes ('the worst player in baseball'): declined with the boards that rank a role's bad end.
JUDGED = ("worst player", "worst players", "worst ballplayer", "worst baseball player", "worst player ever")
# A role ranked from its bad end with no stat said, and the stat that ranks it ('the worst hitter': the lowest OPS).
WORST_BY = {"worst hitter": "OPS", "worst hitters": "OPS", "worst batter": "OPS", "worst batters": "OPS",
            "worst pitcher": "ERA", "worst pitchers": "ERA", "worst starter": "ERA"}
# Words that, read with a stat, choose its order ("highest ERA" is the worst; "fewest home runs" the bottom of the
# board): up (the larger numbers), down (the smaller), worst (the bad end of the stat).
EXTREMES = {"up": ("highest", "most", "biggest", "largest", "max", "maximum", "greatest number"),
            "down": ("lowest", "fewest", "least", "smallest", "minimum", "min"),
            "worst": ("worst", "poorest", "bottom")}
# Words after an extreme word that say how, not what, it ranks ("the most recent", "most often"): never an unknown stat.
EXTREME_HOW = {"recent", "recently", "often", "likely", "times", "ever", "valuable", "improved", "outstanding"}
# Words that end the phrase an extreme word ranks ("the most ejections in his career", "most cycles by a player").
EXTREME_ENDS = {"in", "of", "by", "for", "ever", "all", "career", "his", "her", "their", "did", "does", "do", "has",
                "have", "had", "was", "were", "is", "are", "among", "during", "on", "at", "with", "since", "per",
                "from", "to", "who", "that", "than", "and", "or", "a", "an", "the", "this", "last", "history", "as"}
# A game's events named in the decline for them (the game_level cue's phrases that name one): phrase -> as said.
GAME_EVENTS = {"grand slam": "grand slams", "grand slams": "grand slams", "no hitter": "no-hitters",
               "no hitters": "no-hitters", "nohitter": "no-hitters", "nohitters": "no-hitters",
               "perfect game": "perfect games", "perfect games": "perfect games", "cycle": "hitting for the cycle",
               "cycles": "hitting for the cycle", "walk off": "walk-offs", "walkoff": "walk-offs",
               "walk offs": "walk-offs", "walkoffs": "walk-offs", "hitting streak": "hitting streaks",
               "hit streak": "hitting streaks", "on base streak": "on-base streaks",
               "home run derby": "the Home Run Derby", "derby": "the Home Run Derby", "hottest": "who is hot now",
               "hot streak": "who is hot now", "on fire": "who is hot now", "red hot": "who is hot now",
               "break the": "the day a record fell", "broke the": "the day a record fell",
               "breaks the": "the day a record fell"}

# Words that ask for the latest of something ('the latest mvp', 'the last world series'), not its most often or all.
LATEST = ("latest", "newest", "most recent", "recent", "last", "this year", "new", "current")
# A follow-up says so at its start ("and in 2015?", "what about the mets?").
FOLLOW_STARTS = ("and", "what about", "how about", "same for", "same", "now", "then", "also", "what of",
                 "and in", "and the", "versus", "vs", "compared")
# A year relative to the conversation's ('the year after' = +1): phrase -> shift.
RELATIVE_YEARS = {
    "the year after": 1, "the year afterward": 1, "the following year": 1, "the following season": 1,
    "the next year": 1, "the next season": 1, "the season after": 1, "a year later": 1, "the year later": 1,
    "the one after": 1, "the next one": 1, "the one after that": 1, "the year after that": 1,
    "the one before": -1, "the one before that": -1, "the year before that": -1,
    "the year before": -1, "the previous year": -1, "the previous season": -1, "the season before": -1,
    "the prior year": -1, "a year earlier": -1, "a year before": -1, "the year prior": -1,
}
# What names a team's title season as the anchor of a relative year ("the year after they won it all").
TITLE_WON = ("won it all", "won the world series", "won the title", "won a title", "won the championship",
             "won a championship", "won the whole thing", "won a ring", "were champions", "were the champions")
RELATIVE_UNITS = {"later": 1, "after": 1, "afterward": 1, "earlier": -1, "before": -1, "prior": -1}
# Seasons before the last one in the data, which is the one a visitor means by 'last season' (so 'two seasons ago'
# is the one before it); '<n> seasons ago' counts the same way.
SEASONS_BACK = {"last season": 0, "last year": 0, "this past season": 0, "the year before last": 1,
                "the season before last": 1,
                # the season now, or who leads now: the data's latest, which the answer names (never the career board)
                "this year": 0, "this season": 0, "so far this year": 0, "so far this season": 0, "leads the": 0,
                "is leading the": 0, "currently leads": 0, "currently leading": 0, "leading the league": 0}
# Words that take back what was just said: what follows replaces what it names ("the mets, no wait, the yankees").
CORRECTIONS = ("no wait", "wait no", "no sorry", "sorry", "i mean", "make that", "or was it", "never mind", "scratch that",
               "no actually")
# Pronouns that point to the conversation's last player or team.
PRONOUNS = {"he": "player", "him": "player", "his": "player", "hes": "player",
            "they": "team", "them": "team", "their": "team", "theyre": "team", "em": "team"}
# A player's relative, as the namesake a suffix names ('his dad' after Ken Griffey Jr. is Ken Griffey Sr.): word -> suffix.
# A relative no suffix names ('his brother') maps to None: the tools cannot find him.
RELATIVES = {"dad": "sr", "daddy": "sr", "father": "sr", "son": "jr", "brother": None, "brothers": None,
             "uncle": None, "cousin": None, "grandfather": None, "grandson": None, "nephew": None}
REFERENCES = {"the winners": "team", "the champions": "team", "the champs": "team", "that team": "team",
              "the same team": "team", "that guy": "player", "that player": "player", "the same guy": "player",
              "the team they beat": "loser", "the losers": "loser", "the team that lost": "loser",
              "the other team": "loser"}

COMMON = set("""
may club clubs finger fingers franchise franchises class classes drove drive driven drives ring rings election president presidential tallest shortest heaviest
elected elect award awards honor honors trophy trophies color colour
negro colored eastern western southern independent independents
a able about above active after again against ago all all-time alltime almost already also although always am
american among an and another answer any anybody anyone anything anyway anywhere are arm around as ask asked
asks at back bad ball balls base baseball bases bat bats batter batters batting be became become been before
began begin being believe best better between big biggest bit black blue book books both boy boys bridge brief
bring brother brought brown but buy by call called calls can capital car cards career cars case catch caught
central certain champ champion champions championship champs change child children circuit city clear close
closed coach coaches cold common consecutive contract cool cost could count country crowd cuantas cuantos
current currently das day de deal deep del der des did didnt die different division do doctor does doing dollar
dollars done dont down during each early east easy either el else en end ended enough entire ete ever every
example fact fall family fan fans far fast father feel fell few fewer fewest field fielding fields final find
fine finish finished first flew fly for forecast forecasts form found free from full gagne game games ganaron
gano gave general get girl girls give given go going gold golden gonna good got gray great greatest green grey
group had hand hard has hat hate have he head held hello help her here hers hey hi high higher highest hill him
his historical history hit hits hitter hitters hitting hold home homer homers homes hope hot house how i if
ignore important in instructions into is island it its joke jonrones jump junior just keep kept kid kids kind
king know la lady lake large las last late later le lead leader leaders leading league leagues least led left
les less let level life light like line list little long longer longest lord los lose losing lost lot love low
lower lowest made main major majors make man manager managers many marcel match matter max me mean means meant
meisten men might minor minors miss missed mlb money month more morning most mountain move movie movies mr mrs
much mundial music must my name named national near need never new newer news next nice night no nope north not now
number ocean of off often ok okay old older on once one only open or orange order other our out over own paid
park parks part password past pay pennant people per person pink pitch pitched pitcher pitchers pitching place
play played player players playing playoffs please point possible postseason power predict prediction
predictions present president previous price prince print problem project projected projection projections
prompt public purple put que queen quel quelle question qui quien quite quote rain ran rank ranked rather real
really reason recipe record red rest result reveal right rise river road rose row run running runs said saint
salary same sat say score scored scores sea season seasons second secret see sell senior serie series set
several she short should show shows side silver simple since single sir sit slugger sluggers small so some son
song songs sorry sound south speak special speed spoke sport sports stadium stand start started stat state
states stats still stole stolen stood stop stopped stories story straight streak streaks street strike strikes
struck such summary sun sure swing system take taken talk talked talks team teams tell than thank thanks that
the their them then there these they thing things think this those though threw through throw time times tip
title to today together told tomorrow took top total toward town trade traded tried true try turn turned under
united until up upon us use usual various very walk walked want warm was water way we weather week weekend
welche well went wer were west what whats when where whether which while white who whole whom whos why wide
wildcard wildcards will win winning wish with within without woman women won word words work world would yeah
year years yellow yep yes yesterday yet you young younger your
""".split())
