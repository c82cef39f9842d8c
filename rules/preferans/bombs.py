"""Dark pass-outs (тёмные распасы): their multipliers, and the bombs they draw on the pulka.

Seed 002, 6.4 "Темные игры", the last three paragraphs:

- "Темный распас играется аналогично простому, но все штрафные очки за взятки
  удваиваются для всех игроков, независимо от того — присоединились они к темным
  распасам или посмотрели карты. Таким образом на первых распасах штрафы будут вдвое
  больше, чем на светлых, на вторых вчетверо и на третьих в восемь раз."
  → :func:`dark_passout_multiplier`.
- "Всем объявившим ПАС В ТЕМНУЮ и присоединившимся, на пульке рисуется бомба, за второй
  ПАС — двойная бомба, на третьей — елка. Если все игроки не глядя в карты сказали ПАС В
  ТЕМНУЮ, то соответствующие бомбы пишутся также и сдающему. Если хотя бы один игрок,
  прежде чем иэ объявить ПАС, посмотрел карты, то ему и сдающему бомбы идут на ранг
  ниже: при простой бомбе ничего, на двойной — простая, на елке — двойная."
  → :meth:`BombState.after_dark_passout`.
- "В последующем, бомбы отыгрываются как на светлых так и на темных играх — увеличивая
  выигрыш (или проигрыш) от игры в 2, 4 или 8 раз. При проигрыше, однако, бомба не
  пропадает, оставаясь до следующей игры. Сыгранная игра гасит бомбу и следующая игра
  идет на другой бомбе." → :meth:`BombState.multiplier_for` and :meth:`BombState.after_game`.

The reading (docs/preferans.md, "Play, pass-outs and bombs"): a bomb belongs to the
player it is drawn for and multiplies that player's next game as declarer
(``use="owner"``); the other reading, the next game at the table whoever declares it
(``use="table"``), is an option. Either way a player's (or the table's) bombs are played
off oldest first, one per made game. The bomb multiplies the game's result only: the
×2 of a dark game is the caller's to multiply in, and pass-outs are no games.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import Literal

#: Consecutive dark pass-outs the seed describes: "Третий подряд ПАС В ТЕМНУЮ ..." is the last.
MAX_DARK_ROUND = 3


class BombRank(IntEnum):
    """A bomb's rank: the simple bomb, the double bomb and the ёлка ("бомба, двойная
    бомба, елка"), multiplying a game by 2, 4 and 8."""

    SIMPLE = 1
    DOUBLE = 2
    YOLKA = 3

    @property
    def multiplier(self) -> int:
        return 1 << int(self)

    @property
    def russian(self) -> str:
        return ("бомба", "двойная бомба", "ёлка")[self - 1]


def dark_passout_multiplier(round_no: int) -> int:
    """The multiplier of every trick penalty in the ``round_no``-th consecutive dark
    pass-out, for every player whether they joined or looked: ×2, ×4, ×8 ("на первых
    распасах штрафы будут вдвое больше, чем на светлых, на вторых вчетверо и на третьих
    в восемь раз")."""
    _check_round(round_no)
    return 1 << round_no


def _check_round(round_no: int) -> None:
    if not 1 <= round_no <= MAX_DARK_ROUND:
        raise ValueError(
            f"a dark pass-out is the first, second or third in a row (the seed stops at the third), not {round_no}"
        )


@dataclass(frozen=True, slots=True)
class Bomb:
    """A bomb drawn for ``owner`` on the pulka after the dark pass-out of deal ``drawn``."""

    owner: int
    rank: BombRank
    drawn: int | None = None

    @property
    def multiplier(self) -> int:
        return self.rank.multiplier


@dataclass(frozen=True, slots=True)
class BombEvent:
    """What happened to a bomb in a deal: ``drawn``; ``kept`` (the game on it was lost,
    "при проигрыше бомба не пропадает"); ``extinguished`` (the game on it was made,
    "сыгранная игра гасит бомбу")."""

    kind: Literal["drawn", "kept", "extinguished"]
    bomb: Bomb
    deal: int | None = None


@dataclass(frozen=True, slots=True)
class BombOptions:
    """The readings of the seed a table may choose (docs/preferans.md).

    - ``use``: ``"owner"`` (default: a bomb multiplies its owner's next game as declarer)
      or ``"table"`` (the next game at the table, whoever declares it, goes on the oldest
      bomb on the pulka).
    - ``three_player_dealer``: with three players the dealer passes like everyone else;
      ``"own-pass"`` (default) gives the dealer the bomb of the dealer's own pass (full
      when dark, a rank lower when looked); ``"dealer"`` applies the dealer sentence as
      well: a rank lower whenever anyone looked, even when the dealer passed dark.
    """

    use: Literal["owner", "table"] = "owner"
    three_player_dealer: Literal["own-pass", "dealer"] = "own-pass"


