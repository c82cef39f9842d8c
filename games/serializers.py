"""API shapes of the games app. Field names follow the spec and the game's vocabulary."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from accounts.models import User
from games.models import (
    AuditEntry,
    AuditReport,
    Club,
    Dispute,
    DisputeEvent,
    Game,
    GameRevision,
    Membership,
    Player,
    Upload,
)


class ClubSerializer(serializers.ModelSerializer[Club]):
    class Meta:
        model = Club
        fields = ["slug", "name", "created_at"]
        read_only_fields = ["created_at"]
        extra_kwargs = {"slug": {"required": False, "validators": []}}


class MembershipSerializer(serializers.ModelSerializer[Membership]):
    username: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        source="user", slug_field="username", queryset=User.objects.all(), help_text="The member's username."
    )
    display_name = serializers.CharField(source="user.display_name", read_only=True)

    class Meta:
        model = Membership
        fields = ["username", "display_name", "role", "created_at"]
        read_only_fields = ["created_at"]


class RoleSerializer(serializers.Serializer[Any]):
    role = serializers.ChoiceField(choices=Membership.Role.choices)


class PlayerSerializer(serializers.ModelSerializer[Player]):
    username: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        source="user",
        slug_field="username",
        queryset=User.objects.all(),
        required=False,
        allow_null=True,
        help_text="The user account this player is, when they have one.",
    )

    class Meta:
        model = Player
        fields = ["id", "display_name", "username", "created_at"]
        read_only_fields = ["id", "created_at"]


class SeatSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player = serializers.CharField(source="player.display_name")


class GameSerializer(serializers.ModelSerializer[Game]):
    club: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    seats = SeatSerializer(many=True, read_only=True)
    revision = serializers.IntegerField(source="current_revision.number", read_only=True)

    class Meta:
        model = Game
        fields = [
            "id",
            "club",
            "game_type",
            "played_at",
            "status",
            "public",
            "seats",
            "totals",
            "revision",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class GameDetailSerializer(GameSerializer):
    ruleset = serializers.JSONField(read_only=True)
    recorded_totals = serializers.JSONField(source="current_report.recorded_totals", read_only=True)
    engine_version = serializers.CharField(source="current_report.engine_version", read_only=True)
    findings = serializers.SerializerMethodField()

    class Meta(GameSerializer.Meta):
        fields = [*GameSerializer.Meta.fields, "ruleset", "recorded_totals", "engine_version", "findings"]
        read_only_fields = fields

    def get_findings(self, game: Game) -> list[dict[str, Any]]:
        return game.current_report.report["findings"] if game.current_report else []


class RevisionSerializer(serializers.ModelSerializer[GameRevision]):
    uploaded_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True
    )
    parent: Any = serializers.IntegerField(source="parent.number", read_only=True, allow_null=True)
    report = serializers.SerializerMethodField()

    class Meta:
        model = GameRevision
        fields = ["number", "sha256", "uploaded_by", "uploaded_at", "reason", "parent", "report"]
        read_only_fields = fields

    def get_report(self, revision: GameRevision) -> dict[str, Any] | None:
        reports: list[AuditReport] = list(revision.reports.all())
        return reports[-1].report if reports else None


class CorrectionSerializer(serializers.Serializer[Any]):
    document = serializers.JSONField(help_text="The corrected game log.")
    reason = serializers.CharField(help_text="Why the log is corrected (kept with the revision).")


class UploadSerializer(serializers.ModelSerializer[Upload]):
    uploaded_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True
    )
    error = serializers.JSONField(read_only=True)
    revision: Any = serializers.IntegerField(source="revision.number", read_only=True, allow_null=True)

    class Meta:
        model = Upload
        fields = [
            "id",
            "received_at",
            "uploaded_by",
            "source",
            "filename",
            "sha256",
            "outcome",
            "error",
            "game",
            "revision",
            "fixes",
        ]
        read_only_fields = fields


class DisputeEventSerializer(serializers.ModelSerializer[DisputeEvent]):
    actor: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True
    )
    revision = serializers.IntegerField(source="revision.number", read_only=True, allow_null=True)

    class Meta:
        model = DisputeEvent
        fields = ["kind", "actor", "text", "revision", "created_at"]
        read_only_fields = fields


class DisputeSerializer(serializers.ModelSerializer[Dispute]):
    # Explicit bounds: the model field's range depends on the database backend.
    deal = serializers.IntegerField(min_value=1, max_value=1000, required=False, allow_null=True)
    raised_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True
    )
    decided_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )
    corrected_revision = serializers.IntegerField(
        source="corrected_revision.number", read_only=True, allow_null=True
    )
    events = DisputeEventSerializer(many=True, read_only=True)

    class Meta:
        model = Dispute
        fields = [
            "id",
            "game",
            "deal",
            "claim",
            "status",
            "raised_by",
            "created_at",
            "decision",
            "decided_by",
            "decided_at",
            "corrected_revision",
            "events",
        ]
        read_only_fields = [f for f in fields if f not in ("deal", "claim")]


DECISIONS = [(Dispute.Status.UPHELD.value, "Upheld"), (Dispute.Status.REJECTED.value, "Rejected")]


class DecisionSerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=DECISIONS)
    decision = serializers.CharField()
    document = serializers.JSONField(required=False, help_text="A corrected log, attached as a new revision.")


class CommentSerializer(serializers.Serializer[Any]):
    text = serializers.CharField()


class AuditEntrySerializer(serializers.ModelSerializer[AuditEntry]):
    actor: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )
    revision = serializers.IntegerField(source="revision.number", read_only=True, allow_null=True)

    class Meta:
        model = AuditEntry
        fields = [
            "id",
            "at",
            "action",
            "actor",
            "game",
            "revision",
            "dispute",
            "tournament_id",
            "ip",
            "request_id",
            "reason",
            "details",
        ]
        read_only_fields = fields
