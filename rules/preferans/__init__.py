"""Preferans: the pulka (pool, mountain, whists) under the Sochi, Leningrad and Rostov
conventions, with the dark games and bombs of shared/seeds/002_42d2e1784dbbf053.txt.

Being built (issue #8): the shared types (core), the log (docs/preferans-log.md),
the auction with its dark declarations, the play, the pulka and the settlement.
It joins the rules registry once the replay ties them together. Plain Python.
"""
