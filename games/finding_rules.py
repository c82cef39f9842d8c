"""Each finding's seed rule in words: the rule of the game a finding is about, in the reader's language.

A finding says what the replay saw ("Vera played 5D on a club lead while
holding 9C"); its title (games.templatetags.findings) names the kind of
finding. An arbiter settling a dispute needs a third thing beside them: the
rule the finding enforces, as the rules the club plays by say it. This
module holds it, per game and code, for the dispute page and the findings
lists of the game, deal and audit pages, which show each finding with its
rule.

Each :class:`Rule` has

- ``text``: one or two plain sentences saying the rule as a player would
  understand it, marked for translation (English msgid; Russian and
  Ukrainian in the locale files);
- ``source``: where the rule comes from: a seed rule text
  (../shared/seeds: 000 Oh Hell, 002 the preferans dark games, 004 rubber
  bridge and durak) and its section, the Laws of Contract Bridge where the
  bridge seed is silent, the game's common convention where every seed is,
  or the arbiter's rulings (docs/arbiter.md);
- ``quote``: the seed's own sentence, verbatim in Russian, when the seed
  says the rule (" … " joins two sentences of the same seed that are not
  next to each other, a newline two that stand on lines of their own, as
  in the seed); empty otherwise. It is shown as a quotation in its
  own language and is not translated.

A code that is a property of the log rather than of the play
(``SCORE_MISMATCH``, ``TOTAL_MISMATCH``, ``WRONG_CARD_COUNT``,
``DUPLICATE_CARD`` …) gets the rule of bookkeeping it breaks, citing the
seed's sentence on scoring where there is one.

The same code means different rules in different games (a ``REVOKE`` in
bridge and in preferans, ``SCORE_MISMATCH`` on an Oh Hell sheet and on a
bridge sheet), so the rules are looked up by (game key, code): the keys of
rules.registry, ``"oh-hell"``, ``"bridge-rubber"``, ``"bridge-duplicate"``, ``"preferans"``
and ``"durak"``. :func:`all_codes` lists every pair the four games' codes
modules define, so a test can require a rule for each.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

#: The games by registry key, and the package under rules/ whose ``codes.SEVERITY`` lists their codes.
GAMES: dict[str, str] = {
    "oh-hell": "ohhell",
    "bridge-rubber": "bridge",
    "bridge-duplicate": "bridge_duplicate",
    "preferans": "preferans",
    "durak": "durak",
}


@dataclass(frozen=True, slots=True)
class Rule:
    """The rule a finding is about: ``text`` and ``source`` translated, ``quote`` the seed's Russian."""

    text: Promise
    source: Promise
    quote: str = ""


def rule_for(game: str, code: str) -> Rule | None:
    """The rule behind finding ``code`` of ``game`` (a registry key); None for a pair not known here."""
    return RULES.get((game, code))


def all_codes() -> list[tuple[str, str]]:
    """Every (game, code) pair the games' codes modules define, in their tables' order.

    Read from each ``rules.<game>.codes.SEVERITY``, with the arbiter's codes
    (rules.arbiter.CODES), which are every game's, added where a table does
    not list them yet.
    """
    from rules.arbiter import CODES as ARBITER_CODES

    pairs: list[tuple[str, str]] = []
    for game, package in GAMES.items():
        severity = importlib.import_module(f"rules.{package}.codes").SEVERITY
        codes = list(severity)
        codes += [code for code in ARBITER_CODES if code not in severity]
        pairs += [(game, code) for code in codes]
    return pairs


# -- where the rules come from ---------------------------------------------------------------------

OH_DEAL = _("Oh Hell rules (seed), «Сдача карт»")
OH_BIDDING = _("Oh Hell rules (seed), «Торговля»")
OH_PLAY = _("Oh Hell rules (seed), «Розыгрыш»")
OH_SCORING = _("Oh Hell rules (seed), «Подсчет очков»")
OH_IRREGULARITIES = _("Oh Hell rules (seed), «Ошибки и нарушения»")
OH_CONVENTION = _("Oh Hell convention (not in the seed)")
OH_ARBITER = _("Rulings of the club's arbiter, with the Oh Hell rules (seed), «Ошибки и нарушения»")

BR_PLAY = _("Rubber bridge rules (seed), the play")
BR_PLAY_LAW44 = _("Rubber bridge rules (seed), the play; Laws of Contract Bridge, Law 44")
BR_PLAY_LAW45 = _("Rubber bridge rules (seed), the play; Laws of Contract Bridge, Law 45")
BR_PLAY_LAW53 = _("Rubber bridge rules (seed), the play; Laws of Contract Bridge, Laws 41 and 53")
BR_SHEET = _("Rubber bridge rules (seed), the score sheet")
BR_SHEET_LAW44 = _("Rubber bridge rules (seed), the score sheet; Laws of Contract Bridge, Law 44")
BR_POINTS = _("Rubber bridge rules (seed), «Очки»")
BR_LAWS_ROTATION = _("Laws of Contract Bridge, Laws 17 and 29 (the seed is silent)")
BR_LAWS_INSUFFICIENT = _("Laws of Contract Bridge, Laws 18 and 27 (the seed is silent)")
BR_LAWS_DOUBLE = _("Laws of Contract Bridge, Laws 19 and 36 (the seed is silent)")
BR_LAWS_END = _("Laws of Contract Bridge, Law 22 (the seed is silent)")
BR_LAWS_AFTER_END = _("Laws of Contract Bridge, Law 39 (the seed is silent)")
BR_LAWS_DECK = _("Laws of Contract Bridge, Laws 6 and 44 (the seed is silent)")
BR_LAWS_CLAIM = _("Laws of Contract Bridge, Laws 68 to 70 (the seed is silent)")
BR_LAWS_REVOKE = _("Laws of Contract Bridge, Laws 61 to 64 (the seed is silent)")
BR_LAWS_CORRECTED = _("Laws of Contract Bridge, Law 62 (the seed is silent)")
BR_ARBITER_LAW64 = _("Rulings of the club's arbiter, with the Laws of Contract Bridge, Law 64")

