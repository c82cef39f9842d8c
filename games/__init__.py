"""Who played what, and what the rules engine concluded.

Clubs, their rosters of players and their members' roles; (from the game
records issue on) uploaded documents kept verbatim, revisions, per-deal
rows, findings and disputes. Imports rules/, never tournaments/.
"""
