"""What the games app announces. tournaments/ listens; games/ never imports it.

``game_recorded``: a game was uploaded or corrected (sent inside the
transaction that wrote it; receivers queue their work with
``transaction.on_commit``). Arguments: ``game``, ``revision``, ``created``
(True for a new game, False for a correction or a re-audit).

``game_settled``: a game's result became provisional or final (a dispute
opened or decided, the table asked to confirm its sheet, the last player
confirming, the window passing; games.settlement). Arguments: ``game``,
``provisional``. Sent inside the transaction, like ``game_recorded``.
"""

from django.dispatch import Signal

game_recorded = Signal()
game_settled = Signal()
