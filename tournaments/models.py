"""Tournaments: who plays, rounds and tables, and the standings compiled from the tables' games.

A table points to its game (games never know about tournaments). Standing
rows are materialised by the compile task and replaced atomically, so a
page never reads a half-written table.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.append_only import AppendOnlyModel
from games.models import Club, Game, Player

TIEBREAKS = ("head_to_head", "contracts_made", "best_game", "table_wins", "lots")
DEFAULT_TIEBREAKS = ["head_to_head", "contracts_made", "best_game", "lots"]


def default_ruleset() -> str:
    return "classic"


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_TIEBREAKS)


def default_table_points() -> dict[str, list[float]]:
    """Points by place at a table of each size: the last place scores 0, each place above one more."""
    return {str(size): [float(size - 1 - place) for place in range(size)] for size in range(2, 8)}


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Method(models.TextChoices):
        TOTAL = "total", _("Total points")
        TABLE_POINTS = "table_points", _("Table points")
        AVERAGE = "average", _("Average per game")
        WHISTS = "whists", _("Whists")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80)
    game_type = models.CharField(max_length=32, default="oh-hell")
    ruleset = models.JSONField(default=default_ruleset, help_text="A preset name or {preset, ...options}.")
    standings_method = models.CharField(max_length=16, choices=Method.choices, default=Method.TOTAL)
    table_points = models.JSONField(
        default=default_table_points,
        help_text="Table size -> points for 1st, 2nd … place (table_points method).",
    )
    tiebreaks = models.JSONField(
        default=default_tiebreaks, help_text=f"Ordered, from {', '.join(TIEBREAKS)}."
    )
    preferred_table_size = models.PositiveSmallIntegerField(default=4)
    rounds_planned = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="How many rounds the organiser plans, if known: the standings say 'after round N of M'.",
    )
    seed = models.BigIntegerField(default=0, help_text="Seeds the seating and the drawing of lots.")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    published = models.BooleanField(default=False)
    rated = models.BooleanField(default=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    standings_compiled_at = models.DateTimeField(null=True, blank=True)
    # Set in the transaction that changes the tournament's games, cleared by the compile: a
    # compile the broker never got (Redis down) is found and queued again by the sweep
    # (tournaments.tasks.sweep_stale_standings), so a committed game is never left out.
    standings_stale = models.BooleanField(default=False, db_index=True)
    # Issue 21: the last compile's failure, until a compile succeeds ({"code", "params",
    # "template", "message", "at"}): the organiser's page says it, and the standings stay stale.
    standings_failure = models.JSONField(null=True, blank=True)
    # Issue 19: "the table confirms its sheet" — off (0) by default; otherwise each game
    # recorded for a table stays provisional until every player of the table has confirmed
    # it, or this many hours have passed (games.settlement).
    confirmation_hours = models.PositiveSmallIntegerField(
        default=0, help_text="Hours the table's players have to confirm a recorded sheet; 0: not asked."
    )
    # Written by each compile with the standings: how many of the table results it counted were
    # provisional (the standings say so; a game settling is announced and compiles again).
    provisional_results = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-starts_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="tournament_slug_unique_in_club")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def started(self) -> bool:
        return self.status in (self.Status.RUNNING, self.Status.FINISHED)


class TiebreakChange(AppendOnlyModel):
    """A change of the tie-break order after the start: who, why, from what to what."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tiebreak_changes")
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reason = models.TextField()
    before = models.JSONField()
    after = models.JSONField()
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta(AppendOnlyModel.Meta):
        ordering = ["tournament", "changed_at", "id"]

    def __str__(self) -> str:
        return f"tie-breaks of {self.tournament_id} changed: {self.reason}"


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "player__display_name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_once_per_tournament")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft (seating preview)")
        CONFIRMED = "confirmed", _("Confirmed")

    class Seating(models.TextChoices):
        ROTATE = "rotate", _("Fewest repeated opponents")
        STANDINGS = "standings", _("By current standings")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    seating_method = models.CharField(max_length=16, choices=Seating.choices, default=Seating.ROTATE)
    seed = models.BigIntegerField(default=0)
    repeats = models.PositiveIntegerField(default=0, help_text="Pairs at one table who had met before.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")]

    def __str__(self) -> str:
        return f"round {self.number} of {self.tournament}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, null=True, blank=True, on_delete=models.PROTECT, related_name="table")

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="table_number_unique")]

    def __str__(self) -> str:
        return f"table {self.number}, {self.round}"