PF_DARK = _("Preferans rules (seed), «6.4 Темные игры»")
PF_CONVENTION = _("preferans convention (not in the seed)")
PF_CONVENTION_DARK = _("preferans convention, with the seed's «6.4 Темные игры»")
PF_SCORING = _("preferans convention of the table: Sochi, Leningrad or Rostov (not in the seed)")

DU_SEED = _("Durak rules (seed), «Игры в дурака»")
DU_COMMON = _("durak, the common rules (not in the seed)")

ARBITER = _("Rulings of the club's arbiter")


# -- the seed's sentences quoted more than once ------------------------------------------------------

OH_RENEGE_ANNULS = (
    "Если ренонс не был исправлен вовремя, то игра по сдаче аннулируется и назначается пересдача тем же "
    "сдатчиком."
)
OH_RENEGE_PENALTY = "Со счета игрока, который сделал ренонс, снимается 10 очков."
OH_RENEGE_CORRECTION = (
    "Если игрок сделал ход не в масть при ее наличии, то это может быть исправлено до первого хода по "
    "следующей взятке. Любая карта, которая была положена на взятку после ренонса, может быть взята обратно "
    "без штрафа."
)
OH_EXPOSED = (
    "Если игрок вскрыл карту с руки или сделал любой ход вне своей очереди, то карта должна остаться на "
    "столе в открытом виде для ее розыгрыша при первой возможности."
)
OH_SCHEDULE = (
    "Поэтому каждому игроку сдается: в первой сдаче по одной карте, во второй сдаче по две карты и т.д."
)

BR_THIRTEEN = "После того как разыграно 13 взяток, делается запись в 2 столбца – «Мы» и «Они»."
BR_FIRST_LEAD = "Первый ход принадлежит игроку, сидящему слева от разыгрывающего."

PF_DARK_ONLY = (
    "В отличие от светлых игр, все шестирйки и семь пик (на раз в темную) играются только в темную и "
    "вистовать обязаны оба партнера, причем недозаказ в темных играх не рассматривается и не наказывается."
)
PF_DARK_MISERE = (
    "При объявлении МИЗЕР В ТЕМНУЮ — играется мизер и только стоя, при этом перезаказывать другие игры, "
    "посмотрев свои карты, уже нельзя."
)

DU_BEAT = (
    "Игрок, под которого был сделан ход, должен отбить полученную карту старшей картой той же масти или "
    "козырем. Если отбить карту соперника нечем, игрок забирает ее себе."
)
DU_BLIND_ANSWER = (
    "Если игрок, который зашел, соглашается, карты отправляются в отбой, если нет – темную карту открывают "
    "и проверяют, правильно ли ею отбились."
)
DU_END = (
    "Игрок, у которого в конце игры остались карты, считается проигравшим. В игре допускается ничья, как "
    "принято говорить, «последняя рука хуже дурака»."
)