@dataclass(frozen=True, slots=True)
class BombState:
    """The bombs alive on one pulka, oldest first, and what has happened to bombs so far.

    Immutable: each step returns the next state, so a replay can keep the state of every deal.
    """

    players_count: int
    bombs: tuple[Bomb, ...] = ()
    events: tuple[BombEvent, ...] = ()
    options: BombOptions = field(default_factory=BombOptions)

    def __post_init__(self) -> None:
        if self.players_count not in (3, 4):
            raise ValueError(f"preferans is played by 3 or 4 players, not {self.players_count}")

    def bombs_of(self, seat: int) -> tuple[Bomb, ...]:
        """The live bombs drawn for ``seat``, oldest first (as the pulka page draws them)."""
        return tuple(b for b in self.bombs if b.owner == seat)

    def after_dark_passout(
        self,
        passed_dark: Iterable[int],
        looked: Iterable[int],
        dealer: int,
        round_no: int,
        *,
        deal: int | None = None,
    ) -> BombState:
        """Draw the bombs of the ``round_no``-th consecutive dark pass-out.

        ``passed_dark``: the seats that declared ПАС В ТЕМНУЮ or joined it without looking;
        ``looked``: the seats that looked at their cards before passing. Together they are
        the three seats in play (everyone passed). Each dark seat gets the round's bomb
        (simple, double, ёлка); each seat that looked one rank lower (nothing, simple,
        double); the dealer sitting out gets the round's bomb when all passed blind, one
        rank lower when anyone looked.
        """
        _check_round(round_no)
        n = self.players_count
        dark = set(passed_dark)
        seen = set(looked)
        order = _active(n, dealer)
        if dark & seen:
            raise ValueError(f"seats {sorted(dark & seen)} cannot both pass blind and look")
        if dark | seen != set(order):
            raise ValueError(
                f"in a pass-out all three seats in play {sorted(order)} pass; "
                f"got blind {sorted(dark)} and looked {sorted(seen)}"
            )
        if not dark:
            raise ValueError("a dark pass-out needs at least one ПАС В ТЕМНУЮ")
        full = BombRank(round_no)
        lower = BombRank(round_no - 1) if round_no > 1 else None
        anyone_looked = bool(seen)
        drawn: list[Bomb] = []

        def draw(seat: int, rank: BombRank | None) -> None:
            if rank is not None:
                drawn.append(Bomb(owner=seat, rank=rank, drawn=deal))

        for seat in order:
            if seat == dealer and self.options.three_player_dealer == "dealer" and anyone_looked:
                draw(seat, lower)
            else:
                draw(seat, full if seat in dark else lower)
        if dealer not in order:
            # "соответствующие бомбы пишутся также и сдающему" / "ему и сдающему ... на ранг ниже"
            draw(dealer, lower if anyone_looked else full)
        return replace(
            self,
            bombs=self.bombs + tuple(drawn),
            events=self.events + tuple(BombEvent("drawn", b, deal) for b in drawn),
        )

    def bomb_for(self, declarer: int) -> Bomb | None:
        """The bomb the next game of ``declarer`` goes on, or ``None``."""
        if self.options.use == "table":
            return self.bombs[0] if self.bombs else None
        for b in self.bombs:
            if b.owner == declarer:
                return b
        return None

    def multiplier_for(self, declarer: int) -> int:
        """The factor (1, 2, 4 or 8) on the win or loss of ``declarer``'s next game, light or
        dark ("увеличивая выигрыш (или проигрыш) от игры в 2, 4 или 8 раз"); the dark game's
        own ×2 is the caller's."""
        bomb = self.bomb_for(declarer)
        return 1 if bomb is None else bomb.multiplier

    def after_game(self, declarer: int, won: bool, *, deal: int | None = None) -> BombState:
        """A game was played by ``declarer``: a made game extinguishes the bomb it went on,
        a lost one keeps it for the next game."""
        bomb = self.bomb_for(declarer)
        if bomb is None:
            return self
        if not won:
            return replace(self, events=(*self.events, BombEvent("kept", bomb, deal)))
        index = self.bombs.index(bomb)
        return replace(
            self,
            bombs=self.bombs[:index] + self.bombs[index + 1 :],
            events=(*self.events, BombEvent("extinguished", bomb, deal)),
        )


def _active(players_count: int, dealer: int) -> tuple[int, ...]:
    """The three seats in play from the first hand; the dealer sits out with four players."""
    if not 0 <= dealer < players_count:
        raise ValueError(f"dealer {dealer} is not a seat of {players_count} players")
    return tuple((dealer + i) % players_count for i in range(1, 4))
