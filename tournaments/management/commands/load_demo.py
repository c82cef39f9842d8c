"""Load the demo club: members with every role, its roster, and a played tournament.

The finished tournament is eight players over three rounds at two tables,
every game simulated (rules.ohhell.simulate, fixed seeds) and recorded
through the same services a club uses; one table's scorekeeper wrote two
wrong deal scores (one corrected the next day as revision 2, the other
disputed by a player who sat there, the scorer answering in the dispute) and
one game has two uncorrected reneges, so the audit pages and the arbiter's
page have something to show. A second tournament is running (round 1 played,
round 2 seated), so its standings refresh themselves; it asks its tables to
confirm their sheets, so round 1's results are provisional. A third is open
for registration. Standings and ratings are compiled.

Run by ``make demo`` on every start; it does nothing when the database
already holds a club, so a second run is instant and never duplicates.
Refuses to run in production, where known passwords must never exist.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from games import analytics, invitations
from games.disputes import dispute_comment, dispute_open
from games.models import Club, Game, Membership, Player, RevisionSource, Upload
from games.services import club_create, game_upload, membership_set, player_get_or_create
from games.services import game_correct as correct
from games.settlement import game_confirm
from rules.bridge.simulate import simulate as simulate_bridge
from rules.durak.simulate import simulate as simulate_durak
from rules.ohhell.simulate import simulate
from rules.preferans.simulate import simulate as simulate_preferans
from tournaments import duplicate, individual
from tournaments import services as tournament_services
from tournaments.models import Table, Tournament

DEMO_PASSWORD = "trickbook-demo"  # noqa: S105 - demo data, refused in production
DEMO_CLUB = "Клуб «Козырь»"
DEMO_SLUG = "kozyr"
GUESTS = ["Анна", "Борис", "Даша"]
ROUNDS = 3
#: The duplicate pairs evening's guests (issue 22): with the eight players above, sixteen pairs.
DUPLICATE_GUESTS = [
    "Аркадий",
    "Богдана",
    "Василь",
    "Галина",
    "Денис",
    "Евгения",
    "Жанна",
    "Захар",
    "Ирина",
    "Кирилл",
    "Лариса",
    "Максим",
    "Надия",
    "Олесь",
    "Полина",
    "Роман",
    "Светлана",
    "Тимур",
    "Ульяна",
    "Фёдор",
    "Христина",
    "Юлиан",
    "Яна",
    "Остап",
]
#: username, display name, role in the demo club
DEMO_MEMBERS = [
    ("olga", "Ольга", Membership.Role.ORGANISER),
    ("petro", "Петро", Membership.Role.SCORER),
    ("taras", "Тарас", Membership.Role.MEMBER),
    ("vera", "Вера", Membership.Role.MEMBER),
    ("gleb", "Глеб", Membership.Role.MEMBER),
]


class Command(BaseCommand):
    help = "Load the demo club when the database holds none (development only)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--force", action="store_true", help="load even when clubs exist")

    @transaction.atomic
    def handle(self, *args: Any, force: bool = False, **options: Any) -> None:
        if settings.PRODUCTION:
            raise CommandError(
                "load_demo creates accounts with a known password; it never runs in production."
            )
        if Club.objects.exists() and not force:
            self.stdout.write("Demo data: the database already holds a club; nothing loaded.")
            return
        user_model = get_user_model()
        admin, created = user_model.objects.get_or_create(
            username="admin", defaults={"is_staff": True, "is_superuser": True, "display_name": "Admin"}
        )
        if created:
            admin.set_password(DEMO_PASSWORD)
            admin.save()
        users = {}
        for username, display_name, _role in DEMO_MEMBERS:
            user, created = user_model.objects.get_or_create(
                username=username, defaults={"display_name": display_name}
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            users[username] = user
        club = Club.objects.filter(slug=DEMO_SLUG).first() or club_create(
            name=DEMO_CLUB, slug=DEMO_SLUG, user=users["olga"]
        )
        for username, display_name, role in DEMO_MEMBERS:
            membership_set(club=club, user=users[username], role=role)
            player_get_or_create(club=club, display_name=display_name, user=users[username])
        players = [player_get_or_create(club=club, display_name=name) for name in GUESTS]
        players += list(Player.objects.filter(club=club, user__isnull=False).order_by("pk"))
        tournament = self._tournament(club, users["olga"], users["petro"], players)
        self._dispute(tournament, users["petro"])
        running = self._running(club, users["olga"], users["petro"], players, users["taras"])
        self._bridge(club, users["olga"], users["petro"], players)
        self._preferans(club, users["petro"])
        tournament_services.tournament_create(
            club=club,
            name="Весенний турнир",
            user=users["olga"],
            seed=2027,
            status=Tournament.Status.REGISTRATION,
            published=True,
            starts_at=timezone.now().replace(hour=19, minute=0, second=0, microsecond=0) + timedelta(days=12),
        )
        self._durak(club, users["olga"], users["petro"], players)
        # Last, so the games and tournaments above keep the numbers make demo prints.
        self._duplicate(club, users["olga"], users["petro"], players)
        self._individual(club, users["olga"], users["petro"], players)
        # Нина is invited and has not answered yet: she becomes a member by accepting (home page).
        nina, created = user_model.objects.get_or_create(username="nina", defaults={"display_name": "Нина"})
        if created:
            nina.set_password(DEMO_PASSWORD)
            nina.save()
        if not Membership.objects.filter(club=club, user=nina).exists():
            invitations.invite(club=club, username="nina", role=Membership.Role.MEMBER, by=users["olga"])
        # The luck-and-skill pages have numbers to show, whatever ANALYTICS_ON_RECORD says.
        analysed = analytics.analyse_games(Game.objects.filter(club=club).values_list("pk", flat=True))
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo data: loaded {club.name} with {len(DEMO_MEMBERS)} members and the tournament "
                f"«{tournament.name}» ({tournament.rounds.count()} rounds, {len(players)} players), "
                f"«{running.name}» running, a rubber bridge evening, an 8-table duplicate pairs evening, an 8-player individual, a preferans pulka, a durak evening and an open dispute; "
                f"{analysed['analysed']} games analysed for luck and skill."
            )
        )

    def _play_round(self, tournament: Tournament, scorer: Any, number: int, seed_base: int = 0) -> None:
        """Seat a round and record each table's simulated game (seed 12 reneges, seed 21 miscopies)."""
        round_ = tournament_services.round_generate(tournament=tournament)
        tournament_services.round_confirm(round_=round_)
        for table in round_.tables.order_by("number"):
            names = [
                seat.player.display_name for seat in table.seats.select_related("player").order_by("seat")
            ]
            seed = seed_base + number * 10 + table.number
            game = simulate(players=names, seed=seed, renege_rate=0.02 if seed == 12 else 0.0)
            document = game.document
            if seed == 21:  # the scorekeeper's slips: deal 5 of the first seat written 10 too high,
                # deal 9 of the third seat 1 too low (corrected the next day: _dispute)
                document["deals"][4]["scores"][0] += 10
                document["totals"][0] += 10
                document["deals"][8]["scores"][2] -= 1
                document["totals"][2] -= 1
            content = json.dumps(document, ensure_ascii=False, indent=1).encode()
            tournament_services.table_game_upload(table=table, content=content, user=scorer)

    def _dispute(self, tournament: Tournament, scorer: Any) -> None:
        """The arbiter's desk has a case worth opening: round 2, table 1, whose sheet had two slips.

        The scorer found one the next day (deal 9, a score miscopied one low) and corrected it as
        revision 2; the other (deal 5, the first seat written 10 too high) a player who sat there
        disputes, and the scorer answers in the dispute. The renege game (round 1, table 2) is
        left undisputed: a visitor opens a dispute there themselves (docs/pages.md, the walk
        through the arbiter's page).
        """
        table = Table.objects.get(round__tournament=tournament, round__number=2, number=1)
        game = table.game
        assert game is not None
        assert game.current_revision is not None
        document = json.loads(bytes(game.current_revision.content))
        report = game.current_report.report if game.current_report else {"deals": []}
        document["deals"][8]["scores"][2] = report["deals"][8]["scores"][2]
        document["totals"][2] += 1
        names = document["players"]
        correct(
            game=game,
            content=json.dumps(document, ensure_ascii=False, indent=1).encode(),
            user=scorer,
            reason=f"Сдача 9: у {names[2]} по листу {document['deals'][8]['scores'][2]}, при вводе ошибся на 1",
            source=RevisionSource.FORM,
        )
        seat = (
            game.seats.filter(player__user__isnull=False)
            .exclude(seat=0)
            .select_related("player__user")
            .order_by("seat")
            .first()
        )
        if seat is None or seat.player.user is None:
            return
        dispute = dispute_open(
            game=game,
            user=seat.player.user,
            deal=5,
            claim=(
                f"5-я сдача, {names[0]}: в таблице на 10 очков больше, чем по правилам, — "
                "заказ не выполнен, а очки начислены. Из-за этого не сходится и итог."
            ),
        )
        dispute_comment(
            dispute=dispute,
            user=scorer,
            text="Записывал со слов стола, мог ошибиться. Бумажный лист у меня, могу принести.",
        )

    def _running(
        self, club: Club, organiser: Any, scorer: Any, players: list[Player], confirming: Any
    ) -> Tournament:
        """The running tournament asks each table to confirm its sheet within a day (issue 19):
        round 1's results stay provisional until the tables have; one player has confirmed."""
        tournament = tournament_services.tournament_create(
            club=club,
            name="Зимний кубок",
            user=organiser,
            seed=2028,
            confirmation_hours=24,
            rounds_planned=3,
            starts_at=timezone.now().replace(hour=18, minute=0, second=0, microsecond=0),
        )
        for player in players:
            tournament_services.entry_add(tournament=tournament, player=player)
        self._play_round(tournament, scorer, 1, seed_base=100)
        mine = Game.objects.filter(
            table__round__tournament=tournament, seats__player__user=confirming
        ).first()
        if mine is not None:
            game_confirm(game=mine, user=confirming)
        tournament_services.round_confirm(round_=tournament_services.round_generate(tournament=tournament))
        tournament_services.tournament_publish(tournament=tournament, published=True)
        tournament_services.standings_compile(tournament=tournament)  # the first game started it running
        return tournament

    def _preferans(self, club: Club, scorer: Any) -> None:
        """A pulka of preferans played outside any tournament: Ольга, Тарас and Вера under Sochi."""
        pulka = simulate_preferans(players=("Ольга", "Тарас", "Вера"), seed=7, deals=12, ruleset="sochi")
        content = json.dumps(pulka.document, ensure_ascii=False, indent=1).encode()
        played = timezone.now().replace(hour=20, minute=0, second=0, microsecond=0) - timedelta(days=3)
        game_upload(
            club=club,
            content=content,
            user=scorer,
            filename="pulka.json",
            source=Upload.Source.WEB,
            played_at=played,
        )

    def _durak(self, club: Club, organiser: Any, scorer: Any, players: list[Player]) -> Tournament:
        """A transfer-durak evening: six players at tables of three, two rounds of five games each,
        two points for going out first and one for second."""
        tournament = tournament_services.tournament_create(
            club=club,
            name="Дурак по средам",
            user=organiser,
            seed=2030,
            game_type="durak",
            ruleset={"preset": "transfer", "place_points": [2, 1, 0]},
            preferred_table_size=3,
            starts_at=timezone.now().replace(hour=19, minute=0, second=0, microsecond=0) - timedelta(days=5),
        )
        for player in players[:6]:
            tournament_services.entry_add(tournament=tournament, player=player)
        for number in (1, 2):
            round_ = tournament_services.round_generate(tournament=tournament)
            tournament_services.round_confirm(round_=round_)
            for table in round_.tables.order_by("number"):
                names = tuple(
                    seat.player.display_name for seat in table.seats.select_related("player").order_by("seat")
                )
                document = simulate_durak(
                    50 + number * 10 + table.number,
                    players=3,
                    games=5,
                    ruleset=tournament.ruleset,
                    names=names,
                )
                content = json.dumps(document, ensure_ascii=False, indent=1).encode()
                tournament_services.table_game_upload(table=table, content=content, user=scorer)
        tournament_services.tournament_publish(tournament=tournament, published=True)
        tournament_services.tournament_set_status(tournament=tournament, status=Tournament.Status.FINISHED)
        tournament_services.standings_compile(tournament=tournament)
        tournament_services.ratings_rebuild(game_type="durak")
        return tournament

    def _bridge(self, club: Club, organiser: Any, scorer: Any, players: list[Player]) -> Tournament:
        """A rubber bridge evening: two tables of partnerships, standings by whists."""
        tournament = tournament_services.tournament_create(
            club=club,
            name="Бридж по пятницам",
            user=organiser,
            seed=2029,
            game_type="bridge-rubber",
            ruleset="seed",
            standings_method=Tournament.Method.WHISTS,
            starts_at=timezone.now().replace(hour=19, minute=30, second=0, microsecond=0) - timedelta(days=1),
        )
        for player in players:
            tournament_services.entry_add(tournament=tournament, player=player)
        round_ = tournament_services.round_generate(tournament=tournament)
        tournament_services.round_confirm(round_=round_)
        for table in round_.tables.order_by("number"):
            names = [
                seat.player.display_name for seat in table.seats.select_related("player").order_by("seat")
            ]
            session = simulate_bridge(players=names, seed=40 + table.number, deals=8, ruleset="seed")
            content = json.dumps(session.document, ensure_ascii=False, indent=1).encode()
            tournament_services.table_game_upload(table=table, content=content, user=scorer)
        tournament_services.tournament_publish(tournament=tournament, published=True)
        tournament_services.tournament_set_status(tournament=tournament, status=Tournament.Status.FINISHED)
        tournament_services.standings_compile(tournament=tournament)
        return tournament

    def _duplicate(self, club: Club, organiser: Any, scorer: Any, players: list[Player]) -> Tournament:
        """A duplicate pairs evening (issue 22): 16 pairs at 8 tables, a skip Mitchell of 7 rounds
        of 3 boards, every table's traveller recorded, matchpoints in two fields."""
        tournament = tournament_services.tournament_create(
            club=club,
            name="Парный турнир по средам",
            user=organiser,
            seed=2030,
            game_type="bridge-duplicate",
            starts_at=timezone.now().replace(hour=19, minute=0, second=0, microsecond=0) - timedelta(days=3),
        )
        field = list(players) + [player_get_or_create(club=club, display_name=n) for n in DUPLICATE_GUESTS]
        pairs = [(field[2 * i], field[2 * i + 1]) for i in range(16)]
        duplicate.setup(tournament=tournament, pairs=pairs, boards_per_round=3, deal_seed="demo-2030")
        return self._play_duplicate(tournament, scorer)

    def _individual(self, club: Club, organiser: Any, scorer: Any, players: list[Player]) -> Tournament:
        """An individual (issue 22): the eight players at 2 tables, a partner once with each of the
        others over 7 rounds of 2 boards, every table's traveller recorded, matchpoints per player."""
        tournament = tournament_services.tournament_create(
            club=club,
            name="Индивидуальный турнир",
            user=organiser,
            seed=2031,
            game_type="bridge-duplicate",
            starts_at=timezone.now().replace(hour=19, minute=0, second=0, microsecond=0) - timedelta(days=1),
        )
        individual.setup(
            tournament=tournament, players=players[:8], boards_per_round=2, deal_seed="demo-2031"
        )
        return self._play_duplicate(tournament, scorer)

    def _play_duplicate(self, tournament: Tournament, scorer: Any) -> Tournament:
        """Every table's traveller of a set-up duplicate event recorded, then published, finished
        and ranked."""
        tables = Table.objects.filter(round__tournament=tournament).select_related("round", "sitting")
        for table in tables.order_by("round__number", "number"):
            content = duplicate.simulated_log(table, seed=table.round.number * 100 + table.number)
            tournament_services.table_game_upload(table=table, content=content, user=scorer)
        tournament_services.tournament_publish(tournament=tournament, published=True)
        tournament_services.tournament_set_status(tournament=tournament, status=Tournament.Status.FINISHED)
        tournament_services.standings_compile(tournament=tournament)
        return tournament

    def _tournament(self, club: Club, organiser: Any, scorer: Any, players: list[Player]) -> Tournament:
        started = timezone.now().replace(hour=19, minute=0, second=0, microsecond=0) - timedelta(days=2)
        tournament = tournament_services.tournament_create(
            club=club,
            name="Осенний кубок",
            user=organiser,
            seed=2026,
            starts_at=started,
            rounds_planned=ROUNDS,
        )
        for player in players:
            tournament_services.entry_add(tournament=tournament, player=player)
        for number in range(1, ROUNDS + 1):
            self._play_round(tournament, scorer, number)
        tournament_services.tournament_publish(tournament=tournament, published=True)
        tournament_services.tournament_set_status(tournament=tournament, status=Tournament.Status.FINISHED)
        tournament_services.standings_compile(tournament=tournament)
        tournament_services.ratings_rebuild(game_type=tournament.game_type)
        return tournament