class TableSeat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="table_seats")

    class Meta:
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="tableseat_one_per_seat"),
            models.UniqueConstraint(fields=["table", "player"], name="tableseat_player_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at seat {self.seat} of {self.table}"


class Standing(models.Model):
    """One line of the compiled standings (materialised; replaced whole by each compile)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    rank = models.PositiveIntegerField()
    rank_to = models.PositiveIntegerField(
        help_text="Last rank of a shared place (3–4); equals rank when alone."
    )
    points = models.FloatField()
    games = models.PositiveIntegerField()
    provisional = models.PositiveIntegerField(
        default=0, help_text="Of these games, how many are provisional (a dispute open, a sheet unconfirmed)."
    )
    tiebreaks = models.JSONField(default=dict)
    partner = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The partner ranked with this player as one line (a rubber-bridge partnership).",
    )
    compiled_at = models.DateTimeField()

    class Meta:
        ordering = ["tournament", "rank", "player__display_name"]
        indexes = [models.Index(fields=["tournament", "rank"], name="standing_tournament_rank")]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player} ({self.points})"

    @property
    def place(self) -> str:
        return str(self.rank) if self.rank == self.rank_to else f"{self.rank}–{self.rank_to}"


class Rating(models.Model):
    """A player's current OpenSkill rating in one game (derived: rebuilt from the games any time)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game_type = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu - 3·sigma: what leaderboards sort by.")
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game_type"], name="rating_one_per_game_type")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.mu:.1f} ± {self.sigma:.1f} ({self.game_type})"


class RatingChange(models.Model):
    """The rating history: a player's rating after each rated game."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    game_type = models.CharField(max_length=32)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    played_at = models.DateTimeField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        ordering = ["player", "played_at", "game_id"]
        indexes = [models.Index(fields=["game_type", "player", "played_at"], name="ratingchange_history")]

    def __str__(self) -> str:
        return f"{self.player} after game #{self.game_id}: {self.mu:.1f}"


# --- duplicate events (issue 22): the same boards at every table, scored against the field ---


class DuplicateEvent(models.Model):
    """How a duplicate tournament is played: the movement, the boards and how they are scored.

    The rounds, tables and seats are written from the movement when the event is set up
    (tournaments.duplicate.setup), one :class:`DuplicateSitting` per table: which pair sits
    North–South and which East–West, and the boards they play. The boards are dealt from
    ``deal_seed`` (rules.bridge.boards.deal_board), so the hand record can be printed before
    the evening and dealt again the same any time.
    """

    class Movement(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell")
        MITCHELL_RELAY = "mitchell_relay", _("Mitchell with a relay and a bye")
        HOWELL = "howell", _("Howell")
        #: Played elsewhere, read from its results file (tournaments.duplicate_import): its
        #: sittings are the file's, no movement of ours deals them.
        IMPORTED = "imported", _("Imported from a results file")
        #: Every player partners every other once (rules.duplicate.individual, tournaments.individual):
        #: no pairs, the players are numbered (:class:`DuplicatePlayer`).
        INDIVIDUAL = "individual", _("Individual")

    class Scoring(models.TextChoices):
        MATCHPOINTS = "matchpoints", _("Matchpoints")
        CROSS_IMPS = "cross_imps", _("Cross-IMPs")
        BUTLER = "butler", _("Butler (IMPs against the datum)")

    class TeamsFormat(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Teams of four, round robin")
        SWISS = "swiss", _("Teams of four, Swiss")

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="duplicate")
    movement = models.CharField(max_length=16, choices=Movement.choices, default=Movement.MITCHELL)
    tables = models.PositiveSmallIntegerField()
    boards_per_round = models.PositiveSmallIntegerField(default=3)
    rounds = models.PositiveSmallIntegerField()
    scoring = models.CharField(max_length=16, choices=Scoring.choices, default=Scoring.MATCHPOINTS)
    #: Rounds in which the pairs of every table turn round (a Mitchell ranked as one field).
    arrow_switch = models.JSONField(default=list, blank=True)
    #: Empty for a pairs event; a teams-of-four event (tournaments.teams) says how its matches are
    #: drawn. Its ``tables`` are two a match, ``boards_per_round`` the boards of a match.
    teams_format = models.CharField(max_length=16, choices=TeamsFormat.choices, blank=True, default="")
    deal_seed = models.CharField(max_length=64)
    #: The PBN hand-record file the boards were dealt from (a dealing machine's, BigDeal's), as
    #: the organiser gave it; empty: the boards are dealt from ``deal_seed``.
    hand_record_file = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.get_movement_display()}, {self.tables} tables, {self.tournament}"


class DuplicatePair(models.Model):
    """A pair of a duplicate event under its number (the guide card's), its two players.

    ``withdrawn_after`` is the last round the pair played when it withdrew (its later tables
    sit out: their boards are not played, and Neuberg scales the other results of those
    boards); None while it plays on.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="duplicate_pairs")
    number = models.PositiveSmallIntegerField()
    first = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    second = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    withdrawn_after = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The team of four the pair plays for in a teams event (tournaments.teams); None in a pairs event.
    team = models.ForeignKey(
        "DuplicateTeam", on_delete=models.CASCADE, null=True, blank=True, related_name="pairs"
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="duplicate_pair_number_unique"),
        ]

    def __str__(self) -> str:
        return f"pair {self.number}: {self.first} – {self.second}"


class DuplicatePlayer(models.Model):
    """A player of an individual event under the number of the movement's guide card
    (rules.duplicate.individual): an individual has no pairs, a new partner every round."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="duplicate_players")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="duplicate_player_number_unique"),
            models.UniqueConstraint(fields=["tournament", "player"], name="duplicate_player_once"),
        ]

    def __str__(self) -> str:
        return f"player {self.number}: {self.player}"


class DuplicateTeam(models.Model):
    """A team of four of a teams event under its number: its two pairs are the
    :class:`DuplicatePair` rows pointing to it, numbered 2n − 1 (North–South at the open table
    of a home match) and 2n (rules.duplicate.movements.team_of)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="duplicate_teams")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=80)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="duplicate_team_number_unique"),
        ]

    def __str__(self) -> str:
        return f"team {self.number}: {self.name}"


class DuplicateSitting(models.Model):
    """One table of one round of the movement: the pairs across and the boards they play. In an
    individual, ``ns`` and ``ew`` are the numbers of the players North and East (their partners
    are the table's seats South and West)."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="sitting")
    ns = models.PositiveSmallIntegerField(
        help_text="The North–South pair's number (an individual: North's player number)."
    )
    ew = models.PositiveSmallIntegerField(
        help_text="The East–West pair's number (an individual: East's player number)."
    )
    board_set = models.PositiveSmallIntegerField()
    boards = models.JSONField(help_text="The board numbers played at this table in this round.")

    class Meta:
        ordering = ["table"]

    def __str__(self) -> str:
        return f"{self.ns} v {self.ew} on set {self.board_set} ({self.table})"
