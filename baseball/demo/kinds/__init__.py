"""The kinds of question the demo answers, one module each: its call's arguments, its sentences and their order.

A kind that phrases a narrow tool's result has ``TOOL``, ``SENTENCES`` (named templates), ``ORDER`` (for the
reading's cue or intent, the sentence names to say, "a|b" meaning the first of them whose fields the result has)
and ``fields(result, question)`` (fields derived from the result). A kind answered with the sql tool has ``args``
(its SQL template) and ``say(rows, question)``. The intent table (route.INTENTS) says which reading goes to which
kind: a new kind is one module here and one row there.
"""

from __future__ import annotations

from . import (age_extreme, allstar, attendance, awards, best_team, body, body_extreme, born, career_club, college,
               debut_age, first_last, forecast, franchise, leaders, league_season, league_worst, manager_record,
               most_titles, payroll, player, positions, rookie, roster, salary, salary_board, season, span_leaders,
               streaks, team_board, team_leader, team_season, titles_led)

# The kind that phrases each narrow tool's results.
BY_TOOL = {k.TOOL: k for k in (team_season, season, player, leaders, awards, streaks, forecast)}
# A kind that phrases a narrow tool's results for its own intent (the same tool as another kind).
BY_INTENT = {"league_season": league_season}
# The kinds answered with the sql tool, by their intent's name.
BY_SQL = {"body": body, "college": college, "salary": salary, "payroll": payroll,
          "age_extreme": age_extreme, "manager_record": manager_record, "franchise": franchise, "positions": positions, "allstar": allstar,
          "attendance": attendance, "first_last": first_last,
          "most_titles": most_titles, "team_leader": team_leader, "best_team": best_team, "roster": roster,
          "debut_age": debut_age, "league_worst": league_worst, "born": born, "body_extreme": body_extreme, "span_leaders": span_leaders, "career_club": career_club, "salary_board": salary_board,
          "titles_led": titles_led, "team_board": team_board,
          "team_total": team_board, "rookie": rookie}
