"""API shapes of the tournaments app."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.parsers import StrictJSONField
from tournaments.models import TIEBREAKS, Entry, Round, Table, TiebreakChange, Tournament


class TournamentSerializer(serializers.ModelSerializer[Tournament]):
    club: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    tiebreaks = serializers.ListField(child=serializers.ChoiceField(choices=TIEBREAKS), required=False)
    # Read by the one JSON reader in a form body too, and null refused there as in JSON (issue 21).
    ruleset = StrictJSONField(required=False)
    table_points = StrictJSONField(required=False)
    reason = serializers.CharField(
        write_only=True, required=False, help_text="Why the tie-breaks change after the start."
    )
    # Explicit bounds: the model field's range depends on the database backend.
    preferred_table_size = serializers.IntegerField(min_value=3, max_value=7, required=False)
    rounds_planned = serializers.IntegerField(
        min_value=1,
        max_value=99,
        required=False,
        allow_null=True,
        help_text="How many rounds are planned (null: not said); the standings say 'after round N of M'.",
    )
    confirmation_hours = serializers.IntegerField(
        min_value=0,
        max_value=720,
        required=False,
        help_text="Hours each table has to confirm its recorded sheet (its games provisional until then); 0: not asked.",
    )

    class Meta:
        model = Tournament
        fields = [
            "id",
            "club",
            "name",
            "slug",
            "game_type",
            "ruleset",
            "standings_method",
            "table_points",
            "tiebreaks",
            "preferred_table_size",
            "rounds_planned",
            "seed",
            "status",
            "published",
            "rated",
            "confirmation_hours",
            "starts_at",
            "standings_compiled_at",
            "reason",
        ]
        read_only_fields = ["id", "club", "status", "published", "standings_compiled_at"]
        extra_kwargs = {"slug": {"required": False}}


class StatusSerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=Tournament.Status.choices)


class PublishSerializer(serializers.Serializer[Any]):
    published = serializers.BooleanField()


class TiebreakChangeSerializer(serializers.ModelSerializer[TiebreakChange]):
    changed_by = serializers.SlugRelatedField(slug_field="username", read_only=True)  # type: ignore[var-annotated]

    class Meta:
        model = TiebreakChange
        fields = ["changed_by", "reason", "before", "after", "changed_at"]
        read_only_fields = fields


class EntrySerializer(serializers.ModelSerializer[Entry]):
    player_id = serializers.IntegerField()
    player = serializers.CharField(source="player.display_name", read_only=True)

    class Meta:
        model = Entry
        fields = ["player_id", "player", "created_at"]
        read_only_fields = ["player", "created_at"]


class TableSeatSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player = serializers.CharField(source="player.display_name")


class TableSerializer(serializers.ModelSerializer[Table]):
    round = serializers.IntegerField(source="round.number", read_only=True)
    seats = TableSeatSerializer(many=True, read_only=True)
    game = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)  # type: ignore[var-annotated]
    totals = serializers.JSONField(source="game.totals", read_only=True, allow_null=True)
    status = serializers.CharField(source="game.status", read_only=True, allow_null=True)
    provisional = serializers.BooleanField(
        source="game.provisional",
        read_only=True,
        allow_null=True,
        help_text="The table's result is provisional: a dispute is open, or the sheet is not confirmed yet.",
    )

    class Meta:
        model = Table
        fields = ["id", "round", "number", "seats", "game", "totals", "status", "provisional"]
        read_only_fields = fields


class RoundSerializer(serializers.ModelSerializer[Round]):
    tables = TableSerializer(many=True, read_only=True)

    class Meta:
        model = Round
        fields = ["number", "status", "seating_method", "seed", "repeats", "tables"]
        read_only_fields = ["number", "status", "repeats", "tables"]
        extra_kwargs = {"seed": {"required": False}, "seating_method": {"required": False}}


class SwapSerializer(serializers.Serializer[Any]):
    a = serializers.IntegerField(help_text="A player id seated in the round.")
    b = serializers.IntegerField(help_text="Another player id seated in the round.")
