"""Tournaments: rounds, tables, seating, standings and ratings, built on games.

Imports games/ and rules/; games/ never imports this app (it announces new
games with a signal that this app listens to).
"""
