"""Typical questions a visitor asks, one per kind of answer the tools give.

Used for the demo-answer timings (the page answers each in demo mode) and for
the token figures (each question's tool call, as the demo router makes it,
is run for real and its result counted).
"""

from __future__ import annotations

QUESTIONS = [
    "Who won the World Series in 2016?",
    "Who won the World Series in 1986?",
    "Who won the NL West in 2010?",
    "How did the 1998 Yankees do?",
    "How did the Expos do in 1994?",
    "How did the Red Sox do in 2004?",
    "How many home runs did Barry Bonds hit in 2001?",
    "Tell me about Babe Ruth",
    "How good was Sandy Koufax in 1965?",
    "What was Ichiro's batting average in 2004?",
    "Who led the American League in home runs in 1961?",
    "Who had the most strikeouts in 1999?",
    "Who has the most career hits?",
    "Who had the best ERA in 2000?",
    "Who stole the most bases in 1982?",
    "Which team has the longest active streak of winning seasons?",
    "Who has the longest All-Star streak?",
    "Who's the best bat for 2026?",
    "Who will hit the most home runs in 2026?",
    "Who is the best hitter on the Dodgers in 2026?",
    "Who's the best pitcher for 2026?",
    "How good is your forecast?",
    "Who won the AL MVP in 2023?",
    "Who was inducted into the Hall of Fame in 2026?",
    "Who won it all last year?",
    "How did the Grays do in 1943?",
    "What was Josh Gibson's batting average?",
    "Who won the World Series in 1942?",
    "Who won the 2023 ALCS?",
    "How did the Cubs do in 2016?",
    "Who led the league in RBI in 1930?",
    "Who won the pennant in 1951?",
    "Tell me about Mike Trout",
]
