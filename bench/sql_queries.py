"""Thirty typical queries for the sql tool: lookups by player, aggregates over a table, joins of two or
three tables (bench/sql_pages.py measures what each reads; bench/sql_bench.py times them in the page)."""

QUERIES = [
    # lookups by key
    ("lookup", "SELECT nameFirst, nameLast, birthYear, birthCity, height, weight, bats, throws FROM People WHERE playerID = 'ruthba01'"),
    ("lookup", "SELECT yearID, teamID, HR, RBI FROM Batting WHERE playerID = 'bondsba01' ORDER BY yearID"),
    ("lookup", "SELECT yearID, W, L, ERA, SO FROM Pitching WHERE playerID = 'koufasa01'"),
    ("lookup", "SELECT * FROM Teams WHERE yearID = 2016 AND teamID = 'CHN'"),
    ("lookup", "SELECT yearID, salary FROM Salaries WHERE playerID = 'rodrial01' ORDER BY yearID"),
    ("lookup", "SELECT schoolID, yearID FROM CollegePlaying WHERE playerID = 'jeterde01'"),
    ("lookup", "SELECT playerID FROM People WHERE nameFirst = 'Mike' AND nameLast = 'Trout'"),
    ("lookup", "SELECT yearID, votedBy, votes, ballots, inducted FROM HallOfFame WHERE playerID = 'jeterde01'"),
    ("lookup", "SELECT * FROM SeriesPost WHERE yearID = 2004"),
    ("lookup", "SELECT POS, G, PO, A, E FROM Fielding WHERE playerID = 'ozuna01' OR playerID = 'smithoz01'"),
    # aggregates over a table
    ("aggregate", "SELECT playerID, SUM(HR) AS hr FROM Batting GROUP BY playerID ORDER BY hr DESC LIMIT 10"),
    ("aggregate", "SELECT yearID, SUM(HR) FROM Batting GROUP BY yearID ORDER BY 2 DESC LIMIT 5"),
    ("aggregate", "SELECT MAX(salary) FROM Salaries"),
    ("aggregate", "SELECT teamIDwinner, COUNT(*) FROM SeriesPost WHERE round = 'WS' GROUP BY teamIDwinner ORDER BY 2 DESC LIMIT 5"),
    ("aggregate", "SELECT birthCountry, COUNT(*) FROM People GROUP BY birthCountry ORDER BY 2 DESC LIMIT 10"),
    ("aggregate", "SELECT yearID, SUM(attendance) FROM Teams GROUP BY yearID ORDER BY 2 DESC LIMIT 5"),
    ("aggregate", "SELECT playerID, yearID, HR FROM Batting WHERE yearID = 2001 ORDER BY HR DESC LIMIT 5"),
    ("aggregate", "SELECT yearID, COUNT(*) FROM HallOfFame WHERE inducted = 'Y' GROUP BY yearID ORDER BY 2 LIMIT 5"),
    ("aggregate", "SELECT playerID, SUM(SO) FROM Pitching GROUP BY playerID ORDER BY 2 DESC LIMIT 5"),
    ("aggregate", "SELECT AVG(height), AVG(weight) FROM People WHERE debut >= '2000-01-01'"),
    # joins of two or three tables
    ("join", "SELECT p.nameFirst, p.nameLast, b.HR FROM Batting b JOIN People p USING (playerID) WHERE b.yearID = 1998 ORDER BY b.HR DESC LIMIT 5"),
    ("join", "SELECT t.name, s.yearID FROM SeriesPost s JOIN Teams t ON t.teamID = s.teamIDwinner AND t.yearID = s.yearID WHERE s.round = 'WS' AND s.yearID >= 2015"),
    ("join", "SELECT p.nameFirst, p.nameLast, s.salary FROM Salaries s JOIN People p USING (playerID) WHERE s.yearID = 2016 ORDER BY s.salary DESC LIMIT 5"),
    ("join", "SELECT sc.nameFull, COUNT(*) FROM CollegePlaying c JOIN Schools sc USING (schoolID) GROUP BY sc.schoolID ORDER BY 2 DESC LIMIT 5"),
    ("join", "SELECT p.nameLast, a.yearID FROM AwardsPlayers a JOIN People p USING (playerID) WHERE a.awardID = 'Most Valuable Player' AND a.yearID >= 2020"),
    ("join", "SELECT m.yearID, p.nameLast, m.W, m.L FROM Managers m JOIN People p USING (playerID) WHERE m.teamID = 'NYA' AND m.yearID >= 2000"),
    ("join", "SELECT pk.parkname, h.attendance FROM HomeGames h JOIN Parks pk USING (parkkey) WHERE h.yearkey = 2016 ORDER BY h.attendance DESC LIMIT 5"),
    ("join", "SELECT p.nameFirst, p.nameLast, COUNT(*) FROM AllstarFull a JOIN People p USING (playerID) GROUP BY a.playerID ORDER BY 3 DESC LIMIT 5"),
    ("join", "SELECT t.name, b.HR FROM Batting b JOIN Teams t USING (yearID, teamID) WHERE b.playerID = 'ruthba01'"),
    ("join", "SELECT p.nameLast, f.yearID, f.G FROM Fielding f JOIN People p USING (playerID) JOIN Teams t USING (yearID, teamID) WHERE f.POS = 'SS' AND t.yearID = 1927 AND t.teamID = 'NYA'"),
]
