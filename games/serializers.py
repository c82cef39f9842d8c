"""API shapes of the games app. Field names follow the spec and the game's vocabulary."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from accounts.models import User
from games.finding_text import report_in_language, with_text
from games.models import (
    AuditEntry,
    AuditReport,
    Club,
    Dispute,
    DisputeEvent,
    Game,
    GameRevision,
    Invitation,
    Membership,
    Player,
    Upload,
)
from games.parsers import StrictJSONField


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


class InviteSerializer(serializers.Serializer[Any]):
    """Who to invite, and as what: a username as typed (whether it is an account is not said)."""

    username = serializers.CharField(max_length=150, help_text="The username of the person invited.")
    role = serializers.ChoiceField(choices=Membership.Role.choices, default=Membership.Role.MEMBER)


class InvitationSerializer(serializers.ModelSerializer[Invitation]):
    club: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    club_name = serializers.CharField(source="club.name", read_only=True)
    invited_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )

    class Meta:
        model = Invitation
        fields = [
            "id",
            "club",
            "club_name",
            "username",
            "role",
            "invited_by",
            "created_at",
            "expires_at",
            "answer",
        ]
        read_only_fields = fields


class ClubMemberField(serializers.SlugRelatedField[Any]):
    """A username among the club's members (``context["club"]``): linking a roster entry to
    an account names a member, so the answer never tells whether some other account exists."""

    default_error_messages = {
        "does_not_exist": _("no member of this club has the username {value}"),
        "invalid": _("a username is text"),
    }

    def get_queryset(self) -> Any:
        club = self.context.get("club")
        if club is None:
            return User.objects.none()
        return User.objects.filter(memberships__club=club)


class PlayerSerializer(serializers.ModelSerializer[Player]):
    username: serializers.SlugRelatedField[Any] = ClubMemberField(
        source="user",
        slug_field="username",
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
            "provisional",
            "confirm_until",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields
        extra_kwargs = {
            "provisional": {
                "help_text": "The result is provisional: a dispute on the game is open, or the table has "
                "not confirmed its sheet and its window to do so is open. Settled results are false."
            },
            "confirm_until": {
                "help_text": "Until when the table's players may confirm the sheet; null when not asked."
            },
        }


class GameDetailSerializer(GameSerializer):
    ruleset = serializers.JSONField(read_only=True)
    recorded_totals = serializers.JSONField(source="current_report.recorded_totals", read_only=True)
    engine_version = serializers.CharField(source="current_report.engine_version", read_only=True)
    findings = serializers.SerializerMethodField()

    class Meta(GameSerializer.Meta):
        fields = [*GameSerializer.Meta.fields, "ruleset", "recorded_totals", "engine_version", "findings"]
        read_only_fields = fields

    def get_findings(self, game: Game) -> list[dict[str, Any]]:
        if not game.current_report:
            return []
        report = game.current_report.report
        return with_text(game.game_type, report["findings"], report.get("players") or [])


class RevisionSerializer(serializers.ModelSerializer[GameRevision]):
    uploaded_by: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True
    )
    parent: Any = serializers.IntegerField(source="parent.number", read_only=True, allow_null=True)
    report = serializers.SerializerMethodField()

    class Meta:
        model = GameRevision
        fields = ["number", "sha256", "uploaded_by", "uploaded_at", "reason", "parent", "source", "report"]
        read_only_fields = fields
        extra_kwargs = {
            "source": {
                "help_text": "Where the revision came from (upload page, API, import, paper sheet, live "
                "scorekeeper, correction form, corrected log, arbiter's ruling); blank for revisions "
                "recorded before this was kept."
            }
        }

    def get_report(self, revision: GameRevision) -> dict[str, Any] | None:
        reports: list[AuditReport] = list(revision.reports.all())
        return report_in_language(reports[-1].report) if reports else None


class CorrectionSerializer(serializers.Serializer[Any]):
    document = StrictJSONField(help_text="The corrected game log.")
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
    ruling = serializers.ChoiceField(
        choices=Dispute.Ruling.choices,
        allow_blank=True,
        read_only=True,
        help_text="A decision's ruling; blank for the opening and the comments.",
    )
    revision = serializers.IntegerField(source="revision.number", read_only=True, allow_null=True)

    class Meta:
        model = DisputeEvent
        fields = ["kind", "ruling", "actor", "text", "revision", "details", "created_at"]
        read_only_fields = fields


class DisputeSerializer(serializers.ModelSerializer[Dispute]):
    # Explicit bounds: the model field's range depends on the database backend.
    deal = serializers.IntegerField(min_value=1, max_value=1000, required=False, allow_null=True)
    trick = serializers.IntegerField(
        min_value=1, max_value=100, required=False, allow_null=True, help_text="The trick the claim is about."
    )
    revision = serializers.IntegerField(
        source="revision.number",
        read_only=True,
        allow_null=True,
        help_text="The revision disputed: the game's current one when the dispute was opened.",
    )
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
    ruling = serializers.ChoiceField(
        choices=Dispute.Ruling.choices,
        allow_blank=True,
        read_only=True,
        help_text="What the decision did; blank while the dispute is open.",
    )

    class Meta:
        model = Dispute
        fields = [
            "id",
            "game",
            "revision",
            "deal",
            "trick",
            "claim",
            "status",
            "ruling",
            "raised_by",
            "created_at",
            "decision",
            "decided_by",
            "decided_at",
            "corrected_revision",
            "events",
        ]
        read_only_fields = [f for f in fields if f not in ("deal", "trick", "claim")]


DECISIONS = [(Dispute.Status.UPHELD.value, "Upheld"), (Dispute.Status.REJECTED.value, "Rejected")]


class DecisionSerializer(serializers.Serializer[Any]):
    """A decision: ``ruling`` says what it does (docs/api.md, "Deciding a dispute"); the older
    ``status`` alone still works (upheld: the recomputed scores stand, or the attached log is
    the correction; rejected: nothing changes)."""

    status = serializers.ChoiceField(choices=DECISIONS, required=False)
    ruling = serializers.ChoiceField(choices=Dispute.Ruling.choices, required=False)
    decision = serializers.CharField()
    document = StrictJSONField(required=False, help_text="A corrected log, attached as a new revision.")
    deal = serializers.IntegerField(
        min_value=1,
        max_value=1000,
        required=False,
        help_text="The deal a ruling is on (default: the dispute's).",
    )
    seats = serializers.ListField(
        child=StrictJSONField(),
        required=False,
        max_length=10,
        help_text="The seats whose penalty a waive or confirm ruling names, as the game's log writes seats.",
    )
    score = StrictJSONField(
        required=False,
        help_text="The adjusted score of an adjust ruling, as the game's log writes one (docs/arbiter.md).",
    )
    revision = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="The revision the decision was made on; refused (409) if the game was corrected since.",
    )

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        status = data.get("status")
        ruling = data.get("ruling")
        if ruling is None:
            if status is None:
                raise serializers.ValidationError({"ruling": "give the decision's ruling (or its status)"})
            if status == Dispute.Status.REJECTED:
                ruling = Dispute.Ruling.REJECT
            else:
                ruling = Dispute.Ruling.CORRECTION if "document" in data else Dispute.Ruling.RECOMPUTED
        upholds = ruling in Dispute.UPHOLDING
        if status is not None and (status == Dispute.Status.UPHELD) != upholds:
            verb = "uphold" if status == Dispute.Status.UPHELD else "reject"
            raise serializers.ValidationError(
                {"status": f"the ruling {ruling!r} does not {verb} the dispute"}
            )
        data["ruling"] = ruling
        return data


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
