"""What the games app announces. tournaments/ listens; games/ never imports it.

``game_recorded``: a game was uploaded or corrected (sent inside the
transaction that wrote it; receivers queue their work with
``transaction.on_commit``). Arguments: ``game``, ``revision``, ``created``
(True for a new game, False for a correction or a re-audit).
"""

from django.dispatch import Signal

game_recorded = Signal()