RULES: dict[tuple[str, str], Rule] = {
    # == Oh Hell ("Черт побери", seed 000; shared/spec/ohhell-log.md) ==================================
    ("oh-hell", "RENEGE_UNCORRECTED"): Rule(
        _(
            "A player must follow the led suit when able. A renege may be corrected until the first card of "
            "the next trick is led; if it is not, the deal is annulled, the same dealer deals again and the "
            "player who reneged loses 10 points."
        ),
        OH_IRREGULARITIES,
        f"{OH_RENEGE_ANNULS} {OH_RENEGE_PENALTY}",
    ),
    ("oh-hell", "RENEGE_CORRECTED"): Rule(
        _(
            "A player must follow the led suit when able. A renege may be corrected until the first card of "
            "the next trick is led: the card played in error becomes an exposed card, and cards played to "
            "that trick after it may be taken back without penalty."
        ),
        OH_IRREGULARITIES,
        f"{OH_RENEGE_CORRECTION} Карта, которая была заменена ренонсировавшим игроком, считается вскрытой.",
    ),
    ("oh-hell", "MISSING_REDEAL"): Rule(
        _(
            "A deal annulled for a renege not corrected in time is dealt again by the same dealer with the "
            "same number of cards; the redeal takes the annulled deal's place in the schedule."
        ),
        OH_IRREGULARITIES,
        OH_RENEGE_ANNULS,
    ),
    ("oh-hell", "BID_OUT_OF_RANGE"): Rule(
        _("A bid is a number of tricks from 0 up to the number of cards each player was dealt in that deal."),
        OH_BIDDING,
        "Игрок может заказать 0 взяток. В первой сдаче можно заказать от 0 до одной взятки, соответственно в "
        "последней сдаче партии на четверых можно заказать от 0 до 13 взяток.",
    ),
    ("oh-hell", "BID_OUT_OF_TURN"): Rule(
        _(
            "The player on the dealer's left bids first, then each player in turn clockwise. A bid made out of "
            "turn is accepted, but the turn goes back to the player whose turn it was."
        ),
        OH_IRREGULARITIES,
        "Если игрок сделает заказ вне очереди, то этот заказ принимается, но очередь переходит к законному "
        "участнику.",
    ),
    ("oh-hell", "BID_CHANGE_TOO_LATE"): Rule(
        _("A player may change his bid only until the next player has bid; after that his first bid stands."),
        OH_IRREGULARITIES,
        "Если игрок сделает заявку в очередь и после этого попытается ее изменить, то это разрешается лишь в "
        "том случае, если следующий игрок не успел заказать.",
    ),
    ("oh-hell", "DEALER_HOOK"): Rule(
        _(
            "Where the table plays the dealer's hook, the dealer, who bids last, may not make the bids add up "
            "to the number of cards dealt to each player, so that someone must miss his contract."
        ),
        OH_CONVENTION,
    ),
    ("oh-hell", "CARD_NOT_IN_HAND"): Rule(
        _("Each player plays only the cards dealt to him, one to each trick."),
        OH_PLAY,
        "Следующий игрок по часовой стрелке должен класть карту в масть, если это возможно, если в масть ходить "
        "невозможно, то игрок ходит с любой своей карты.",
    ),
    ("oh-hell", "DUPLICATE_CARD"): Rule(
        _(
            "The game uses one deck of 52 cards, so each card is in one place only: in one player's hand, or "
            "turned face up as the trump. No card can be played twice, and the trump card is in nobody's hand."
        ),
        OH_DEAL,
        "После раздачи карт всем игрокам одна карта кладется на стол в открытом виде — это козырь.",
    ),
    ("oh-hell", "PLAY_OUT_OF_TURN"): Rule(
        _(
            "The player on the dealer's left leads the first trick, the others play in turn clockwise, and "
            "the winner of a trick leads the next. A card played out of turn stays face up on the table and "
            "must be played at the first opportunity."
        ),
        OH_IRREGULARITIES,
        OH_EXPOSED,
    ),
    ("oh-hell", "EXPOSED_CARD_NOT_PLAYED"): Rule(
        _(
            "A card exposed by accident, played out of turn or taken back after a renege stays face up on the "
            "table and must be played at the first opportunity where it may legally be played."
        ),
        OH_IRREGULARITIES,
        OH_EXPOSED,
    ),
    ("oh-hell", "WRONG_CARD_COUNT"): Rule(
        _(
            "Each player is dealt the deal's number of cards (one in the first deal, two in the second, and "
            "so on) and plays one card to each trick, so the log must show every hand with that many cards "
            "and every trick with one card from each player."
        ),
        OH_DEAL,
        f"{OH_SCHEDULE} … Выложенные карты по одной от каждого игрока называются взятка.",
    ),
    ("oh-hell", "TAKEN_MISMATCH"): Rule(
        _(
            "A trick is won by the highest trump, or else by the highest card of the suit led, and each player "
            "stacks the tricks he has won so that their number is clear. The tricks written for each player "
            "must be those the play gives, and together they make the number of tricks in the deal."
        ),
        OH_PLAY,
        "Каждый игрок должен складывать свои взятки стопками для того, чтобы четко определялось их число.",
    ),
    ("oh-hell", "SCORE_MISMATCH"): Rule(
        _(
            "The score of a deal is 10 plus the tricks bid for a contract made exactly, 0 otherwise, and minus "
            "10 for a renege not corrected in time; the sheet must say what the rules give."
        ),
        OH_SCORING,
        "Банкротам очки не записывают. Каждый игрок, который выполнит свое обязательство по взятию числу "
        "объявленных взяток (контракт), получает 10 очков плюс очки по контракту.",
    ),
    ("oh-hell", "TOTAL_MISMATCH"): Rule(
        _(
            "The scorekeeper writes every deal's points with running totals: a player's total is the sum of "
            "his deal scores, renege penalties included, and the sheet must say what the deals add up to."
        ),
        OH_SCORING,
        "После окончания игры счетчик записывает все очки с промежуточным суммированием их в таблице.",
    ),
    ("oh-hell", "WRONG_DEALER"): Rule(
        _(
            "The first dealer is chosen by lot; after that the players deal in turn clockwise, and after an "
            "annulled deal the same dealer deals again."
        ),
        OH_DEAL,
        "Первый сдатчик карт определяется жребием, в следующих играх игроки сдают карты по очереди.",
    ),
    ("oh-hell", "WRONG_SCHEDULE"): Rule(
        _(
            "Each player is dealt one card in the first deal, two in the second, and so on: 15 deals with 3 "
            "players, 13 with 4, 10 with 5, 8 with 6 and 7 with 7, unless the players agreed on another number."
        ),
        OH_DEAL,
        f"{OH_SCHEDULE} … По договоренности между игроками количество сдач можно изменить.",
    ),
    ("oh-hell", "TRUMP_ON_LAST_DEAL"): Rule(
        _("The last deal of the game is played without trumps: no card is turned up."),
        OH_DEAL,
        "При розыгрыше последней сдачи партии карта не открывается и объявляется бескозырная игра.",
    ),
    ("oh-hell", "BID_MISSING"): Rule(
        _("Every player in turn must bid a number of tricks, zero included; nobody may pass."),
        OH_BIDDING,
        "Каждый игрок по очереди должен заказать (пасовать нельзя) количество взяток, которое он возьмет.",
    ),
    ("oh-hell", "ILLEGAL_TAKE_BACK"): Rule(
        _(
            "A card once played stays played. Only a renege may be taken back, with the cards played to the "
            "same trick after it, and only until the first card of the next trick is led."
        ),
        OH_IRREGULARITIES,
        OH_RENEGE_CORRECTION,
    ),
    ("oh-hell", "ANNULLED_BY_ARBITER"): Rule(
        _(
            "An arbiter may annul a deal: nobody scores it, and the same dealer deals again with the same "
            "number of cards. A player who reneged in it still loses his 10 points unless that penalty is "
            "waived."
        ),
        OH_ARBITER,
        OH_RENEGE_ANNULS,
    ),
    ("oh-hell", "SCORE_ADJUSTED"): Rule(
        _(
            "An arbiter may assign a deal's scores: the deal then counts as the arbiter scored it, in place "
            "of what the sheet says, and no redeal is owed."
        ),
        ARBITER,
    ),
    ("oh-hell", "PENALTY_WAIVED"): Rule(
        _(
            "A player whose renege was not corrected in time loses 10 points; an arbiter may waive that "
            "penalty, and the deal is then scored as if it had not been incurred."
        ),
        OH_ARBITER,
        OH_RENEGE_PENALTY,
    ),
    ("oh-hell", "PENALTY_CONFIRMED"): Rule(
        _(
            "A player whose renege was not corrected in time loses 10 points; an arbiter may confirm that "
            "penalty: the points stay taken, and the sheet says the arbiter confirmed it."
        ),
        OH_ARBITER,
        OH_RENEGE_PENALTY,
    ),
    ("oh-hell", "RULING_NOT_APPLICABLE"): Rule(
        _(
            "An arbiter can waive or confirm only a penalty the deal has: in Oh Hell, the 10 points for a "
            "renege not corrected in time. A ruling that names a player without one changes nothing."
        ),
        OH_ARBITER,
        OH_RENEGE_PENALTY,
    ),
    # == Rubber bridge (seed 004, first part; the Laws of Contract Bridge where it is silent) ============
    ("bridge-rubber", "REVOKE"): Rule(
        _(
            "A player must follow suit when able; failing to is a revoke, established once the offender or "
            "his partner plays to the next trick. Under the Laws one or two tricks then pass to the other "
            "side at the end of play; the seed's rules have no revoke penalty, and the tricks stand as played."
        ),
        BR_LAWS_REVOKE,
    ),
    ("bridge-rubber", "INSUFFICIENT_BID"): Rule(
        _(
            "Each bid must name more tricks than the last bid, or as many in a higher strain. An insufficient "
            "bid that the next player calls over is accepted and stands."
        ),
        BR_LAWS_INSUFFICIENT,
    ),
    ("bridge-rubber", "CALL_OUT_OF_ROTATION"): Rule(
        _(
            "The dealer calls first, then each player in turn to the left. A call out of rotation stands once "
            "the next opponent calls over it, and the auction goes on from there."
        ),
        BR_LAWS_ROTATION,
    ),
    ("bridge-rubber", "ILLEGAL_DOUBLE"): Rule(
        _(
            "A player may double only the last bid, and only if an opponent made it and nothing but passes "
            "has followed. A double the Laws do not allow is cancelled."
        ),
        BR_LAWS_DOUBLE,
    ),
    ("bridge-rubber", "CARD_NOT_IN_HAND"): Rule(
        _(
            "Each player plays only the cards dealt to him; dummy's cards, laid face up on the table, are "
            "played by the declarer."
        ),
        BR_PLAY_LAW45,
        "Затем партнер разыгрывающего открыто кладет на стол свои карты, которыми распоряжается уже "
        "разыгрывающий.",
    ),
    ("bridge-rubber", "RESULT_MISMATCH"): Rule(
        _(
            "The result of a deal is the number of tricks the declarer's side took in the thirteen tricks "
            "played, after any trick transfer for a revoke; the sheet must write what the play gives."
        ),
        BR_SHEET,
        BR_THIRTEEN,
    ),
    ("bridge-rubber", "SCORE_MISMATCH"): Rule(
        _(
            "Each deal is written on the sheet by the points table: the points for the tricks bid in a "
            "contract made below the line, everything else (overtricks, undertricks, bonuses, slams, honours) "
            "above it. The sheet must say what the table gives."
        ),
        BR_POINTS,
        "Каждый столбец разделен горизонтальной чертой, под которой пишутся очки, объявленные по контракту, и "
        "премия за выигрыш роббера. Над чертой пишут все остальное, в том числе и премии за превышение "
        "контракта, недобор, контры, реконтры, малые и большие шлемы, короны и коронки.",
    ),
    ("bridge-rubber", "ILLEGAL_REDOUBLE"): Rule(
        _(
            "A player may redouble only the last double, and only if an opponent made it and nothing but "
            "passes has followed. A redouble the Laws do not allow is cancelled."
        ),
        BR_LAWS_DOUBLE,
    ),
    ("bridge-rubber", "AUCTION_INCOMPLETE"): Rule(
        _(
            "The auction ends when three players in turn pass after a bid, or when all four pass at the start "
            "and the deal is passed out. A log that stops earlier is read as if the missing calls were passes."
        ),
        BR_LAWS_END,
    ),
    ("bridge-rubber", "CALL_AFTER_AUCTION_END"): Rule(
        _(
            "The auction ends when three players in turn pass after a bid, or all four pass at the start; a "
            "call made after it has ended is cancelled."
        ),
        BR_LAWS_AFTER_END,
    ),
    ("bridge-rubber", "LEAD_OUT_OF_TURN"): Rule(
        _(
            "The player on the declarer's left makes the opening lead. A lead out of turn stands once the "
            "other side accepts it or plays to it, and the play goes on from there."
        ),
        BR_PLAY_LAW53,
        BR_FIRST_LEAD,
    ),
    ("bridge-rubber", "PLAY_OUT_OF_TURN"): Rule(
        _(
            "The player on the declarer's left leads the first trick, the others play in turn clockwise, and "
            "the winner of each trick leads the next."
        ),
        BR_PLAY_LAW44,
        BR_FIRST_LEAD,
    ),
    ("bridge-rubber", "DUPLICATE_CARD"): Rule(
        _(
            "A deal is one deck of 52 cards, thirteen to each player, so each card is in one hand only and "
            "cannot be played twice."
        ),
        BR_LAWS_DECK,
    ),
    ("bridge-rubber", "WRONG_CARD_COUNT"): Rule(
        _(
            "A deal is played in thirteen tricks, each with one card from each of the four players; a play "
            "that stops before the thirteenth trick must end with a claim of the tricks left."
        ),
        BR_SHEET_LAW44,
        BR_THIRTEEN,
    ),
    ("bridge-rubber", "CLAIM_MISMATCH"): Rule(
        _(
            "A claim states how many of the tricks not yet played the declarer's side will take; it cannot "
            "be more than the tricks that are left."
        ),
        BR_LAWS_CLAIM,
    ),
    ("bridge-rubber", "REVOKE_CORRECTED"): Rule(
        _(
            "A revoke may be corrected before it is established, that is before the offender or his partner "
            "plays to the next trick: a card of the suit led replaces the card played, and no trick is "
            "transferred for it."
        ),
        BR_LAWS_CORRECTED,
    ),
    ("bridge-rubber", "HONOURS_MISMATCH"): Rule(
        _(
            "Four of the five trump honours in one hand score 100 above the line, all five 150, and the four "
            "aces in one hand at no-trump 150, for the side that holds them whatever the result; the sheet "
            "must claim what the hands hold."
        ),
        BR_POINTS,
        "100 – премия за обладание 4 онерами в козыре (коронки);\n150 – премия за обладание 5 онерами в козыре "
        "(короны) или 4 тузами в игре без козыря.",
    ),
    ("bridge-rubber", "CONTRACT_MISMATCH"): Rule(
        _(
            "The contract is the last bid of the auction, doubled or redoubled as the calls after it say, and "
            "the declarer is the player of that side who first named its strain; the sheet must record what "
            "the auction reached."
        ),
        BR_PLAY,
        "Затем следует розыгрыш, который начинается с разыгрывающего – того, кто первым объявил козырную масть, "
        "даже если контракт объявил его партнер.",
    ),
    ("bridge-rubber", "RESULT_MISSING"): Rule(
        _(
            "A deal played in a contract is scored by the number of tricks the declarer's side took, so the "
            "play or the sheet must give that number."
        ),
        BR_SHEET,
        BR_THIRTEEN,
    ),
    ("bridge-rubber", "VULNERABLE_TAG_DIFFERS"): Rule(
        _(
            "A side that has won a game of the rubber is vulnerable, and the points of a deal depend on it; "
            "the rubber played so far decides it, so a file that says otherwise is read, and the deal is "
            "scored, as the rubber has it."
        ),
        BR_SHEET,
        "Сторона, выигравшая 1 партию, считается «по партии», а сторона, еще не достигшая результата, "
        "считается «перед партией».",
    ),
    ("bridge-rubber", "ANNULLED_BY_ARBITER"): Rule(
        _(
            "An arbiter may annul a deal: it scores nothing, and the rubber goes on as if it had not been "
            "played."
        ),
        ARBITER,
    ),
    ("bridge-rubber", "SCORE_ADJUSTED"): Rule(
        _(
            "An arbiter may assign a deal's result, a contract and the tricks it took: the deal is then scored "
            "by the points table at its vulnerability, in place of what the log shows."
        ),
        ARBITER,
    ),
    ("bridge-rubber", "PENALTY_WAIVED"): Rule(
        _(
            "The penalty for an established revoke is the transfer of tricks under Law 64; an arbiter may "
            "waive it, and the tricks then stay with the side that won them."
        ),
        BR_ARBITER_LAW64,
    ),
    ("bridge-rubber", "PENALTY_CONFIRMED"): Rule(
        _(
            "The penalty for an established revoke is the transfer of tricks under Law 64; an arbiter may "
            "confirm it: the tricks pass to the other side, and the sheet says the arbiter confirmed it."
        ),
        BR_ARBITER_LAW64,
    ),
    ("bridge-rubber", "RULING_NOT_APPLICABLE"): Rule(
        _(
            "An arbiter can waive or confirm only a penalty the deal has: in rubber bridge, the tricks Law 64 "
            "transfers for a revoke, which the seed's rules do not transfer. A ruling that names a player "
            "without one changes nothing."
        ),
        BR_ARBITER_LAW64,
    ),
    # == Preferans (seed 002: the dark games; the common convention for the rest) =======================
    ("preferans", "CALL_OUT_OF_TURN"): Rule(
        _(
            "The first hand, on the dealer's left, calls first, then each player in turn clockwise among "
            "those who have not passed; at a table of four the dealer sits out. A call out of turn stands, "
            "and the turn goes on from it."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "BID_TOO_LOW"): Rule(
        _(
            "Each bid must be above the last one, and after pass-outs not below the agreed lowest game; only "
            "the first hand may keep a younger hand's bid by saying «здесь»."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "PASS_WITHDRAWN"): Rule(
        _("A pass is final: a player who has passed takes no further part in the auction."),
        PF_CONVENTION,
    ),
    ("preferans", "CALL_AFTER_AUCTION_END"): Rule(
        _(
            "The auction ends when all but one have passed after a bid, or when everybody has passed and the "
            "deal is a pass-out; calls after that do not count."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "AUCTION_INCOMPLETE"): Rule(
        _(
            "The auction ends when all but one have passed after a bid, or when everybody has passed and the "
            "deal is a pass-out. A log that stops earlier is read as if the rest had passed."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "MISERE_RULE"): Rule(
        _(
            "Misère may be called only as a player's first call, and its caller may then bid no other game; "
            "a misère won is played as misère, and nobody whists it: both defenders catch. A dark misère is "
            "played closed, and its caller may not change it after looking at his cards."
        ),
        PF_CONVENTION_DARK,
        PF_DARK_MISERE,
    ),
    ("preferans", "DARK_NOT_ALLOWED"): Rule(
        _(
            "A dark game is declared without looking at the cards, and only at a table that plays dark games. "
            "РАЗ В ТЕМНУЮ allows any game, misère included, ДВА В ТЕМНУЮ every game but six spades, ТРИ В "
            "ТЕМНУЮ from six diamonds; ПАС В ТЕМНУЮ may not be declared after a РАЗ, light or dark."
        ),
        PF_DARK,
        "В классике можно объявлять игру не глядя в карты: ПАС В ТЕМНУЮ, РАЗ В ТЕМНУЮ, ДВА В ТЕМНУЮ и т.д. … "
        "Объявлять ПАС в Темную, если до этого был РАЗ (даже в светлый) — нельзя.",
    ),
    ("preferans", "DARK_OVERCALL_WRONG"): Rule(
        _(
            "A dark declaration is overcalled only as the rules say: РАЗ В ТЕМНУЮ by ДВА В ТЕМНУЮ or a light "
            "seven of the first suit, ДВА В ТЕМНУЮ by ТРИ В ТЕМНУЮ or a light seven of the second suit, and "
            "a dark misère only by a dark ten."
        ),
        PF_DARK,
        "РАЗ В ТЕМНУЮ перебиваетля только ДВА В ТЕМНУЮ или СЕМЬ ПЕРВЫХ в светлую. ДВА В ТЕМНУЮ перебивается "
        "только ТРИ В ТЕМНУЮ или СЕМЬ ВТОРЫХ в светлую.",
    ),
    ("preferans", "DISCARD_WRONG"): Rule(
        _(
            "The declarer takes the two cards of the talon and puts away two of his twelve cards: the discard "
            "is two different cards of his hand and the talon."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "CONTRACT_BELOW_BID"): Rule(
        _(
            "After the discard the declarer names his game, which may not be below the bid that won the auction."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "CONTRACT_MISMATCH"): Rule(
        _(
            "A won auction is followed by the talon, the discard and the game the declarer names; a deal "
            "everybody passed has none of them and is played as a pass-out."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "WHIST_OUT_OF_TURN"): Rule(
        _(
            "The defender on the declarer's left says first whether he whists, then the other defender; the "
            "declarer does not whist on his own game."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "WHIST_MISSING"): Rule(
        _(
            "Each of the two defenders says once whether he whists or passes; only the first may speak again, "
            "to answer a half-whist."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "WHIST_REQUIRED"): Rule(
        _(
            "A game played only dark (after РАЗ В ТЕМНУЮ every six and seven spades) must be whisted by both "
            "defenders."
        ),
        PF_DARK,
        PF_DARK_ONLY,
    ),
    ("preferans", "HALF_WHIST_WRONG"): Rule(
        _(
            "Half-whist may be said only by the second defender after the first has passed, and only on the "
            "games the table allows it on (sixes, unless agreed otherwise), never on a game played only dark."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "OPEN_WRONG"): Rule(
        _(
            "Two whisters play closed, each his own cards; a lone whister may play open («лёжа») where the "
            "table allows it. A game played only dark and a dark misère are played closed."
        ),
        PF_CONVENTION_DARK,
        "На остальных играх, в том числе и на мизере, можно играть лежа и пасовать. … " + PF_DARK_MISERE,
    ),
    ("preferans", "WHIST_QUOTA"): Rule(
        _(
            "Whisting defenders must take their quota of tricks: four on a six, two on a seven, one on an "
            "eight or a nine, and usually none on a ten. The tricks they are short of are written in their "
            "mountain, as the table's convention prices them."
        ),
        PF_SCORING,
    ),
    ("preferans", "REVOKE"): Rule(
        _(
            "A player must follow the led suit when able; in a pass-out the first two tricks follow the suit "
            "of the talon cards turned. The deal is scored by the tricks as they were taken."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "NOT_TRUMPED"): Rule(
        _(
            "A player who has no card of the led suit must play a trump if he holds one; only with neither "
            "may he play any card."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "CARD_NOT_IN_HAND"): Rule(
        _(
            "Each player plays only the cards of his own hand: the ten dealt to him, and for the declarer the "
            "talon less the two cards he discarded."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "DUPLICATE_CARD"): Rule(
        _(
            "The deck has 32 cards, each dealt once (ten to each player and two to the talon), so no card can "
            "be played twice."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "WRONG_CARD_COUNT"): Rule(
        _(
            "Each player in the deal holds ten cards and plays one to each trick, so a deal has ten tricks "
            "of three cards."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "PLAY_OUT_OF_TURN"): Rule(
        _(
            "The first hand leads the first trick, the others play in turn clockwise, and the winner of each "
            "trick leads the next."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "TRICKS_MISMATCH"): Rule(
        _(
            "Each trick goes to the highest trump, or else to the highest card of the suit led; the tricks "
            "written for each player must be those the play gives."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "CLAIM_MISMATCH"): Rule(
        _(
            "A claim shares out the tricks not yet played among the players: together they must make exactly "
            "the tricks left, and a dealer sitting out takes none."
        ),
        PF_CONVENTION,
    ),
    ("preferans", "ENTRY_MISMATCH"): Rule(
        _(
            "What a deal writes follows from the table's convention: a game made goes into the declarer's "
            "pool, undertricks into his mountain, and the whisters write whists on him for their tricks; a "
            "dark game doubles it all and a bomb multiplies it. The pulka must say what the rules give."
        ),
        PF_CONVENTION_DARK,
        "При этом игрок идет на риск, ибо проиграв или выиграв он платит или получает двойные очки.",
    ),
    ("preferans", "BOMB_MISMATCH"): Rule(
        _(
            "Every player who passed blind in a dark pass-out has a bomb drawn on the pulka (a double bomb for "
            "the second in a row, a «ёлка» for the third); a game made on a bomb puts it out. The pulka must "
            "mark the bombs the deals draw and put out."
        ),
        PF_DARK,
        "Всем объявившим ПАС В ТЕМНУЮ и присоединившимся, на пульке рисуется бомба, за второй ПАС — двойная "
        "бомба, на третьей — елка. … Сыгранная игра гасит бомбу и следующая игра идет на другой бомбе.",
    ),
    ("preferans", "SETTLEMENT_MISMATCH"): Rule(
        _(
            "At the end the smallest mountain is taken off every mountain, each mountain point becomes whists "
            "shared among all the players, and the whists are netted pair by pair, so the balances add up to "
            "zero. The settlement written must be the one the pulka gives."
        ),
        PF_SCORING,
    ),
    ("preferans", "WRONG_DEALER"): Rule(
        _("The deal passes clockwise after every deal; after an annulled deal the same dealer deals again."),
        PF_CONVENTION,
    ),
    ("preferans", "ANNULLED_BY_ARBITER"): Rule(
        _(
            "An arbiter may annul a deal: nothing is written on the pulka for it, it draws and puts out no "
            "bomb, and the same dealer deals again."
        ),
        ARBITER,
    ),
    ("preferans", "SCORE_ADJUSTED"): Rule(
        _(
            "An arbiter may assign the tricks each player is held to have taken: the deal is then written on "
            "the pulka by them, for the game and the whists as they were bid."
        ),
        ARBITER,
    ),
    ("preferans", "PENALTY_WAIVED"): Rule(
        _(
            "Preferans as scored here has no penalty for an irregularity: a revoke is noted and the deal is "
            "written as played, so an arbiter has no penalty to waive."
        ),
        ARBITER,
    ),
    ("preferans", "PENALTY_CONFIRMED"): Rule(
        _(
            "Preferans as scored here has no penalty for an irregularity: a revoke is noted and the deal is "
            "written as played, so an arbiter has no penalty to confirm."
        ),
        ARBITER,
    ),
    ("preferans", "RULING_NOT_APPLICABLE"): Rule(
        _(
            "An arbiter can waive or confirm only a penalty the deal has, and preferans as scored here has "
            "none: the ruling changes nothing."
        ),
        ARBITER,
    ),
    # == Durak (seed 004, «Игры в дурака»; the common rules where it is silent) =========================
    ("durak", "WRONG_DEALER"): Rule(
        _("The first dealer is chosen by lot; after that the fool of the last game deals."),
        DU_SEED,
        "В дальнейшем сдавать будет тот игрок, у которого на руках останутся карты (оставшийся в дураках).",
    ),
    ("durak", "WRONG_FIRST_ATTACKER"): Rule(
        _(
            "The first attack of a game belongs to the player with the lowest trump (when the trump card "
            "turned is six to jack) or the highest trump (jack to ace); if nobody holds a trump, to the "
            "player with the highest card."
        ),
        DU_SEED,
        "Право первого хода принадлежит игроку, у которого на руках самый маленький (если козырная карта от 6 "
        "до валета) или самый большой козырь (если козырная карта от валета до туза). Если у игроков на руках "
        "нет ни одного козыря, ходит тот, у кого самая старшая карта.",
    ),
    ("durak", "WRONG_ATTACKER"): Rule(
        _(
            "After a bout beaten off, the defender attacks next; after a take, the player after him. Either "
            "way it is the next player still in the game."
        ),
        DU_COMMON,
    ),
    ("durak", "ATTACK_NOT_ONE_RANK"): Rule(
        _("A bout opens with one card, or with two or more cards of one rank."),
        DU_SEED,
        "Первый заход можно делать любой картой или 2 и больше картами одного достоинства (2–6; 3–7 и т. д.).",
    ),
    ("durak", "CARD_NOT_IN_HAND"): Rule(
        _("A player attacks, beats and throws in only with cards he holds."),
        DU_COMMON,
    ),
    ("durak", "TOO_MANY_CARDS_FOR_DEFENDER"): Rule(
        _("The defender may not be given more cards to beat than he holds in his hand."),
        DU_SEED,
        "В дальнейшем игрок может заходить только с такого количества карт, которым располагает его соперник.",
    ),
    ("durak", "BOUT_LIMIT_EXCEEDED"): Rule(
        _(
            "A bout holds at most six attack cards (five in the first bout where the table plays so), however "
            "many cards the defender holds."
        ),
        DU_COMMON,
    ),
    ("durak", "THROW_IN_RANK_NOT_ON_TABLE"): Rule(
        _(
            "A card may be thrown in only of a rank already on the table in the bout: that of a card attacked "
            "with, beaten with or thrown in before."
        ),
        DU_SEED,
        "Подкидывать можно карту того же значения, что и та, которой игрок зашел; того же значения, что и та, "
        "которой другой игрок отбился; того же значения, что и та, которую подкинули игроку, который "
        "отбивается.",
    ),
    ("durak", "THROW_IN_NOT_ALLOWED"): Rule(
        _(
            "In the simple game only the attacker adds cards to the defender; in the throw-in game every "
            "player may, but never the defender himself or a player who is already out."
        ),
        DU_SEED,
        "Во время игры в простого дурака карты отбивающему подкидывает только соперник, а в подкидном это "
        "могут делать все участвующие в игре.",
    ),
    ("durak", "NOT_YOUR_TURN_TO_THROW"): Rule(
        _(
            "The attacker has the first right to throw in; the others may throw in once he has passed or has "
            "no card of a rank on the table."
        ),
        DU_SEED,
        "Но право первым подбрасывать карты принадлежит игроку, чья очередь ходить.",
    ),
    ("durak", "ILLEGAL_BEAT"): Rule(
        _(
            "The defender beats a card with a higher card of the same suit, or a plain card with any trump; a "
            "trump only with a higher trump, and with two decks never with its twin. If he cannot beat it, "
            "he takes the cards."
        ),
        DU_SEED,
        DU_BEAT,
    ),
    ("durak", "NO_SUCH_ATTACK_CARD"): Rule(
        _("A beating card covers one attack card that is on the table and not yet beaten."),
        DU_COMMON,
    ),
    ("durak", "NOT_THE_DEFENDER"): Rule(
        _(
            "Only the player attacked, the next player clockwise still in the game, beats, transfers or takes "
            "the cards."
        ),
        DU_SEED,
        DU_BEAT,
    ),
    ("durak", "ILLEGAL_TRANSFER"): Rule(
        _(
            "Only in the transfer game may the defender pass the bout on to the next player clockwise, by "
            "laying a card of the rank he was attacked with, before beating anything (after beating too where "
            "the table plays so); the next player must hold at least as many cards as he would have to beat."
        ),
        DU_SEED,
        "Игра идет по правилам подкидного дурака, единственное отличие – игрок, который отбивается, может "
        "перевести игру следующему по часовой стрелке игроку, положив карту такого же значения, что и та, с "
        "которой был сделан ход.",
    ),
    ("durak", "BOUT_ENDED_UNBEATEN"): Rule(
        _(
            "A bout ends only when every attack card is beaten, and the cards go to the discard pile, or when "
            "the defender takes them all."
        ),
        DU_SEED,
        "Если отбить карту соперника нечем, игрок забирает ее себе.\nЕсли карты отбиты, их откладывают в "
        "сторону и считают отбоем.",
    ),
    ("durak", "BLIND_NOT_ALLOWED"): Rule(
        _("Beating with a card laid face down is allowed only in the blind game."),
        DU_SEED,
        "Эта игра отличается от простого, подкидного или переводного дурака тем, что игрок может отбить карту, "
        "которой к нему зашли «втемную», т. е. рубашкой вверх.",
    ),
    ("durak", "CHALLENGE_MISSING"): Rule(
        _(
            "The player whose card was beaten face down either agrees, and the cards go to the discard pile, "
            "or has the card turned up to see whether it beats."
        ),
        DU_SEED,
        DU_BLIND_ANSWER,
    ),
    ("durak", "CHALLENGE_OUT_OF_PLACE"): Rule(
        _(
            "Only a card beaten face down is answered, and only by the player whose card it covers: he agrees "
            "or has it turned up."
        ),
        DU_SEED,
        DU_BLIND_ANSWER,
    ),
    ("durak", "BLIND_BEAT_ACCEPTED"): Rule(
        _(
            "A face-down beat the attacker agrees to stands, even if the card would not have beaten: the cards "
            "go to the discard pile."
        ),
        DU_SEED,
        DU_BLIND_ANSWER,
    ),
    ("durak", "WRONG_DRAW_ORDER"): Rule(
        _(
            "After each bout the players draw from the stock: the attacker first, then the others clockwise, "
            "the defender last."
        ),
        DU_SEED,
        "Первым берет игрок, который ходил, потом игроки по часовой стрелке, а последним – тот, кто отбивался.",
    ),
    ("durak", "WRONG_DRAW_COUNT"): Rule(
        _(
            "After each bout every player with fewer than six cards draws up to six from the stock, while it lasts."
        ),
        DU_SEED,
        "Игроки, у которых на руках меньше 6 карт, добирают их из резерва.",
    ),
    ("durak", "WRONG_DRAW_CARDS"): Rule(
        _(
            "Cards are drawn from the top of the stock in order; the trump card, turned face up under the "
            "stock, is drawn last."
        ),
        DU_SEED,
        "Остальная колода – резерв – кладется в центр стола, и с ее верхней части снимается козырь – карта, "
        "которую открывают и кладут открытой под резерв.",
    ),
    ("durak", "EVENT_OUT_OF_PLACE"): Rule(
        _(
            "A game goes bout by bout: the attack, the defender beating or taking, cards thrown in, the bout "
            "closed, then the draw; each move must come where the rules allow it."
        ),
        DU_COMMON,
    ),
    ("durak", "EVENT_AFTER_GAME_END"): Rule(
        _(
            "The game ends when only one player still holds cards, the fool, or when the last cards go out "
            "together, a draw; nothing is played after that."
        ),
        DU_SEED,
        DU_END,
    ),
    ("durak", "GAME_INCOMPLETE"): Rule(
        _(
            "A game is played until only one player still holds cards, the fool, or the last cards go out "
            "together, a draw; a log that stops earlier cannot show who is the fool."
        ),
        DU_SEED,
        DU_END,
    ),
    ("durak", "RESULT_NOT_REPLAYED"): Rule(
        _(
            "A game's result is the player left the fool, or a draw; a game logged by its result alone cannot "
            "be checked against the play."
        ),
        DU_SEED,
        DU_END,
    ),
    ("durak", "FOOL_MISMATCH"): Rule(
        _(
            "The fool is the player left holding cards when all the others are out, and it is a draw when "
            "the last cards go out together; the result written must be the one the play gives."
        ),
        DU_SEED,
        DU_END,
    ),
    ("durak", "ANNULLED_BY_ARBITER"): Rule(
        _(
            "An arbiter may annul a game: it counts nothing, no fool and no places, and its dealer deals it again."
        ),
        ARBITER,
    ),
    ("durak", "SCORE_ADJUSTED"): Rule(
        _(
            "An arbiter may assign a game's result, a fool or a draw: the game counts as assigned, and the "
            "fool assigned deals the next game."
        ),
        ARBITER,
    ),
    ("durak", "PENALTY_WAIVED"): Rule(
        _(
            "Durak has no penalties: a breach of the rules is noted, but nothing is taken from anyone, so an "
            "arbiter has no penalty to waive."
        ),
        ARBITER,
    ),
    ("durak", "PENALTY_CONFIRMED"): Rule(
        _(
            "Durak has no penalties: a breach of the rules is noted, but nothing is taken from anyone, so an "
            "arbiter has no penalty to confirm."
        ),
        ARBITER,
    ),
    ("durak", "RULING_NOT_APPLICABLE"): Rule(
        _("An arbiter can waive or confirm only a penalty, and durak has none: the ruling changes nothing."),
        ARBITER,
    ),
}


# == Duplicate bridge (the Laws of Contract Bridge): the auction and the play are rubber bridge's ======
DU_LAWS_SCORING = _("Laws of Contract Bridge, Law 77, duplicate scoring")
DU_LAWS_BOARD = _("Laws of Contract Bridge, Law 2, the duplicate board")
DU_LAWS_LEAD = _("Laws of Contract Bridge, Laws 41 and 54, the opening lead")
_DUPLICATE_VULNERABLE = Rule(
    _(
        "A board's number fixes its dealer and vulnerability (Law 2); a board marked otherwise is played "
        "and scored as marked, and the difference is worth a word to the director."
    ),
    DU_LAWS_BOARD,
)
_DUPLICATE_LEAD = Rule(
    _(
        "The opening lead is made by the declarer's left-hand opponent, from his own hand; the traveller "
        "must write the card the play opened with, and a board passed out has no lead."
    ),
    DU_LAWS_LEAD,
)
_DUPLICATE_ARBITER = Rule(
    _(
        "The director's rulings on a duplicate board are not yet part of its log: an artificial adjusted "
        "score (Law 12C2) is written on the board in place of its result."
    ),
    ARBITER,
)
_DUPLICATE_OWN: dict[str, Rule] = {
    "SCORE_MISMATCH": Rule(
        _(
            "Each board is scored for North–South by the Laws' duplicate table: the trick points, the "
            "overtricks, the doubled contract made, the slam, and a game or part-score premium; or the "
            "undertricks to the defenders. The traveller must write what the table gives."
        ),
        DU_LAWS_SCORING,
    ),
    "HONOURS_MISMATCH": Rule(
        _("Duplicate scoring counts no honours: only the contract, the tricks and the vulnerability score."),
        DU_LAWS_SCORING,
    ),
    "VULNERABLE_TAG_DIFFERS": _DUPLICATE_VULNERABLE,
    "BOARD_VULNERABLE_DIFFERS": _DUPLICATE_VULNERABLE,
    "BOARD_DEALER_DIFFERS": _DUPLICATE_VULNERABLE,
    "LEAD_MISMATCH": _DUPLICATE_LEAD,
    "LEAD_NOT_IN_HAND": _DUPLICATE_LEAD,
    "LEAD_WITHOUT_CONTRACT": _DUPLICATE_LEAD,
    **dict.fromkeys(
        (
            "ANNULLED_BY_ARBITER",
            "SCORE_ADJUSTED",
            "PENALTY_WAIVED",
            "PENALTY_CONFIRMED",
            "RULING_NOT_APPLICABLE",
        ),
        _DUPLICATE_ARBITER,
    ),
}
RULES.update(
    {
        ("bridge-duplicate", code): rule
        for (game, code), rule in list(RULES.items())
        if game == "bridge-rubber"
    }
)
RULES.update({("bridge-duplicate", code): rule for code, rule in _DUPLICATE_OWN.items()})


__all__ = ["GAMES", "RULES", "Rule", "all_codes", "rule_for"]
