"""The live scorekeeper ("счётчик"): a game kept on the scorekeeper's phone, entry by entry.

A draft game is an append-only list of entries (the trump card, each bid,
each card or the tricks taken, a card taken back, a renege let stand,
undo), replayed through the rules engine after every tap
(:mod:`scorekeeper.engine`); finishing turns it into the standard log and
records it like any upload. It sits at the tournaments level: a draft may
be a tournament table's game.
"""
