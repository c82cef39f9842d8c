"""Duplicate play as plain numbers: the same deals at every table, each result scored against the field.

One mechanism for every game (design.md, "Duplicate play"): nothing here knows a card.

- :mod:`rules.duplicate.movements` — who sits where and plays which boards, round by round:
  Mitchell (with the skip for an even number of tables, the arrow switch and the half
  table), Howell, and the round robin of teams of four; each a function from the field's
  size to a :class:`~rules.duplicate.movements.Movement` a property test can check.
- :mod:`rules.duplicate.matchpoints` — one board's results compared with each other
  (matchpoints, Neuberg's formula for a board not played at every table or fouled, the
  artificial adjusted scores of Law 12C2), and a session's percentages.
- :mod:`rules.duplicate.imps` — the IMP scale (Law 78B), cross-IMPs, the Butler datum.
- :mod:`rules.duplicate.victory_points` — a team match's IMP margin on the WBF continuous
  20-point scale.

Each game supplies its score of a board (a number from the North–South, or the seat's,
point of view); the apps store boards, movements and results and call these functions in
the standings compile.
"""
