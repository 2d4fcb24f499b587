"""ONE PIECE pattern tables: timing tags, costs, conditions and action clauses → IR, each
rule with its status and rule numbers (rules text seed 003, chapters 8 and 10).

`compile_text(text, trigger)` compiles one card; an ability is strict if every piece
matched a strict rule, approximate if any matched an approximate one, else unmodelled
with the first unmatched fragment. Card text is never guessed at.

The verb templates (TEMPLATES, COST_TEMPLATES, COND_TEMPLATES) read their target and card
phrases with phrases.py, so one rule covers every filter the phrase grammar can say."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from tcgsim.simcore.deckperm import allows_any_copies
from tcgsim.simcore.effects import clauses as fxtext
from tcgsim.simcore.effects import fxlayout as L
from tcgsim.simcore.effects.driver import Driver, record
from tcgsim.simcore.effects.ir import (
    APPROX,
    FLAG_FROM_HAND,
    FLAG_HAND_MOD,
    FLAG_ONCE,
    STRICT,
    UNMODELLED,
    Ability,
    Cond,
    Filter,
    Op,
    combine,
)
from tcgsim.simcore.effects.patterns import Match, Rule, match_piece
from tcgsim.simcore.effects.text import normalise
from tcgsim.simcore.games.onepiece import cards
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.effects import phrases
from tcgsim.simcore.games.onepiece.effects.syntax import GRAMMAR, SYNTAX
from tcgsim.simcore.games.onepiece.layout import DON_TOTAL, SEL_CAP
from tcgsim.simcore.games.onepiece.textparse import paragraphs

COMPILER_VERSION = 4
OWN_SELF, OWN_OPP, OWN_ANY = 0, 1, 2
KEYWORDS = ("[Blocker]", "[Rush]", "[Double Attack]", "[Banish]", "[Rush: Character]",
            "[Unblockable]")
_REMINDER = re.compile(r"\s*\((?:You may (?:rest|return) the specified|This card can attack|"
                       r"This card can't be|This card cannot be blocked|This card deals|"
                       r"When this card deals damage|"
                       r"After your opponent declares)"
                       r"[^()]*\)")
_KEYWORD_LINE = re.compile(r"(?:\[(?:Blocker|Rush|Double Attack|Banish|Rush: Character|"
                           r"Unblockable)\]\s*)+")
# A paragraph with no timing tag that holds a continuous ability and then a replacement
# effect ("... gains +3000 power. If one of your Characters would be removed ... instead."):
# two abilities whose line break the card data lost.
_REPL_TAIL = re.compile(r"\. (?=If [^.]* would be [^.]*instead\.)")
# Misspellings of the printed text, read as the word they stand for.
_MISPRINTS = {"Charactes": "Characters"}
_MISPRINT = re.compile(r"\b(" + "|".join(_MISPRINTS) + r")\b")
# A deck rule of a Leader (5-1-2-4): "Under the rules of this game, your DON!! deck consists
# of N cards".
_DON_DECK = re.compile(r"Under the rules of this game, your DON!! deck consists of (\d+) "
                       r"cards\.?")
# "Also treat this card's name as [A] (and [B]) according to the rules" (2-1-3): names the
# card has besides its own, read by the packer's name predicates.
_ALIAS = re.compile(r"(?:Under the rules of this game, a|A)lso treat this card's name as "
                    r"(?P<n>\[[^\]]+\](?:,? (?:and|or) \[[^\]]+\]|, \[[^\]]+\])*)"
                    r"(?: according to the rules)?\.?")


def name_aliases(text: str) -> tuple[str, ...]:
    """The names a card's text gives it besides its own (2-1-3)."""
    found: list[str] = []
    for line in normalise(text or "").split("\n"):
        m = _ALIAS.fullmatch(line.strip())
        if m:
            found += re.findall(r"\[([^\]]+)\]", m.group("n"))
    return tuple(found)

TAGS = {
    "On Play": (oc.T_ON_PLAY, ("10-2-6",)),
    "When Attacking": (oc.T_WHEN_ATTACKING, ("10-2-5", "7-1-1-3")),
    "On Block": (oc.T_ON_BLOCK, ("10-2-15", "7-1-2-2")),
    "On K.O.": (oc.T_ON_KO, ("10-2-17",)),
    "Activate: Main": (oc.T_ACTIVATE_MAIN, ("10-2-2",)),
    "Main": (oc.T_MAIN, ("10-2-3",)),
    "Counter": (oc.T_COUNTER, ("10-2-4", "7-1-3-2-2")),
    "Trigger": (oc.T_TRIGGER, ("10-1-5",)),
    "End of Your Turn": (oc.T_END_OF_YOUR_TURN, ("10-2-7",)),
    "End of Your Opponent's Turn": (oc.T_END_OF_OPP_TURN, ("10-2-8",)),
    "On Your Opponent's Attack": (oc.T_ON_OPP_ATTACK, ("10-2-16",)),
    "Your Turn": (oc.T_YOUR_TURN, ("10-2-11",)),
    "Opponent's Turn": (oc.T_OPP_TURN, ("10-2-12",)),
}


_ANY_CARDS = ("'rest N of your cards': the card lets you rest any of your Leader, Characters, "
              "Stage and DON!! cards; the program rests N active DON!! cards")
_ANY_CARDS_COST = ("'rest N of your cards' (N of 2 or more): the card lets you rest any N of "
                   "your Leader, Characters, Stage and DON!! cards; the program rests N active "
                   "DON!! cards")


def _n(m: re.Match, g: int | str = 1) -> int:
    return int(m.group(g))


# Durations (6-6): "until the end of your opponent's next End Phase" ends with that turn.
_DUR = {"during this turn": oc.D_TURN, "during this battle": oc.D_BATTLE,
        "until the end of your opponent's next End Phase": oc.D_UNTIL_OPP_END,
        "until the end of your opponent's next turn": oc.D_UNTIL_OPP_END,
        "until the start of your next turn": oc.D_UNTIL_YOUR_START}
_DUR_ANY = "|".join(re.escape(k) for k in _DUR)
_DURS = r"(?: (?P<d>" + _DUR_ANY + r"))?"

COSTS: tuple[Rule, ...] = (
    Rule("cost-rest-don", r"\((\d+)\)", lambda m: [Op(oc.OP_C_REST_DON, _n(m))],
         rules=("8-3-1-5",)),
    Rule("cost-don-minus", r"DON!! -(\d+)", lambda m: [Op(oc.OP_C_DON_MINUS, _n(m))],
         rules=("8-3-1-6", "10-2-10")),
    Rule("cost-return-active-don", r"You may return (\d+) of your active DON!! cards to your "
         r"DON!! deck", lambda m: [Op(oc.OP_C_DON_MINUS, _n(m), 1)], rules=("8-3-1-6", "10-2-10")),
    Rule("cost-don-minus-or-more", r"You may return (\d+) or more DON!! cards? from your field "
         r"to your DON!! deck", lambda m: [Op(oc.OP_C_DON_MINUS, _n(m))], status=APPROX,
         rules=("8-3-1-6", "10-2-10"),
         note="'N or more': the program returns exactly N DON!! cards, the fewest the card "
              "allows; the player may return more"),
    Rule("cost-trash-hand", r"(?:You may )?trash (\d+) cards? from your hand",
         lambda m: [Op(oc.OP_C_TRASH_HAND, _n(m), -1)], rules=("8-3-1-3",)),
    Rule("cost-rest-self", r"(?:You may )?rest this (?:card|Character|Leader|Stage)",
         lambda m: [Op(oc.OP_C_REST_SELF)], rules=("8-3-1-3",)),
    Rule("cost-rest-don-n", r"You may rest (\d+) of your DON!! cards?",
         lambda m: [Op(oc.OP_C_REST_DON, _n(m))], rules=("8-3-1-5",)),
    Rule("cost-trash-to-deck", r"You may (?:place|return) (\d+) cards from your trash (?:at|to) "
         r"the bottom of your deck in any order",
         lambda m: [Op(oc.OP_C_TRASH_TO_DECK, _n(m), -1)], rules=("8-3-1-3", "3-1-7")),
    Rule("cost-rest-1-card", r"You may rest 1 of your cards",
         lambda m: [Op(oc.OP_C_REST_OWN_OR_DON, 0, 1,
                       flt=Filter(zone=oc.Z_FIELD_ANY, owner=OWN_SELF))],
         rules=("8-3-1-3", "8-3-1-5")),
    Rule("cost-rest-cards", r"You may rest (\d+) of your cards",
         lambda m: [Op(oc.OP_C_REST_DON, _n(m))], status=APPROX, rules=("8-3-1-3",),
         note=_ANY_CARDS_COST),
    Rule("cost-trash-self", r"(?:You may )?trash this (?:card|Character|Stage)",
         lambda m: [Op(oc.OP_C_TRASH_SELF)], rules=("8-3-1-3",)),
)

CONDS: tuple[Rule, ...] = (
    Rule("cond-leader-type", r"If your Leader has the \{([^}]+)\} type",
         lambda m: Cond(oc.CK_LEADER_PRED, pred="type:" + m.group(1)), rules=("8-3-2",)),
    Rule("cond-leader-name", r"If your Leader is (\[[^\]]+\](?:(?:, | or )\[[^\]]+\])*)",
         lambda m: Cond(oc.CK_LEADER_PRED, pred="name:" + "|".join(
             re.findall(r"\[([^\]]+)\]", m.group(1)))), rules=("8-3-2",)),
    Rule("cond-leader-type-or-name", r"If your Leader (?:has the \{(?P<t1>[^}]+)\} type or is "
         r"\[(?P<n1>[^\]]+)\]|is \[(?P<n2>[^\]]+)\] or has the \{(?P<t2>[^}]+)\} type)",
         lambda m: Cond(oc.CK_LEADER_PRED, pred="type:" + (m.group("t1") or m.group("t2"))
                        + "||name:" + (m.group("n1") or m.group("n2"))), rules=("8-3-2",)),
    Rule("cond-leader-types", r"If your Leader has the \{([^}]+)\} or \{([^}]+)\} type",
         lambda m: Cond(oc.CK_LEADER_PRED, pred="type:" + m.group(1) + "|" + m.group(2)),
         rules=("8-3-2",)),
    Rule("cond-leader-attr", r"If your (?P<o>opponent's )?Leader has the <(?P<a>[^>]+)> "
         r"attribute", lambda m: Cond(oc.CK_LEADER_PRED, who=OWN_OPP if m.group("o") else
                                      OWN_SELF, pred="attr:" + m.group("a")),
         rules=("8-3-2",)),
    Rule("cond-leader-type-or-attr", r"If your Leader has the \{(?P<t>[^}]+)\} type or the "
         r"<(?P<a>[^>]+)> attribute",
         lambda m: Cond(oc.CK_LEADER_PRED, pred="type:" + m.group("t") + "||attr:"
                        + m.group("a")), rules=("8-3-2",)),
    Rule("cond-trash-ge", r"If you have (\d+) or more cards in your trash",
         lambda m: Cond(oc.CK_TRASH, cmp=1, value=_n(m)), rules=("8-3-2",)),

)

ACTIONS: tuple[Rule, ...] = (
    Rule("win", r"[Yy]ou win the game", lambda m: [Op(oc.OP_WIN)], rules=("1-2-5",)),
    Rule("draw", r"[Dd]raw (\d+) cards?", lambda m: [Op(oc.OP_DRAW, _n(m))],
         rules=("8-4-1",)),
    Rule("draw-trash", r"[Dd]raw (\d+) cards? and trash (\d+) cards? from your hand",
         lambda m: [Op(oc.OP_DRAW, _n(m)), Op(oc.OP_TRASH_HAND, _n(m, 2), -1)],
         rules=("8-4-1",)),
    Rule("life-from-deck", r"[Aa]dd up to (\d+) cards? from the top of your deck to the top "
         r"of your Life cards",
         lambda m: [Op(oc.OP_ADD_LIFE, _n(m), 0)], rules=("4-6",)),
    Rule("life-from-deck-n", r"[Aa]dd (\d+) cards? from the top of your deck to the top of "
         r"your Life cards", lambda m: [Op(oc.OP_ADD_LIFE, _n(m), 0)], rules=("4-6",)),
    Rule("trash-hand", r"[Tt]rash (\d+) cards? from your hand",
         lambda m: [Op(oc.OP_TRASH_HAND, _n(m), -1)], rules=("8-4-1",)),
    Rule("don-add-active", r"Add up to (\d+) DON!! cards? from your DON!! deck and set "
         r"(?:it|them) as active",
         lambda m: [Op(oc.OP_DON_ADD, _n(m), 0)], rules=("6-4",)),
    Rule("don-add-rested", r"Add up to (\d+) DON!! cards? from your DON!! deck and rest "
         r"(?:it|them)",
         lambda m: [Op(oc.OP_DON_ADD, _n(m), 1)], rules=("6-4",)),
    Rule("don-add-as", r"[Aa]dd up to (\d+) DON!! cards? as (?P<v>active|rested) from your "
         r"DON!! deck", lambda m: [Op(oc.OP_DON_ADD, _n(m), int(m.group("v") == "rested"))],
         rules=("6-4",)),
    Rule("don-add-n", r"Add (\d+) DON!! cards? from your DON!! deck and (?P<v>set (?:it|them) "
         r"as active|rest (?:it|them))",
         lambda m: [Op(oc.OP_DON_ADD, _n(m), int(m.group("v").startswith("rest")))],
         rules=("6-4",)),
    Rule("play-self", r"Play this card", lambda m: [Op(oc.OP_PLAY_SELF)], rules=("10-1-5-3",)),
    Rule("self-to-hand", r"[Aa]dd this card to your hand",
         lambda m: [Op(oc.OP_SELF_TO_HAND)], rules=("10-1-5-3",)),
    Rule("play-self-from-trash", r"[Pp]lay this Character card from your trash(?P<r> rested)?",
         lambda m: [Op(oc.OP_PLAY_FROM, 0, 1, int(bool(m.group("r"))), flt=Filter(
             zone=oc.Z_TRASH, owner=OWN_SELF, flags=L.FLF_SELF_ONLY))], rules=("8-4-4-1",)),
    Rule("mill", r"Trash (\d+) cards? from the top of your deck",
         lambda m: [Op(oc.OP_MILL, _n(m))], rules=("8-4-1",)),
    Rule("don-set-active-eot", r"Set up to (\d+) of your DON!! cards as active at the end of "
         r"this turn", lambda m: [Op(oc.OP_DON_ACTIVE, _n(m), 1)], rules=("6-5-5", "6-6-1-2")),
    Rule("don-set-active", r"Set up to (\d+) of your DON!! cards as active",
         lambda m: [Op(oc.OP_DON_ACTIVE, _n(m))], rules=("6-5-5",)),
    Rule("scry", r"Look at (\d+) cards from the top of your deck(?: and place them at the top "
         r"or bottom of (?:the|your) deck in any order|, reorganize them in any order and "
         r"place them at the top or bottom of (?:the|your) deck)",
         lambda m: [Op(oc.OP_SCRY, _n(m))], rules=("8-4-4-1", "3-1-7")),
    Rule("don-return", r"[Rr]eturn (\d+) DON!! cards? from your field to your DON!! deck",
         lambda m: [Op(oc.OP_DON_MINUS, _n(m))], rules=("10-2-10",)),
    Rule("don-return-match-eot", r"[Aa]t the end of this turn, return DON!! cards from your "
         r"field to your DON!! deck until you have the same number of DON!! cards on your "
         r"field as your opponent", lambda m: [Op(oc.OP_DON_MINUS, 0, 1)],
         rules=("10-2-10", "6-6-1-2")),
    Rule("rest-own-don", r"[Rr]est (\d+) of your (?:active )?DON!! cards?",
         lambda m: [Op(oc.OP_DON_REST, _n(m), 0, OWN_SELF)], rules=("6-5-5",)),
    Rule("rest-own-cards", r"[Rr]est (\d+) of your cards",
         lambda m: [Op(oc.OP_DON_REST, _n(m), 0, OWN_SELF)], status=APPROX, rules=("6-5-5",),
         note=_ANY_CARDS),
    Rule("reveal-top", r"Reveal 1 card from the top of your deck",
         lambda m: [Op(oc.OP_REVEAL_TOP, 0)], rules=("8-4-4-1",)),
    Rule("reveal-pick", r"Reveal 1 card from the top of your deck(?: and|,) (?:play (?P<t>up to 1 "
         r".+?)(?P<r> rested)?|add (?P<u>up to 1 .+?) to your hand)",
         lambda m: _reveal_pick(m), rules=("8-4-4-1",)),
    Rule("rest-to-bottom-plain", r"[Pp]lace the rest at the bottom of your deck",
         lambda m: [Op(oc.OP_REST_TO, 0)], rules=("8-4-4-1", "3-1-7")),
    Rule("rest-to-top-or-bottom", r"[Pp]lace the rest at the top or bottom of (?:your|the) "
         r"deck(?: in any order)?",
         lambda m: [Op(oc.OP_REST_TO, 3)], rules=("8-4-4-1", "3-1-7")),
    Rule("trash-rest", r"[Tt]rash the rest", lambda m: [Op(oc.OP_REST_TO, 2)],
         rules=("8-4-4-1",)),
    Rule("rest-to-bottom", r"[Pp]lace the rest at the bottom of your deck in any order",
         lambda m: [Op(oc.OP_REST_TO, 0)], rules=("8-4-4-1", "3-1-7")),
)


_KW_BITS = {"Rush": 1, "Double Attack": 2, "Banish": 4, "Blocker": 8,  # cards.KW_*
            "Rush: Character": 16, "Unblockable": 32}


# Compositional templates: a verb and a target or card phrase read by phrases.py. A build
# returns None when the phrase does not read; the matcher then tries the next rule.
_CHAR_ZONES = (oc.Z_FIELD_CHAR, oc.Z_STAGE)
_PERSISTENT = (oc.T_CONTINUOUS, oc.T_YOUR_TURN, oc.T_OPP_TURN)
_PR = {"cannot attack": oc.PR_NO_ATTACK, "cannot be K.O.'d": oc.PR_NO_KO_BATTLE
       | oc.PR_NO_KO_EFFECT, "cannot be K.O.'d in battle": oc.PR_NO_KO_BATTLE,
       "cannot be K.O.'d by effects": oc.PR_NO_KO_EFFECT,
       "cannot be rested": oc.PR_NO_REST,
       "cannot activate [Blocker]": oc.PR_NO_BLOCK,
       "cannot be removed from the field by your opponent's effects": oc.PR_NO_REMOVE_EFFECT}
_PR_RE = "(?P<pr>" + "|".join(re.escape(k) for k in sorted(_PR, key=len, reverse=True)) + ")"


def _activate_event(t: str) -> list[Op] | None:
    """"activate up to 1 {Dressrosa} type Event (with a base cost of 3 or less) from your
    hand": ACTIVATE_EVENT over a filter of hand Events."""
    got = phrases.counted(t, oc.Z_HAND)
    if got is None or not got[1] or got[2].cat != 1 << cards.EVENT:
        return None
    return [Op(oc.OP_ACTIVATE_EVENT, 0, got[0], flt=replace(got[2], owner=OWN_SELF))]


def _only_target(m: re.Match) -> list[Op]:
    """"your opponent cannot attack any card other than the Character [X]": every one of
    your Characters named X carries PR_ONLY_TARGET while the ability applies."""
    f = Filter(zone=oc.Z_FIELD_CHAR, owner=OWN_SELF, pred_all=("name:" + m.group("n"),))
    return [Op(oc.OP_SEL_ALL, 0, flt=f), Op(oc.OP_PROHIBIT, oc.PR_ONLY_TARGET, oc.D_CONTINUOUS)]


def _select(t: phrases.Target) -> list[Op]:
    """The selection rows of a target: the source card, a Leader, all matching, or a
    choice of `count` ("up to": 8-4-4-1)."""
    if t.kind == "self":
        return [Op(oc.OP_SEL_SELF)]
    if t.kind == "leader":
        return [Op(oc.OP_SEL_LEADER, t.flt.owner)]
    if t.kind == "it":
        return []
    if t.kind == "played":  # a mark: the play before it selects what it plays
        return [Op(PLAYED_MARK)]
    if t.kind == "all":
        return [Op(oc.OP_SEL_ALL, 0, flt=t.flt)]
    return [Op(oc.OP_SEL, 0, t.count, int(t.upto), flt=t.flt)]


PLAYED_MARK = -1  # not an opcode: removed by _select_played


def _eot_move(bit: int) -> Callable:
    """Build of "<move> this Character / the Character played by this effect ... at the
    end of this turn" (6-6-1-2): the card is marked for the move (oc.EOT_*, for the turn)."""
    def build(m: re.Match) -> list[Op] | None:
        t = phrases.target(m.group("t"))
        if t is None or t.kind not in ("self", "played"):
            return None
        return _select(t) + [Op(oc.OP_GRANT, bit, oc.D_TURN)]
    return build


def _dur(m: re.Match) -> int:
    """The duration named in group d; none written means while the ability applies."""
    return _DUR[m.group("d")] if m.group("d") else oc.D_CONTINUOUS


def _on(rows: Callable[[re.Match], list[Op]], chars: bool = False,
        owner: int = -1) -> Callable:
    """Build: select group t (a target phrase), then `rows`; with `chars` only Characters
    (and Stages) or the source card may be the target (K.O., trash, bounce); with `owner`
    only that player's cards (or an earlier step's choice)."""
    def build(m: re.Match) -> list[Op] | None:
        t = phrases.target(m.group("t"))
        if t is None or (chars and t.kind not in ("self", "it")
                         and t.flt.zone not in _CHAR_ZONES):
            return None
        if owner >= 0 and t.kind != "it" and t.flt.owner != owner:
            return None
        return _select(t) + rows(m)
    return build


_WHOSE = {"your": OWN_SELF, "your opponent's": OWN_OPP, "your or your opponent's": OWN_ANY}


def _trash_to_bottom(m: re.Match, who: int) -> list[Op] | None:
    """"<whose> places N cards (Events, ...) from their trash at the bottom of their deck":
    TRASH_TO_DECK with a filter on that player's trash (its owner chooses the cards)."""
    f = phrases.card_phrase(m.group("t"), oc.Z_TRASH, who)
    if f is None:
        return None
    return [Op(oc.OP_TRASH_TO_DECK, _n(m, "n"), 0, who, flt=f)]


_PER = {"in your trash": oc.PER_TRASH, "in your hand": oc.PER_HAND,
        "Events in your trash": oc.PER_TRASH_EVENTS,
        "of your rested DON!! cards": oc.PER_DON_RESTED}


def _ko_battle_by(by: str) -> list[Op] | None:
    """"This Character cannot be K.O.'d in battle by <Slash> attribute cards" (or by
    Leaders): while the opponent's card in its battle matches the phrase (CK_BATTLING), the
    source card has PR_NO_KO_BATTLE; the engine reads it in the Damage Step."""
    if by == "Leaders":
        f = Filter(zone=oc.Z_FIELD_LC, owner=OWN_OPP, cat=1 << cards.LEADER)
    else:
        f = phrases.card_phrase(by, oc.Z_FIELD_LC, OWN_OPP)
    if f is None:
        return None
    return [Op(oc.OP_SKIP_UNLESS, 0, 2, cond=Cond(oc.CK_BATTLING, flt=f)),
            Op(oc.OP_SEL_SELF), Op(oc.OP_PROHIBIT, oc.PR_NO_KO_BATTLE, oc.D_CONTINUOUS)]


def _base_becomes(t: str, power: int, dur: int) -> list[Op] | None:
    """"<target>'s base power becomes N": SET_BASE on the target. "Your {T} type Leader"
    (one Leader, no choice) is every Leader that matches, so that a continuous ability can
    read it too ("[Opponent's Turn] Your {Navy} type Leader's base power becomes 7000").
    "Your monocolored Leader" is the Leader while it has one colour (2-3-5)."""
    if re.fullmatch(r"[Yy]our monocolored Leader", t):
        rows = [*_select(phrases.target("your Leader")), Op(oc.OP_SET_BASE, power, dur)]
        return [Op(oc.OP_SKIP_UNLESS, 0, len(rows), cond=Cond(oc.CK_LEADER_MULTI, neg=1)),
                *rows]
    target = phrases.target(t)
    if target is None:
        return None
    if target.kind == "sel" and target.flt.zone == oc.Z_LEADER and not target.upto:
        target = replace(target, kind="all", count=-1)
    return [*_select(target), Op(oc.OP_SET_BASE, power, dur)]


def _named_and_self(m: re.Match, row: Op) -> list[Op]:
    """"All of your [A] cards and this Character <row>": every Leader or Character of yours
    named so, then the source card; `row` sets a keyword or a base power, which applying
    twice to one card does not change."""
    names = re.findall(r"\[([^\]]+)\]", m.group("n"))
    f = Filter(zone=oc.Z_FIELD_LC, owner=OWN_SELF, pred_all=("name:" + "|".join(names),))
    return [Op(oc.OP_SEL_ALL, 0, flt=f), row, Op(oc.OP_SEL_SELF), row]


def _signed(m: re.Match) -> int:
    return int(m.group("s"))


def _from_zone(op: int, zone: str, rested: bool = False, c: int = 0) -> Callable:
    """Build of "<verb> up to N <card phrase> from your <zone> (<qualifiers>)": op(filter,
    N[, rested]); c is the op's third argument when there is no "rested". A play "with ...
    and a total cost of N or less" keeps N + 1 in c's bits 4 and up (a budget the picks
    share)."""
    def build(m: re.Match) -> list[Op] | None:
        z = {"hand": oc.Z_HAND, "trash": oc.Z_TRASH}[m.group(zone)]
        t = m.group("t")
        total = re.fullmatch(r"(.+?),? and a total cost of (\d+) or less", t)
        if total is not None:
            if op != oc.OP_PLAY_FROM:
                return None
            t = total.group(1)
        got = phrases.counted(t + (m.groupdict().get("q") or ""), z)
        if got is None or not got[1]:
            return None
        n, _, f = got
        rest = int(bool(rested and m.group("r"))) if rested else c
        if total is not None:
            rest |= (int(total.group(2)) + 1) << 4
        return [Op(op, 0, n, rest, flt=f)]
    return build


def _pick(m: re.Match) -> list[Op] | None:
    """Look at N, then pick up to K of a card phrase into the hand."""
    got = phrases.counted(m.group("t"), oc.Z_LOOK)
    if got is None or not got[1]:
        return None
    return [Op(oc.OP_LOOK, _n(m)), Op(oc.OP_PICK, 0, got[0], oc.DEST_HAND, flt=got[2])]


def _pick_either(m: re.Match) -> list[Op] | None:
    """Look at N, then pick one of two phrases ("up to 1 [A] or up to 1 {T} type card"):
    the choice of side is a CHOOSE_ONE (Q_MODE) over one PICK each, made after the look."""
    sides = phrases.alternatives(m.group("t"), oc.Z_LOOK)
    if sides is None or not all(upto for _, upto, _ in sides):
        return None
    rows = [Op(oc.OP_LOOK, _n(m)), Op(oc.OP_CHOOSE_ONE, len(sides))]
    for n, _, f in sides:
        rows += [Op(oc.OP_OPTION, 0, 1), Op(oc.OP_PICK, 0, n, oc.DEST_HAND, flt=f)]
    return rows


def _reveal_pick(m: re.Match) -> list[Op] | None:
    """'Reveal 1 card from the top of your deck and play/add up to 1 <phrase>': a look at 1
    and a pick to the field (rested) or the hand."""
    got = phrases.counted(m.group("t") or m.group("u"), oc.Z_LOOK)
    if got is None:
        return None
    dest = (oc.DEST_HAND if m.group("u") else
            oc.DEST_PLAY_RESTED if m.group("r") else oc.DEST_PLAY)
    return [Op(oc.OP_LOOK, 1), Op(oc.OP_PICK, 0, 1, dest, flt=got[2])]


def _cost_phrase(op: int, zone: int) -> Callable:
    """Cost build of "N <card phrase>" in `zone` (no "up to" in a cost): op(N, filter)."""
    def build(m: re.Match) -> list[Op] | None:
        got = phrases.counted(m.group("t"), zone)
        if got is None or got[1]:
            return None
        return [Op(op, got[0], 0, flt=got[2])]
    return build


def _own_char(op: int, zones: tuple[int, ...] = (oc.Z_FIELD_CHAR,)) -> Callable:
    """Cost build of "1 of your <phrase>": op(filter) on one of your cards in `zones`
    (Characters unless stated)."""
    def build(m: re.Match) -> list[Op] | None:
        t = phrases.target(m.group("t"))
        if (t is None or t.kind != "sel" or t.count != 1 or t.upto or t.flt.owner != OWN_SELF
                or t.flt.zone not in zones):
            return None
        return [Op(op, 0, flt=t.flt)]
    return build


def _rest_own_n(m: re.Match) -> list[Op] | None:
    """Cost "rest N of your <Character phrase>" (N of 2 or more): N of your active
    Characters, each chosen by the player."""
    t = phrases.target(m.group("t"))
    if (t is None or t.kind != "sel" or t.count < 2 or t.upto or t.flt.owner != OWN_SELF
            or t.flt.zone != oc.Z_FIELD_CHAR):
        return None
    return [Op(oc.OP_C_REST_OWN, 0, t.count, flt=t.flt)]


def _rest_own_or_don(m: re.Match) -> list[Op] | None:
    """Cost "rest your <phrase> Leader or N of your DON!! cards" (also "1 of your <Character
    phrase>"): one active card of yours that matches, or N active DON!! cards; either pays."""
    t = phrases.target(m.group("t"))
    if (t is None or t.kind not in ("sel", "leader") or t.count != 1 or t.upto
            or t.flt.owner != OWN_SELF or t.flt.zone not in (*_REST_ZONES, oc.Z_LEADER)):
        return None
    return [Op(oc.OP_C_REST_OWN_OR_DON, 0, _n(m, "n"), flt=t.flt)]


def _trash_own_or_hand(m: re.Match) -> list[Op] | None:
    """Cost "trash 1 of your <Character phrase> or N cards from your hand": either pays."""
    t = phrases.target(m.group("t"))
    if (t is None or t.kind != "sel" or t.count != 1 or t.upto or t.flt.owner != OWN_SELF
            or t.flt.zone != oc.Z_FIELD_CHAR):
        return None
    return [Op(oc.OP_C_TRASH_OWN_OR_HAND, 0, _n(m, "n"), flt=t.flt)]


def _trash_hand_or_don(m: re.Match) -> list[Op] | None:
    """Cost "trash 1 <card phrase> from your hand or rest N of your DON!! cards": either
    pays (C_REST_OWN_OR_DON on a hand filter: that card is trashed)."""
    got = phrases.counted(m.group("t"), oc.Z_HAND)
    if got is None or got[1] or got[0] != 1:
        return None
    return [Op(oc.OP_C_REST_OWN_OR_DON, 0, _n(m, "n"), flt=got[2])]


def _give_don_cost(m: re.Match) -> list[Op] | None:
    """'You may give N (of your) active DON!! cards to 1 of your <Leader or Character
    phrase> (and trash this Character)': the DON!! to the card the player chooses."""
    t = phrases.target(m.group("t"))
    if (t is None or t.kind != "sel" or t.count != 1 or t.upto or t.flt.owner != OWN_SELF
            or t.flt.zone not in (oc.Z_FIELD_CHAR, oc.Z_FIELD_LC, oc.Z_LEADER)):
        return None
    give = Op(oc.OP_C_GIVE_DON, _n(m, "n"), flt=t.flt)
    return [give, Op(oc.OP_C_TRASH_SELF)] if m.group("x") else [give]


def _look_play(m: re.Match) -> list[Op] | None:
    """'Look at N cards from the top of your deck; play up to K <card phrase> (rested)': a
    look and a pick to the field, no cost paid (8-4-4-1)."""
    got = phrases.counted(m.group("t"), oc.Z_LOOK)
    if got is None or not got[1]:
        return None
    dest = oc.DEST_PLAY_RESTED if m.group("r") else oc.DEST_PLAY
    return [Op(oc.OP_LOOK, _n(m)), Op(oc.OP_PICK, 0, got[0], dest, flt=got[2])]


def _no_blocker_of(m: re.Match) -> list[Op] | None:
    """'Your opponent cannot activate a [Blocker] Character that has N or less power' / 'the
    [Blocker] of any Character with a cost of N or less': their matching Characters."""
    f = phrases.card_phrase("Character with " + m.group("q"), phrases.FIELD, OWN_OPP)
    if f is None or f.zone != oc.Z_FIELD_CHAR:
        return None
    return [Op(oc.OP_SEL_ALL, 0, flt=f), Op(oc.OP_PROHIBIT, oc.PR_NO_BLOCK, _dur(m))]


def _play_either(m: re.Match) -> list[Op] | None:
    """'Play up to 1 <card phrase> from your hand or trash': a choice of the zone (Q_MODE),
    then of up to 1 card there; the same cards can be played as from both zones at once."""
    rows = [Op(oc.OP_CHOOSE_ONE, 2)]
    for zone in (oc.Z_HAND, oc.Z_TRASH):
        got = phrases.counted(m.group("t"), zone)
        if got is None or not got[1] or got[0] != 1:
            return None
        rows += [Op(oc.OP_OPTION, 0, 1), Op(oc.OP_PLAY_FROM, 0, 1, int(bool(m.group("r"))),
                                           flt=got[2])]
    return rows


def _refresh_lock_or_don(m: re.Match) -> list[Op] | None:
    """'Up to N of your opponent's rested Character or DON!! cards will not become active in
    your opponent's next Refresh Phase': a choice (Q_MODE) of how many are DON!! cards (N,
    N-1, ... 0), the rest rested Characters."""
    n = _n(m, "n")
    if not 1 <= n <= 3:
        return None
    f = Filter(zone=oc.Z_FIELD_CHAR, owner=OWN_OPP, state=L.ST_RESTED)
    rows = [Op(oc.OP_CHOOSE_ONE, n + 1)]
    for k in range(n, -1, -1):  # k DON!! cards
        body = ([Op(oc.OP_DON_LOCK, k, 0, OWN_OPP)] if k else []) + (
            [Op(oc.OP_SEL, 0, n - k, 1, flt=f),
             Op(oc.OP_PROHIBIT, oc.PR_NO_REFRESH, oc.D_UNTIL_OPP_END)] if n - k else [])
        rows += [Op(oc.OP_OPTION, 0, len(body)), *body]
    return rows


def _trash_play_or_life(m: re.Match) -> list[Op] | None:
    """'Select up to 1 <card phrase> from your trash and play it or add it to the top of
    your Life cards face-up': the player's choice of what to do (Q_MODE), then of the card;
    every card and either end can be chosen, as when the card is selected first."""
    got = phrases.counted(m.group("t"), oc.Z_TRASH)
    if got is None or not got[1] or got[0] != 1:
        return None
    return [Op(oc.OP_CHOOSE_ONE, 2),
            Op(oc.OP_OPTION, 0, 1), Op(oc.OP_PLAY_FROM, 0, 1, 0, flt=got[2]),
            Op(oc.OP_OPTION, 0, 1), Op(oc.OP_TRASH_TO_HAND, 0, 1, 1, flt=got[2])]


def _rest_total_or_don(m: re.Match) -> list[Op] | None:
    """'Rest up to a total of N of your opponent's Characters or DON!! cards': a choice
    (Q_MODE) of how many are Characters (N, N-1, ... 0), the rest DON!! cards."""
    n = _n(m, "n")
    f = phrases.card_phrase(m.group("t"), phrases.FIELD, OWN_OPP)
    if f is None or f.zone != oc.Z_FIELD_CHAR or not 1 <= n <= 3:
        return None
    rows = [Op(oc.OP_CHOOSE_ONE, n + 1)]
    for k in range(n, -1, -1):
        body = ([Op(oc.OP_SEL, 0, k, 1, flt=f), Op(oc.OP_REST)] if k else []) + (
            [Op(oc.OP_DON_REST, n - k, 0, OWN_OPP)] if n - k else [])
        rows += [Op(oc.OP_OPTION, 0, len(body)), *body]
    return rows


def _rest_opp_cards(m: re.Match) -> list[Op] | None:
    """'Rest up to N of your opponent's cards': any of their Leader, Characters, Stage and
    DON!! cards; a choice (Q_MODE) of how many are Leader or Characters, whether one is the
    Stage, and the rest DON!! cards (the Leader and Characters first)."""
    n = _n(m, "n")
    if not 1 <= n <= 3:
        return None
    lc = Filter(zone=oc.Z_FIELD_LC, owner=OWN_OPP)
    stage = Filter(zone=oc.Z_STAGE, owner=OWN_OPP)
    splits = [(k, s, n - k - s) for k in range(n, -1, -1) for s in (0, 1) if k + s <= n]
    rows = [Op(oc.OP_CHOOSE_ONE, len(splits))]
    for k, s, d in splits:
        body = (([Op(oc.OP_SEL, 0, k, 1, flt=lc), Op(oc.OP_REST)] if k else [])
                + ([Op(oc.OP_SEL, 0, 1, 1, flt=stage), Op(oc.OP_REST)] if s else [])
                + ([Op(oc.OP_DON_REST, d, 0, OWN_OPP)] if d else []))
        rows += [Op(oc.OP_OPTION, 0, len(body)), *body]
    return rows


def _rest_don_or(m: re.Match) -> list[Op] | None:
    """'Rest up to 1 of your opponent's DON!! cards or <Characters phrase>': one card of
    either kind, a choice (Q_MODE) between resting a DON!! card and a Character."""
    f = phrases.card_phrase(m.group("t"), phrases.FIELD, OWN_OPP)
    if f is None or f.zone != oc.Z_FIELD_CHAR:
        return None
    return [Op(oc.OP_CHOOSE_ONE, 2), Op(oc.OP_OPTION, 0, 1),
            Op(oc.OP_DON_REST, 1, 0, OWN_OPP), Op(oc.OP_OPTION, 0, 2),
            Op(oc.OP_SEL, 0, 1, 1, flt=f), Op(oc.OP_REST)]


def _any_number_hand(m: re.Match) -> list[Op] | None:
    """'trash any number of <card phrase> from your hand': ANY_NUMBER over the hand cards
    the phrase names (any card for "cards")."""
    t = m.group("t")
    if t == "cards":
        return [Op(oc.OP_ANY_NUMBER, oc.ANY_TRASH_HAND, -1)]
    f = phrases.card_phrase(t, oc.Z_HAND, OWN_SELF)
    return None if f is None else [Op(oc.OP_ANY_NUMBER, oc.ANY_TRASH_HAND, 0, flt=f)]



def _play_cost_reduced(m: re.Match) -> list[Op] | None:
    """"The cost of playing {T} type Character cards with a cost of 2 or more from your hand
    will be reduced by 1": one HAND_COST row over a filter of hand cards."""
    f = phrases.card_phrase(m.group("t"), oc.Z_HAND, OWN_SELF)
    return None if f is None else [Op(oc.OP_HAND_COST, -_n(m, "n"), 0, flt=f)]


def _retarget(m: re.Match) -> list[Op] | None:
    """'Change the target of that attack to this Leader or to 1 of your {T} type Character
    cards': one of the controller's own cards the phrase names, then RETARGET."""
    t = phrases.target(m.group("t").replace(" or to ", " or "))
    if t is None or t.kind not in ("sel", "leader") or t.flt.owner != OWN_SELF:
        return None
    return _select(t) + [Op(oc.OP_RETARGET)]


def _next_play_cost(m: re.Match) -> list[Op] | None:
    """'the next time you play [NAME] with a cost of 4 or more from your hand during this
    turn, the cost will be reduced by 2': NEXT_PLAY_CUT over a filter of hand cards."""
    f = phrases.card_phrase(m.group("t"), oc.Z_HAND, OWN_SELF)
    return None if f is None else [Op(oc.OP_NEXT_PLAY_CUT, _n(m, "n"), 0, flt=f)]


def _for_every_on_field(m: re.Match) -> list[Op] | None:
    """'For every {T} type card on your field, give up to 1 of your opponent's Characters
    -1000 power during this turn': X counts your Leader, Characters and Stage of that type,
    then the power rows run X times (each its own choice)."""
    f = phrases.card_phrase(m.group("t") + " Character", phrases.FIELD, OWN_SELF)
    do = m.group("do")
    inner = match_piece(ALL_ACTIONS, do[:1].upper() + do[1:])
    if f is None or f.zone != oc.Z_FIELD_CHAR or inner is None or inner.rule.name not in (
            "power-give", "power-gains"):
        return None
    rows = list(inner.value)
    return [Op(oc.OP_COUNT_X, 0, 0, flt=replace(f, zone=oc.Z_FIELD_LC)),
            Op(oc.OP_COUNT_X, 0, 1, flt=replace(f, zone=oc.Z_STAGE)),
            Op(oc.OP_REPEAT_X, len(rows)), *rows]


TEMPLATES: tuple[Rule, ...] = (
    Rule("for-every-on-field", r"For every (?P<t>\{[^}]+\} type) card on your field, "
         r"(?P<do>.+)", _for_every_on_field, rules=("8-4-4-1", "1-3-2-2", "6-6")),
    Rule("next-play-cost", r"[Tt]he next time you play (?:an? )?(?P<t>.+?) from your hand "
         r"during this turn, the cost will be reduced by (?P<n>\d+)", _next_play_cost,
         rules=("2-7-6", "6-5-3-1")),
    Rule("retarget-selected", r"Change the attack target to the selected (?:card|Character)",
         lambda m: [Op(oc.OP_RETARGET)], rules=("7-1-1-2", "8-4-4-1")),
    Rule("retarget", r"Change the target of that attack to (?P<t>.+)", _retarget,
         rules=("7-1-1-2", "8-4-4-1")),
    Rule("any-number-rest-don", r"(?:You may )?[Rr]est any number of your DON!! cards",
         lambda m: [Op(oc.OP_ANY_NUMBER, oc.ANY_REST_DON, -1)], rules=("8-4-4", "1-3-2-2")),
    Rule("any-number-trash-hand", r"(?:You may )?[Tt]rash any number of (?P<t>.+?) from your "
         r"hand", _any_number_hand, rules=("8-4-4", "1-3-2-2")),
    Rule("power-per-paid", r"(?P<t>.+?) gains? (?P<s>\+\d+) power" + _DURS + r" for every "
         r"card trashed", _on(lambda m: [Op(oc.OP_POWER_X, _signed(m), _dur(m))]),
         rules=("8-4-4-1", "6-6")),
    Rule("power-per-paid-first", r"For every DON!! card rested this way, (?P<t>.+?) gains? "
         r"(?P<s>\+\d+) power" + _DURS,
         _on(lambda m: [Op(oc.OP_POWER_X, _signed(m), _dur(m))]), rules=("8-4-4-1", "6-6")),
    Rule("eot-trash", r"[Tt]rash (?P<t>.+?) at the end of this turn", _eot_move(oc.EOT_TRASH),
         rules=("6-6-1-2",)),
    Rule("eot-to-hand", r"[Rr]eturn (?P<t>.+?) to (?:the owner's|your) hand at the end of "
         r"this turn", _eot_move(oc.EOT_HAND), rules=("6-6-1-2",)),
    Rule("eot-to-bottom", r"[Pp]lace (?P<t>.+?) at the bottom of (?:the owner's|your) deck at "
         r"the end of this turn", _eot_move(oc.EOT_BOTTOM), rules=("6-6-1-2",)),
    Rule("activate-event", r"[Aa]ctivate (?P<t>up to \d+ .+?) from your hand",
         lambda m: _activate_event(m.group("t")), status=APPROX,
         rules=("10-2-3-1-1", "2-2-5", "8-6-3"),
         note="the Event's cost is not paid (the text asks for none, as when an effect plays "
              "a card) and its [Main] resolves after this ability, behind abilities already "
              "pending (8-6-3); an Event whose [Main] the engine does not play is not offered"),
    Rule("attack-only-named", r"[Yy]our opponent cannot attack any card other than the "
         r"Character \[(?P<n>[^\]]+)\]", _only_target, rules=("7-1-1-1", "1-3-3", "8-1-3-3")),
    Rule("ko-total-cost", r"K\.O\. your opponent's Characters with a total cost of (\d+) or "
         r"less", lambda m: [Op(oc.OP_SEL, 0, SEL_CAP, (_n(m) + 1) << 4, flt=Filter(
             zone=oc.Z_FIELD_CHAR, owner=OWN_OPP)), Op(oc.OP_KO)], rules=("8-4-4-1", "1-3-2")),
    Rule("ko", r"K\.O\. (?P<t>.+)", _on(lambda m: [Op(oc.OP_KO)], chars=True),
         rules=("8-4-4-1", "10-2-17")),
    Rule("ko-two", r"(?P<v>K\.O\.|[Rr]est) (?P<t>up to .+?) and (?P<u>up to .+)",
         lambda m: _two_targets(m), rules=("8-4-4-1",)),
    Rule("rest", r"[Rr]est (?P<t>.+)", _on(lambda m: [Op(oc.OP_REST)]), rules=("8-4-4-1",)),
    Rule("to-hand", r"[Rr]eturn (?P<t>.+) to (?:the owner's|your|its owner's) hand",
         _on(lambda m: [Op(oc.OP_TO_HAND)], chars=True), rules=("8-4-4-1",)),
    Rule("to-bottom", r"(?:[Pp]lace|[Rr]eturn) (?P<t>.+?) (?:at|to) the bottom of the owner's "
         r"deck(?P<o> in any order(?: of the owner's choosing)?)?",
         _on(lambda m: [Op(oc.OP_TO_DECK, 1)], chars=True), rules=("8-4-4-1",)),
    Rule("trash-target", r"[Tt]rash (?P<t>.+)", _on(lambda m: [Op(oc.OP_TRASH)], chars=True),
         rules=("8-4-4-1",)),
    Rule("set-active-leader-and-all", r"[Ss]et your Leader and all of your Characters as "
         r"active", lambda m: [Op(oc.OP_SEL_LEADER, OWN_SELF), Op(oc.OP_SET_ACTIVE),
                               Op(oc.OP_SEL_ALL, 0, flt=Filter(zone=oc.Z_FIELD_CHAR,
                                                               owner=OWN_SELF)),
                               Op(oc.OP_SET_ACTIVE)], rules=("8-4-4-1",)),
    Rule("set-active", r"[Ss]et (?P<t>.+) as active", _on(lambda m: [Op(oc.OP_SET_ACTIVE)]),
         rules=("8-4-4-1",)),
    Rule("power-give", r"[Gg]ive (?P<t>.+) (?P<s>[-+]\d+) power" + _DURS,
         _on(lambda m: [Op(oc.OP_POWER, _signed(m), _dur(m))]), rules=("8-4-4-1", "6-6")),
    Rule("power-gains", r"(?P<t>.+?) gains? (?:an additional )?(?P<s>[-+]\d+) power" + _DURS,
         _on(lambda m: [Op(oc.OP_POWER, _signed(m), _dur(m))]), rules=("8-4-4-1", "6-6")),
    Rule("power-per-count", r"[Tt]his Character gains \+(?P<s>\d+) power for every "
         r"(?:(?P<k>\d+) )?(?P<w>cards? in your trash|cards? in your hand|Events in your trash|"
         r"of your rested DON!! cards)",
         lambda m: [Op(oc.OP_SEL_SELF), Op(oc.OP_POWER_PER, _signed(m), int(m.group("k") or 1),
                                          _PER[m.group("w").split(" ", 1)[1] if m.group("w")
                                               .startswith(("card ", "cards ")) else
                                               m.group("w")])],
         rules=("8-4-4-1", "6-6")),
    Rule("cost-give", r"[Gg]ive (?P<t>.+) (?P<s>[-+]\d+) cost" + _DURS,
         _on(lambda m: [Op(oc.OP_COST, _signed(m), _dur(m))]), rules=("8-4-4-1", "2-7-6")),
    Rule("cost-gains", r"(?P<t>.+?) gains? (?P<s>[-+]\d+) cost" + _DURS,
         _on(lambda m: [Op(oc.OP_COST, _signed(m), _dur(m))]), rules=("8-4-4-1", "2-7-6")),
    Rule("grant", r"(?P<t>.+?) gains? \[(?P<k>Rush|Double Attack|Banish|Blocker|Rush: "
         r"Character|Unblockable)\]" + _DURS,
         _on(lambda m: [Op(oc.OP_GRANT, _KW_BITS[m.group("k")], _dur(m))]),
         rules=("8-4-4-1", "10-1")),
    Rule("grant-attack-active", r"(?P<t>.+?) can also attack (?:your opponent's )?active "
         r"Characters" + _DURS,
         _on(lambda m: [Op(oc.OP_GRANT, oc.GR_ATTACK_ACTIVE, _dur(m))]),
         rules=("8-4-4-1", "7-1-1")),
    Rule("grant-rush-char", r"(?P<t>.+?) can attack Characters on the turn in which (?:it is|"
         r"they are) played" + _DURS,
         _on(lambda m: [Op(oc.OP_GRANT, _KW_BITS["Rush: Character"], _dur(m))]),
         rules=("8-4-4-1", "10-1")),
    Rule("set-base-power", r"[Ss]et the base power of (?P<t>.+?) to (?P<s>\d+)" + _DURS,
         _on(lambda m: [Op(oc.OP_SET_BASE, _signed(m), _dur(m))]), rules=("8-4-4-1", "4-9-2-1")),
    Rule("set-base-power-as-selected", r"This Character's base power becomes the same as "
         r"the selected Character's power" + _DURS,
         lambda m: [Op(oc.OP_SET_BASE_AS, _dur(m))], rules=("8-4-4-1", "4-9-2-1")),
    Rule("set-base-power-as-leader", r"This Character's base power becomes the same as "
         r"(?P<w>your|your opponent's) Leader(?:'s power)?" + _DURS,
         lambda m: [Op(oc.OP_SEL_LEADER, OWN_OPP if "opponent" in m.group("w") else OWN_SELF),
                    Op(oc.OP_SET_BASE_AS, _dur(m))], rules=("8-4-4-1", "4-9-2-1")),
    Rule("base-power-becomes-leader-and-self", r"Your Leader and this Character's base power "
         r"becomes (?P<s>\d+)" + _DURS,
         lambda m: [Op(oc.OP_SEL_LEADER, OWN_SELF), Op(oc.OP_SET_BASE, _signed(m), _dur(m)),
                    Op(oc.OP_SEL_SELF), Op(oc.OP_SET_BASE, _signed(m), _dur(m))],
         rules=("8-4-4-1", "4-9-2-1")),
    Rule("base-power-becomes", r"(?P<t>.+?)(?:'s|') base power becomes (?P<s>\d+)" + _DURS,
         lambda m: _base_becomes(m.group("t"), _signed(m), _dur(m)),
         rules=("8-4-4-1", "4-9-2-1")),
    Rule("base-power-of-becomes", r"[Tt]he base power of (?P<t>.+?) becomes (?P<s>\d+)" + _DURS,
         lambda m: _base_becomes(m.group("t"), _signed(m), _dur(m)),
         rules=("8-4-4-1", "4-9-2-1")),
    Rule("prohibit", r"(?P<t>.+?) " + _PR_RE + _DURS,
         _on(lambda m: [Op(oc.OP_PROHIBIT, _PR[m.group("pr")], _dur(m))]),
         rules=("8-4-4-1", "1-3-3")),
    Rule("don-set-all-active", r"Set all of your DON!! cards as active",
         lambda m: [Op(oc.OP_DON_ACTIVE, DON_TOTAL)], rules=("6-5-5",)),
    Rule("ban-play-hand", r"[Yy]ou cannot play cards from your hand during this turn",
         lambda m: [Op(oc.OP_BAN_PLAY, 0, 1)], rules=("1-3-3", "3-7-3")),
    Rule("ban-play-chars", r"[Yy]ou cannot play Character cards(?: with a base cost of "
         r"(?P<c>\d+) or more)? during this turn",
         lambda m: [Op(oc.OP_BAN_PLAY, int(m.group("c") or 0))], rules=("1-3-3", "3-7-3")),
    Rule("ban-life-to-hand", r"[Yy]ou cannot add Life cards to your hand using your own "
         r"effects during this turn", lambda m: [Op(oc.OP_BAN_PLAY, 0, 2)],
         rules=("1-3-3", "8-3-1-3")),
    Rule("ban-don-active-char", r"[Yy]ou cannot set DON!! cards as active using Character "
         r"effects during this turn", lambda m: [Op(oc.OP_BAN_PLAY, 0, 3)], rules=("1-3-3",)),
    Rule("prohibit-ko-battle-by", r"[Tt]his Character cannot be K\.O\.'d in battle by "
         r"(?P<by>.+)", lambda m: _ko_battle_by(m.group("by")), rules=("1-3-3", "7-1-4")),
    Rule("prohibit-ko-opp-effects", r"(?P<t>.+?) cannot be K\.O\.'d by your opponent's "
         r"effects" + _DURS, _on(lambda m: [Op(oc.OP_PROHIBIT, oc.PR_NO_KO_EFFECT, _dur(m))]),
         status=APPROX, rules=("8-4-4-1", "1-3-3"),
         note="the card protects from the opponent's effects; the program from every effect "
              "that K.O.s (your own too), not from costs"),
    Rule("prohibit-none", r"None of (?P<t>your(?: opponent's)? .+?) can (?P<pr>be K\.O\.'d"
         r"(?: in battle| by effects)?|attack|be rested)" + _DURS,
         lambda m: _on(lambda m2: [Op(oc.OP_PROHIBIT, _PR["cannot " + m.group("pr")],
                                      _dur(m))])(_Sub(m, "all of " + m.group("t"))),
         status=APPROX, rules=("1-3-3",),
         note="'none of your Characters can': the program protects the Characters on the "
              "field when it resolves, not ones played later in the duration"),
    Rule("opp-no-blocker", r"Your opponent cannot activate \[Blocker\]" + _DURS,
         lambda m: [Op(oc.OP_SEL_ALL, 0, flt=Filter(zone=oc.Z_FIELD_CHAR, owner=OWN_OPP)),
                    Op(oc.OP_PROHIBIT, oc.PR_NO_BLOCK, _dur(m))], status=APPROX,
         rules=("1-3-3", "10-1-4"),
         note="the card forbids the player; the program forbids the Characters they have "
              "when it resolves (a Character played later in the battle could block)"),
    Rule("negate", r"Negate the effects? of (?P<t>.+?)" + _DURS,
         _on(lambda m: [Op(oc.OP_NEGATE, 0, _dur(m))]), rules=("8-4-4-1",)),
    Rule("select", r"Select (?P<t>.+)", _on(lambda m: []), rules=("8-4-4-1",)),
    Rule("selected-unblockable", r"If the selected Character attacks during this turn, your "
         r"opponent cannot activate \[Blocker\]",
         lambda m: [Op(oc.OP_GRANT, _KW_BITS["Unblockable"], oc.D_TURN)], status=APPROX,
         rules=("8-4-4-1", "10-1"),
         note="read as the selected Character gaining [Unblockable] during this turn: the "
              "same for its attacks, but an effect asking whether a card has [Unblockable] "
              "would see it"),
    Rule("play-from", r"[Pp]lay (?P<t>up to \d+ .+?) from your (?P<z>hand|trash)"
         r"(?P<q> with .+?)?(?P<r> rested)?",
         _from_zone(oc.OP_PLAY_FROM, "z", rested=True), rules=("8-4-4-1",)),
    Rule("trash-to-hand", r"[Aa]dd (?P<t>up to \d+ .+?) from your (?P<z>trash) to your hand",
         _from_zone(oc.OP_TRASH_TO_HAND, "z"), rules=("8-4-4-1",)),
    Rule("trash-to-life-up", r"[Aa]dd (?P<t>up to \d+ .+?) from your (?P<z>trash) to the top "
         r"of your Life cards face-up", _from_zone(oc.OP_TRASH_TO_HAND, "z", c=1),
         rules=("8-4-4-1", "3-10-2-1")),
    Rule("look-pick", r"[Ll]ook at (\d+) cards from the top of your deck; reveal (?P<t>up to "
         r"\d+ .+?) and add (?:it|them) to your hand", _pick, rules=("8-4-4-1", "1-3-2")),
    Rule("look-pick-either", r"[Ll]ook at (\d+) cards from the top of your deck; reveal "
         r"(?P<t>up to \d+ .+? or .+?) and add (?:it|them) to your hand", _pick_either,
         rules=("8-4-4-1", "1-3-2")),
    Rule("look-upto-pick", r"[Ll]ook at up to (\d+) cards from the top of your deck; reveal "
         r"(?P<t>up to \d+ .+?) and add (?:it|them) to your hand",
         lambda m: _pick(m) or _pick_either(m), status=APPROX, rules=("8-4-4-1", "1-3-2"),
         note="'look at up to N': the program looks at N cards, the most the card allows"),
    Rule("look-pick-bottom", r"[Ll]ook at (\d+) cards from the top of your deck; reveal "
         r"(?P<t>up to \d+ .+?), add (?:it|them) to your hand and place the rest at the "
         r"bottom of your deck in any order",
         lambda m: None if _pick(m) is None else [*_pick(m), Op(oc.OP_REST_TO, 0)],
         rules=("8-4-4-1", "1-3-2", "3-1-7")),
    Rule("trash-hand-phrase", r"[Tt]rash (?P<t>\d+ .+?) from your hand",
         _cost_phrase(oc.OP_TRASH_HAND, oc.Z_HAND), rules=("8-4-1",)),
    Rule("trash-life-either", r"[Tt]rash (\d+) cards? from the top or bottom of your Life "
         r"cards", lambda m: [Op(oc.OP_TRASH_LIFE, _n(m), 2, OWN_SELF)], rules=("4-6",)),
    Rule("guess-cost-opp", r"Choose a cost and reveal 1 card from the top of your opponent's "
         r"deck", lambda m: [Op(oc.OP_GUESS_COST_OPP)], rules=("8-4-4-1",)),
    Rule("look-opp", r"[Ll]ook at (\d+) cards? from the top of your opponent's deck",
         lambda m: [Op(oc.OP_LOOK_OPP, _n(m))], rules=("8-4-4-1",)),
    Rule("to-life-either", r"[Aa]dd (?P<t>.+?) to the top or bottom of (?:your opponent's|the "
         r"owner's) Life cards face-up",
         _on(lambda m: [Op(oc.OP_TO_LIFE, 1, 2)], chars=True), rules=("4-6", "3-10-2")),
    Rule("opp-trashes-hand", r"Your opponent trashes (\d+) cards? from their hand",
         lambda m: [Op(oc.OP_OPP_TRASH_HAND, _n(m))], rules=("8-4-1",)),
    Rule("trash-opp-hand", r"[Tt]rash (\d+) cards? from your opponent's hand",
         lambda m: [Op(oc.OP_OPP_TRASH_HAND, _n(m))], status=APPROX, rules=("8-4-1",),
         note="the card has you choose from the opponent's hidden hand; the program has the "
              "opponent choose"),
    Rule("hand-to-life", r"[Aa]dd (?P<u>up to )?(\d+) cards? from your hand to the top of your "
         r"Life cards", lambda m: [Op(oc.OP_HAND_TO_LIFE, _n(m, 2), int(bool(m.group("u"))))],
         rules=("3-10-2", "8-4-4-1")),
    Rule("opp-hand-to-bottom", r"[Yy]our opponent places (?P<n>\d+) cards? from their hand at "
         r"the bottom of their deck(?P<o> in any order)?",
         lambda m: None if m.group("o") and _n(m, "n") > 1 else [
             Op(oc.OP_HAND_TO_DECK, _n(m, "n"), 1, OWN_OPP)],
         rules=("8-4-1",)),
    Rule("trash-to-bottom", r"[Pp]lace (?P<n>\d+) (?P<t>cards?) from your trash at the bottom "
         r"of your deck(?: in any order)?", lambda m: _trash_to_bottom(m, OWN_SELF),
         rules=("8-4-1", "3-1-7")),
    Rule("opp-trash-to-bottom", r"[Yy]our opponent places (?P<n>\d+) (?P<t>.+?) from their "
         r"trash at the bottom of their deck in any order",
         lambda m: _trash_to_bottom(m, OWN_OPP), rules=("8-4-1", "3-1-7")),
    Rule("life-scry", r"[Ll]ook at up to (?P<n>\d+) cards? from the top of (?P<w>your or your "
         r"opponent's|your opponent's|your) Life cards(?P<p> and place (?:it|them) at the top "
         r"or bottom of the Life cards)?",
         lambda m: [Op(oc.OP_LIFE_SCRY, _n(m, "n"), _WHOSE[m.group("w")], int(bool(m.group("p"))))],
         rules=("3-10-2", "8-4-4-1")),
    Rule("life-scry-place", r"[Pp]lace (?:it|them) at the top or bottom of the Life cards",
         lambda m: [], rules=("3-10-2",)),
    Rule("opp-hand-to-bottom-order", r"[Yy]our opponent places (?P<n>\d+) cards from their hand "
         r"at the bottom of their deck in any order",
         lambda m: [Op(oc.OP_HAND_TO_DECK, _n(m, "n"), 1, OWN_OPP)], rules=("8-4-1", "3-1-7")),
    Rule("hand-to-bottom", r"[Pp]lace (1) card from your hand at the bottom of your deck",
         lambda m: [Op(oc.OP_HAND_TO_DECK, _n(m), 1)], rules=("8-4-1",)),
    Rule("hand-to-top-or-bottom", r"[Pp]lace (\d+) cards? from your hand at the top or bottom "
         r"of your deck(?: in any order)?",
         lambda m: [Op(oc.OP_HAND_TO_DECK, _n(m), 3)], rules=("8-4-1", "3-1-7")),
    Rule("hand-to-bottom-order", r"[Pp]lace (\d+) cards from your hand at the bottom of your "
         r"deck in any order",
         lambda m: [Op(oc.OP_HAND_TO_DECK, _n(m), 1)], rules=("8-4-1", "3-1-7")),
    Rule("life-to-hand", r"[Aa]dd (\d+) cards? from the top of your Life cards to your hand",
         lambda m: [Op(oc.OP_LIFE_TO_HAND, _n(m), 0, OWN_SELF)], rules=("4-6",)),
    Rule("life-to-hand-either", r"[Aa]dd (\d+) cards? from the top or bottom of your Life "
         r"cards to your hand",
         lambda m: [Op(oc.OP_LIFE_TO_HAND, _n(m), 2, OWN_SELF)], rules=("4-6",)),
    Rule("trash-life", r"[Tt]rash (\d+) cards? from the top of (?P<w>your|your opponent's) "
         r"Life cards",
         lambda m: [Op(oc.OP_TRASH_LIFE, _n(m), 0, _who(m.group("w")))], rules=("4-6",)),
    Rule("trash-life-upto", r"[Tt]rash up to (\d+) cards? from the top of (?P<w>your|your "
         r"opponent's) Life cards",
         lambda m: [row for _ in range(_n(m)) for row in (
             Op(oc.OP_MAY, 0, 1), Op(oc.OP_TRASH_LIFE, 1, 0, _who(m.group("w"))))],
         rules=("4-6", "8-4-4-1")),
    Rule("don-add-more", r"[Aa]dd up to (\d+) additional DON!! cards? and (?P<v>rest|set) "
         r"(?:it|them)(?: as active)?",
         lambda m: [Op(oc.OP_DON_ADD, _n(m), int(m.group("v") == "rest"))], rules=("6-4",)),
    Rule("give-don-each", r"[Gg]ive your Leader and (1) Character up to (\d+) rested DON!! "
         r"cards? each",
         lambda m: [Op(oc.OP_SEL_LEADER, OWN_SELF), Op(oc.OP_GIVE_DON, _n(m, 2), 1),
                    Op(oc.OP_SEL, 0, 1, 0, flt=Filter(zone=oc.Z_FIELD_CHAR, owner=OWN_SELF)),
                    Op(oc.OP_GIVE_DON, _n(m, 2), 1)], rules=("6-5-5",)),
    Rule("give-don-each-all", r"[Gg]ive your Leader and all of your Characters up to (\d+) "
         r"rested DON!! cards? each",
         lambda m: [Op(oc.OP_SEL_LEADER, OWN_SELF), Op(oc.OP_GIVE_DON, _n(m), 1),
                    Op(oc.OP_SEL_ALL, 0, flt=Filter(zone=oc.Z_FIELD_CHAR, owner=OWN_SELF)),
                    Op(oc.OP_GIVE_DON, _n(m), 1)], rules=("6-5-5",)),
    Rule("give-opp-don", r"[Gg]ive up to (\d+) of your opponent's rested DON!! cards? to "
         r"(?P<t>1 of your opponent's Characters)",
         _on(lambda m: [Op(oc.OP_GIVE_DON, _n(m), 1, OWN_OPP)], owner=OWN_OPP),
         status=APPROX, rules=("6-5-5", "8-4-4-1"),
         note="'up to': the program always gives as many of the opponent's rested DON!! cards "
              "as it can; the player may give fewer"),
    Rule("give-don-each-target", r"[Gg]ive (?P<t>up to \d+ of your .+?) up to (?P<n>\d+) "
         r"(?P<r>rested )?DON!! cards? each",
         _on(lambda m: [Op(oc.OP_GIVE_DON, _n(m, "n"), int(bool(m.group("r"))))],
             owner=OWN_SELF), rules=("6-5-5", "8-4-4-1")),
    Rule("give-don-to", r"[Gg]ive up to (\d+) (?P<r>rested )?DON!! cards? to (?P<t>.+)",
         _on(lambda m: [Op(oc.OP_GIVE_DON, _n(m), int(bool(m.group("r"))))]),
         rules=("6-5-5", "8-4-4-1")),
    Rule("opp-don-minus", r"Your opponent returns (\d+) DON!! cards? from their field to "
         r"their DON!! deck", lambda m: [Op(oc.OP_OPP_DON_MINUS, _n(m))], rules=("10-2-10",)),
    Rule("refresh-lock-or-don", r"[Uu]p to (?P<n>\d+) of your opponent's rested Characters? "
         r"or DON!! cards will not become active in your opponent's next Refresh Phase",
         _refresh_lock_or_don, rules=("8-4-4-1", "6-2-3", "1-3-3")),
    Rule("refresh-lock", r"(?P<t>.+?) will not become active in your opponent's next "
         r"Refresh Phase",
         _on(lambda m: [Op(oc.OP_PROHIBIT, oc.PR_NO_REFRESH, oc.D_UNTIL_OPP_END)],
             owner=OWN_OPP),
         rules=("8-4-4-1", "6-2", "1-3-3")),
    Rule("counter-in-hand", r"[Tt]his card in your hand has a \+(\d+) Counter",
         lambda m: [Op(oc.OP_HAND_COUNTER, _n(m), -1)], rules=("2-10", "7-1-3-2-1", "8-1-3-3")),
    Rule("hand-counter", r"(?:All (?P<t1>.+?) in your hand(?P<q1> [^,]+?)? have a \+(?P<n1>\d+) "
         r"Counter|The counter of all of your (?P<t2>.+?) in your hand becomes "
         r"\+(?P<n2>\d+))",
         lambda m: _hand_counter(m), rules=("2-10", "7-1-3-2-1", "8-1-3-3")),
    Rule("play-cost-reduced", r"[Tt]he cost of playing (?P<t>.+?) from your hand will be "
         r"reduced by (?P<n>\d+)", _play_cost_reduced, rules=("2-7-6", "8-1-3-3")),
    Rule("cost-in-hand", r"[Gg]ive this card in your hand (?P<s>-\d+) cost",
         lambda m: [Op(oc.OP_SEL_SELF), Op(oc.OP_COST, _signed(m), oc.D_CONTINUOUS)],
         rules=("2-7-6", "8-1-3-3")),
    Rule("life-to-owner-hand", r"[Aa]dd up to (\d+) cards? from the top of (?P<w>your|your "
         r"opponent's) Life cards to (?:the owner's|your) hand",
         lambda m: [row for _ in range(_n(m)) for row in (
             Op(oc.OP_MAY, 0, 1), Op(oc.OP_LIFE_TO_HAND, 1, 0, _who(m.group("w"))))],
         rules=("4-6", "8-4-4-1")),
    Rule("look-to-life", r"[Ll]ook at (\d+) cards from the top of your deck; add up to (\d+) "
         r"cards? to the top of your Life cards",
         lambda m: [Op(oc.OP_LOOK, _n(m)), Op(oc.OP_PICK, 0, _n(m, 2), oc.DEST_LIFE_DOWN,
                                              flt=Filter(zone=oc.Z_LOOK))],
         rules=("8-4-4-1", "4-6")),
    Rule("look-take", r"[Ll]ook at (\d+) cards from the top of your deck and add up to (\d+) "
         r"cards? to your hand",
         lambda m: [Op(oc.OP_LOOK, _n(m)), Op(oc.OP_PICK, 0, _n(m, 2), oc.DEST_HAND,
                                              flt=Filter(zone=oc.Z_LOOK))],
         rules=("8-4-4-1",)),
    Rule("damage", r"[Dd]eal (\d+) damage to your opponent",
         lambda m: [Op(oc.OP_DAMAGE, _n(m), OWN_OPP)], rules=("4-6-2", "9-2-1-1", "8-6-2-1")),
    Rule("take-damage", r"[Yy]ou take (\d+) damage",
         lambda m: [Op(oc.OP_DAMAGE, _n(m), OWN_SELF)], rules=("4-6-2", "9-2-1-1", "8-6-2-1")),
    Rule("rest-opp-don", r"Rest up to (\d+) of your opponent's DON!! cards?",
         lambda m: [Op(oc.OP_DON_REST, _n(m), 0, OWN_OPP)], rules=("8-4-4-1",)),
    Rule("look-play", r"[Ll]ook at (\d+) cards from the top of your deck(?:;| and) play "
         r"(?P<t>up to \d+ .+?)(?P<r> rested)?", _look_play, rules=("8-4-4-1", "1-3-2")),
    Rule("opp-no-blocker-of", r"[Yy]our opponent cannot activate (?:a \[Blocker\] "
         r"Character that has|the \[Blocker\] of any Character with) (?P<q>.+?)"
         + _DURS, _no_blocker_of, status=APPROX, rules=("1-3-3", "10-1-4"),
         note="the card forbids the player to block with such a Character; the program "
              "forbids the matching Characters they have when it resolves"),
    Rule("power-leader-and-all", r"[Yy]our Leader and (?P<t>all of your .+?) gain "
         r"(?P<s>[-+]\d+) power" + _DURS,
         lambda m: (None if (rows := _on(lambda m2: [Op(oc.OP_POWER, _signed(m), _dur(m))],
                                         owner=OWN_SELF)(m)) is None
                    else [Op(oc.OP_SEL_LEADER, OWN_SELF),
                          Op(oc.OP_POWER, _signed(m), _dur(m)), *rows]),
         rules=("8-4-4-1", "6-6")),
    Rule("grant-named-and-self", r"[Aa]ll of your (?P<n>" + phrases.NAME + r"(?: or "
         + phrases.NAME + r")*) cards and this Character gain \[(?P<k>Rush|Double Attack|"
         r"Banish|Blocker|Rush: Character|Unblockable)\]" + _DURS,
         lambda m: _named_and_self(m, Op(oc.OP_GRANT, _KW_BITS[m.group("k")], _dur(m))),
         rules=("8-4-4-1", "10-1")),
    Rule("base-power-named-and-self", r"[Aa]ll of your (?P<n>" + phrases.NAME + r"(?: or "
         + phrases.NAME + r")*) cards' base power and this Character's base power become "
         r"(?P<s>\d+)" + _DURS,
         lambda m: _named_and_self(m, Op(oc.OP_SET_BASE, _signed(m), _dur(m))),
         rules=("8-4-4-1", "4-9-2-1")),
    Rule("trash-play-or-life-up", r"[Ss]elect (?P<t>up to 1 .+?) from your trash and play "
         r"it or add it to the top of your Life cards face-up", _trash_play_or_life,
         rules=("8-4-4-1", "3-10-2-1")),
    Rule("play-from-either", r"[Pp]lay (?P<t>up to 1 .+?) from your hand or trash"
         r"(?P<r> rested)?", _play_either, rules=("8-4-4-1",)),
    Rule("trash-hand-upto", r"[Tt]rash up to (\d+) cards? from your hand",
         lambda m: [row for _ in range(_n(m)) for row in (Op(oc.OP_MAY, 0, 1),
                                                            Op(oc.OP_TRASH_HAND, 1, -1))],
         rules=("8-4-1", "8-4-4-1")),
    Rule("play-revealed", r"[Pp]lay (?:that|the revealed) card(?P<r> rested)?",
         lambda m: [Op(oc.OP_PICK, 0, 1, oc.DEST_PLAY_RESTED if m.group("r") else oc.DEST_PLAY,
                       flt=Filter(zone=oc.Z_LOOK))], rules=("8-4-4-1",)),
    Rule("revealed-to-bottom", r"[Pp]lace the revealed card at the bottom of your deck",
         lambda m: [Op(oc.OP_REST_TO, 0)], rules=("8-4-4-1",)),
    Rule("rest-total-or-don", r"[Rr]est up to a total of (?P<n>\d+) of your opponent's "
         r"(?P<t>Characters.*?) or DON!! cards", _rest_total_or_don, rules=("8-4-4-1", "6-5-5")),
    Rule("give-don-target-first", r"[Gg]ive (?P<t>.+?) up to (\d+) (?P<r>rested )?DON!! cards?",
         _on(lambda m: [Op(oc.OP_GIVE_DON, _n(m, 2), int(bool(m.group("r"))))]),
         rules=("6-5-5", "8-4-4-1")),
    Rule("rest-opp-don-or", r"[Rr]est up to 1 of your opponent's DON!! cards or (?P<t>.+)",
         _rest_don_or, rules=("8-4-4-1", "6-5-5")),
    Rule("rest-opp-cards", r"[Rr]est up to (?P<n>\d+) of your opponent's cards",
         _rest_opp_cards, rules=("8-4-4-1", "6-5-5")),
)


class _Sub:
    """A match whose group t is replaced (a rewritten target phrase)."""

    def __init__(self, m: re.Match, t: str) -> None:
        self.m, self.t = m, t

    def group(self, g: int | str = 0) -> str | None:
        return self.t if g == "t" else self.m.group(g)


def _who(words: str) -> int:
    return OWN_OPP if "opponent" in words else OWN_SELF


def _two_targets(m: re.Match) -> list[Op] | None:
    """'K.O. up to 1 A and up to 1 B': two choices of one selection (SEL, SEL_ADD)."""
    a, b = phrases.target(m.group("t")), phrases.target(m.group("u"))
    if a is None or b is None or a.kind != "sel" or b.kind != "sel":
        return None
    if any(t.flt.zone not in _CHAR_ZONES for t in (a, b)):
        return None
    op = oc.OP_KO if m.group("v") == "K.O." else oc.OP_REST
    return [Op(oc.OP_SEL, 0, a.count, int(a.upto), flt=a.flt),
            Op(oc.OP_SEL_ADD, 0, b.count, int(b.upto), flt=b.flt), Op(op)]


_REST_ZONES = (oc.Z_FIELD_CHAR, oc.Z_FIELD_LC, oc.Z_STAGE, oc.Z_LEADER_STAGE)
COST_TEMPLATES: tuple[Rule, ...] = (
    Rule("cost-trash-phrase-or-named", r"(?:You may )?trash (?P<t>1 .+?) from your hand or 1 "
         r"\[[^\]]+\] from your hand or field", _cost_phrase(oc.OP_C_TRASH_HAND, oc.Z_HAND),
         status=APPROX, rules=("8-3-1-3",),
         note="'trash 1 <card> from your hand or 1 [NAME] from your hand or field': the "
              "program offers the first only; the named card does not pay"),
    Rule("cost-trash-phrase", r"(?:You may )?trash (?P<t>\d+ .+?) from your hand",
         _cost_phrase(oc.OP_C_TRASH_HAND, oc.Z_HAND), rules=("8-3-1-3",)),
    Rule("cost-reveal", r"(?:You may )?reveal (?P<t>\d+ .+?) from your hand",
         _cost_phrase(oc.OP_C_REVEAL_HAND, oc.Z_HAND), rules=("8-3-1-3",)),
    Rule("cost-return-own", r"(?:You may )?return (?P<t>1 (?:of your )?.+?) to (?:your|the "
         r"owner's) hand",
         lambda m: _own_char(oc.OP_C_RETURN_OWN)(_Sub(m, _of_your(m.group("t")))),
         rules=("8-3-1-3",)),
    Rule("cost-trash-own", r"(?:You may )?trash (?P<t>1 of your .+)",
         _own_char(oc.OP_C_TRASH_OWN), rules=("8-3-1-3",)),
    Rule("cost-bottom-own", r"(?:You may )?place (?P<t>1 of your .+?) at the bottom of (?:the "
         r"owner's|your) deck", _own_char(oc.OP_C_BOTTOM_OWN), rules=("8-3-1-3",)),
    Rule("cost-ko-own", r"(?:You may )?K\.O\. (?P<t>1 (?:of your )?.+)",
         lambda m: _own_char(oc.OP_C_KO_OWN)(_Sub(m, _of_your(m.group("t")))),
         rules=("8-3-1-3",)),
    Rule("cost-give-don", r"(?:You may )?give (?P<n>\d+) (?:of your )?active DON!! cards? to "
         r"(?P<t>1 of your .+?)(?P<x> and trash this Character)?",
         _give_don_cost, rules=("8-3-1-3", "6-5-5")),
    Rule("cost-hand-to-bottom", r"(?:You may )?place (1) cards? from your hand at the bottom "
         r"of your deck", lambda m: [Op(oc.OP_C_HAND_TO_DECK, _n(m), 1)], rules=("8-3-1-3",)),
    Rule("cost-life-face-up", r"(?:You may )?turn (\d+) cards? from the top of your Life "
         r"cards? face-?up", lambda m: [Op(oc.OP_C_LIFE_FACE_UP, _n(m))],
         rules=("8-3-1-3", "3-10-2-1")),
    Rule("cost-life-face-down", r"(?:You may )?turn (\d+) cards? from the top of your Life "
         r"cards? face-?down", lambda m: [Op(oc.OP_C_LIFE_FACE_DOWN, _n(m))],
         rules=("8-3-1-3", "3-10-2-1")),
    Rule("cost-life-to-hand", r"(?:You may )?add (\d+) cards? from the top of your Life cards "
         r"to your hand", lambda m: [Op(oc.OP_C_LIFE_TO_HAND, _n(m), 0)], rules=("8-3-1-3",)),
    Rule("cost-life-area-to-hand", r"(?:You may )?add (\d+) cards? from your Life area to "
         r"your hand", lambda m: [Op(oc.OP_C_LIFE_TO_HAND, _n(m), 0)], status=APPROX,
         rules=("8-3-1-3",),
         note="the card lets you take any of your Life cards; the program takes the top one"),
    Rule("cost-life-to-hand-either", r"(?:You may )?add (\d+) cards? from the top or bottom "
         r"of your Life cards to your hand",
         lambda m: [Op(oc.OP_C_LIFE_TO_HAND, _n(m), 2)], rules=("8-3-1-3",)),
    Rule("cost-trash-to-deck-1", r"(?:You may )?place (?P<t>1 .+?) from your trash at the "
         r"bottom of your deck", _cost_phrase(oc.OP_C_TRASH_TO_DECK, oc.Z_TRASH),
         rules=("8-3-1-3",)),
    Rule("cost-trash-to-deck-order", r"(?:You may )?place (?P<t>\d+ .+?) from your trash at "
         r"the bottom of your deck in any order",
         _cost_phrase(oc.OP_C_TRASH_TO_DECK, oc.Z_TRASH), rules=("8-3-1-3", "3-1-7")),
    Rule("cost-rest-own", r"(?:You may )?rest (?P<t>1 of your .+|your Leader or 1 of your "
         r"Stage cards?)", _own_char(oc.OP_C_REST_OWN, _REST_ZONES), rules=("8-3-1-3",)),
    Rule("cost-rest-own-n", r"(?:You may )?rest (?P<t>\d+ of your .+)", _rest_own_n,
         rules=("8-3-1-3",)),
    Rule("cost-rest-self-and-own", r"(?:You may )?rest this (?:Character|Leader|Stage) and "
         r"(?P<t>1 of your .+)",
         lambda m: (None if (own := _own_char(oc.OP_C_REST_OWN, _REST_ZONES)(m)) is None
                    else [Op(oc.OP_C_REST_SELF), *own]), rules=("8-3-1-3",)),
    Rule("cost-mill", r"(?:You may )?trash (\d+) cards? from the top of your deck",
         lambda m: [Op(oc.OP_C_MILL, _n(m))], rules=("8-3-1-3",)),
    Rule("cost-return-self", r"(?:You may )?(?:return this (?:Character|Stage) to the owner's "
         r"hand|(?P<deck>place) this (?:Character|Stage) at the bottom of the owner's deck)",
         lambda m: [Op(oc.OP_C_RETURN_SELF, int(bool(m.group("deck"))))], rules=("8-3-1-3",)),
    Rule("cost-leader-minus", r"(?:You may )?give your (?:1 )?active Leader -(\d+) power during "
         r"this turn", lambda m: [Op(oc.OP_C_LEADER_MINUS, _n(m))], rules=("8-3-1-3", "6-6")),
    Rule("cost-trash-life-either", r"(?:You may )?trash (\d+) cards? from the top or bottom of "
         r"your Life cards", lambda m: [Op(oc.OP_C_TRASH_LIFE, _n(m), 2)], rules=("8-3-1-3",)),
    Rule("cost-trash-life", r"(?:You may )?trash (\d+) cards? from the top of your Life cards",
         lambda m: [Op(oc.OP_C_TRASH_LIFE, _n(m))], rules=("8-3-1-3",)),
    Rule("cost-trash-own-or-hand", r"(?:You may )?trash (?P<t>1 of your .+?) or (?P<n>\d+) "
         r"cards? from your hand", _trash_own_or_hand, rules=("8-3-1-3",)),
    Rule("cost-trash-hand-or-rest-don", r"(?:You may )?trash (?P<t>1 .+?) from your hand or "
         r"rest (?P<n>\d+) of your DON!! cards?", _trash_hand_or_don,
         rules=("8-3-1-3", "8-3-1-5")),
    Rule("cost-rest-own-or-don", r"(?:You may )?rest (?P<t>your (?:.+? )?Leader|1 of your .+?) or "
         r"(?P<n>\d+) of your DON!! cards?", _rest_own_or_don, rules=("8-3-1-3", "8-3-1-5")),
    Rule("cost-rest-leader", r"(?:You may )?rest your (?:1 )?Leader",
         lambda m: [Op(oc.OP_C_REST_OWN, 0, flt=Filter(zone=oc.Z_LEADER, owner=OWN_SELF))],
         rules=("8-3-1-3",)),
    Rule("cost-rest-self-and-don", r"(?:You may )?rest this (?:card|Character|Leader|Stage) "
         r"and (\d+) of your DON!! cards?",
         lambda m: [Op(oc.OP_C_REST_SELF), Op(oc.OP_C_REST_DON, _n(m))],
         rules=("8-3-1-3", "8-3-1-5")),
    Rule("cost-rest-don-self", r"You may rest (\d+) of your DON!! cards? and this "
         r"(?:Character|Leader|Stage)",
         lambda m: [Op(oc.OP_C_REST_DON, _n(m)), Op(oc.OP_C_REST_SELF)],
         rules=("8-3-1-5", "8-3-1-3")),
)


def _of_your(t: str) -> str:
    """'1 Character' in a cost names one of your own: read it as '1 of your Characters'."""
    return t if " of your " in t else re.sub(r"^1 ", "1 of your ", t)


def _cmp(word: str | None) -> int:
    return {None: 0, "": 0, "more": 1, "less": -1}[word]


def _has(m: re.Match) -> Cond | None:
    """'If you/your opponent have/has <quantity> <field phrase>': a count of Characters
    (CK_CHARS) or of cards matching the phrase (CK_COUNT)."""
    who = _who(m.group("w"))
    q = m.group("q")
    f = phrases.card_phrase(m.group("t"), phrases.FIELD, who)
    if f is None:
        return None
    if q in ("a", "an", "any"):
        cmp, n = 1, 1
    elif q == "no":
        cmp, n = 0, 0
    else:
        qm = re.fullmatch(r"(\d+)(?: or (more|less))?", q)
        cmp, n = _cmp(qm.group(2)), int(qm.group(1))
    if f == Filter(zone=oc.Z_FIELD_CHAR, owner=who):
        return Cond(oc.CK_CHARS, who=who, cmp=cmp, value=n)
    return Cond(oc.CK_COUNT, who=who, cmp=cmp, value=n, flt=f)


def _in_zone(m: re.Match) -> Cond | None:
    """'If you have N or more <card phrase> in your trash/hand': a count in that zone."""
    who = _who(m.group("w"))
    zone = {"trash": oc.Z_TRASH, "hand": oc.Z_HAND}[m.group("z")]
    f = phrases.card_phrase(m.group("t"), zone, who)
    if f is None:
        return None
    return Cond(oc.CK_COUNT, who=who, cmp=_cmp(m.group("c")), value=_n(m, "n"), flt=f)


def _there_is(m: re.Match) -> Cond | None:
    """'If there is a <field phrase>': at least one such card on either side."""
    f = phrases.card_phrase(m.group("t"), phrases.FIELD, OWN_ANY)
    return None if f is None else Cond(oc.CK_COUNT, cmp=1, value=1, flt=f)


def _revealed(m: re.Match) -> Cond | None:
    """'If that card's type includes "X"' / 'is a <phrase>' / 'has <bound>' after 'Reveal 1
    card from the top of your deck': CK_OK with the filter the REVEAL_TOP row takes over."""
    if m.group("ti"):
        f = Filter(zone=oc.Z_LOOK, pred_all=("typeinc:" + m.group("ti"),))
    else:
        f = phrases.card_phrase(m.group("t") or "card with " + m.group("b"), oc.Z_LOOK)
    return None if f is None else Cond(oc.CK_OK, flt=f)


def _have_name(m: re.Match) -> Cond | None:
    """'If you (don't) have [A] (or [B])': a card of that name among your Leader and
    Characters (at least one, or none); '... on your field' also names Stages, left unread."""
    f = phrases.card_phrase(m.group("t"), phrases.FIELD, OWN_SELF)
    if f is None or f.zone != oc.Z_FIELD_LC:
        return None
    return Cond(oc.CK_COUNT, cmp=0 if m.group("neg") else 1, value=0 if m.group("neg") else 1,
                flt=f)


def _leader_is(m: re.Match) -> Cond | None:
    """'If your Leader has N power or more' / 'is active': your Leader matches the phrase."""
    words = f"{m.group('s')} Leader" if m.group("s") else f"Leader with {m.group('b')}"
    f = phrases.card_phrase(words, phrases.FIELD, OWN_SELF)
    return None if f is None else Cond(oc.CK_COUNT, cmp=1, value=1, flt=f)


_WHO = r"(?P<w>you|your opponent) (?:have|has)"
COND_TEMPLATES: tuple[Rule, ...] = (
    Rule("cond-don-given", r"If " + _WHO + r" any DON!! cards given",
         lambda m: Cond(oc.CK_COUNT, who=_who(m.group("w")), cmp=1, value=1, flt=Filter(
             zone=oc.Z_FIELD_LC, owner=_who(m.group("w")), flags=oc.FLF_DON_GIVEN)),
         rules=("8-3-2",)),
    Rule("cond-have-name", r"If you (?P<neg>don't )?have (?P<t>" + phrases.NAME
         + r"(?: or " + phrases.NAME + r")?)", _have_name,
         rules=("8-3-2", "1-3-2")),
    Rule("cond-don-active", r"If you have (\d+) or (?P<c>more|less) active DON!! cards",
         lambda m: Cond(oc.CK_DON_ACTIVE, cmp=_cmp(m.group("c")), value=_n(m)),
         rules=("8-3-2",)),
    Rule("cond-leader-is", r"If your Leader (?:has (?P<b>\d+ (?:base )?power or (?:more|less))|"
         r"is (?P<s>active|rested))", _leader_is, rules=("8-3-2", "6-6")),
    Rule("cond-leader-colour", r"If your Leader's colors include (?P<k>" + "|".join(
        phrases.COLOURS) + ")",
         lambda m: Cond(oc.CK_COUNT, cmp=1, value=1, flt=Filter(
             zone=oc.Z_LEADER, owner=OWN_SELF, color=cards.COLOR_BITS[m.group("k")])),
         rules=("8-3-2",)),
    Rule("cond-self-active", r"If this (?:Character|Leader) is active",
         lambda m: Cond(oc.CK_SELF_RESTED, neg=1), rules=("8-3-2",)),
    Rule("cond-hand", r"If " + _WHO + r" (\d+)(?: or (?P<c>more|less))? cards in (?:your|"
         r"their) hand",
         lambda m: Cond(oc.CK_HAND, who=_who(m.group("w")), cmp=_cmp(m.group("c")),
                        value=_n(m, 2)), rules=("8-3-2",)),
    Rule("cond-life", r"If " + _WHO + r" (\d+)(?: or (?P<c>more|less))? Life cards?",
         lambda m: Cond(oc.CK_LIFE, who=_who(m.group("w")), cmp=_cmp(m.group("c")),
                        value=_n(m, 2)), rules=("8-3-2",)),
    Rule("cond-don-field", r"If " + _WHO + r" (\d+)(?: or (?P<c>more|less))? DON!! cards on "
         r"(?:your|their) field",
         lambda m: Cond(oc.CK_DON_FIELD, who=_who(m.group("w")), cmp=_cmp(m.group("c")),
                        value=_n(m, 2)), rules=("8-3-2",)),
    Rule("cond-in-zone", r"If " + _WHO + r" (?P<n>\d+)(?: or (?P<c>more|less))? (?P<t>.+?) "
         r"in (?:your|their) (?P<z>trash|hand)", _in_zone, rules=("8-3-2",)),
    Rule("cond-has", r"If " + _WHO + r" (?P<q>an?|any|no|\d+(?: or (?:more|less))?) "
         r"(?P<t>.+?)(?: on (?:your|their) field)?", _has, rules=("8-3-2",)),
    Rule("cond-there-is", r"If there is an? (?P<t>.+)", _there_is, rules=("8-3-2",)),
    Rule("cond-there-are", r"If there are (?P<n>\d+) or (?P<c>more|less) (?P<t>.+)",
         lambda m: None if (c := _there_is(m)) is None else replace(
             c, cmp=_cmp(m.group("c")), value=_n(m, "n")), rules=("8-3-2",)),
    Rule("cond-deck", r"If " + _WHO + r" (\d+)(?: or (?P<c>more|less))? cards in (?:your|"
         r"their) deck",
         lambda m: Cond(oc.CK_DECK, who=_who(m.group("w")), cmp=_cmp(m.group("c")),
                        value=_n(m, 2)), rules=("8-3-2",)),
    Rule("cond-life-behind", r"If you have less Life cards than your opponent",
         lambda m: Cond(oc.CK_CMP_LIFE_OPP, cmp=-1, value=-1), rules=("8-3-2",)),
    Rule("cond-life-vs-opp", r"If the number of your Life cards is equal to or (?P<c>less|more) "
         r"than the number of your opponent's Life cards",
         lambda m: Cond(oc.CK_CMP_LIFE_OPP, cmp=_cmp(m.group("c")), value=0),
         rules=("8-3-2",)),
    Rule("cond-opp-more-don", r"If your opponent has more DON!! cards on their field than you",
         lambda m: Cond(oc.CK_CMP_DON_OPP, cmp=-1, value=-1), rules=("8-3-2",)),
    Rule("cond-leader-type-includes", r"If your Leader's type includes \"([^\"]+)\"",
         lambda m: Cond(oc.CK_LEADER_PRED, pred="typeinc:" + m.group(1)), rules=("8-3-2",)),
    Rule("cond-leader-name-includes", r"If your Leader's card name includes \"([^\"]+)\"",
         lambda m: Cond(oc.CK_LEADER_PRED, pred="nameinc:" + m.group(1)), rules=("8-3-2",)),
    Rule("cond-life-total", r"If you and your opponent have a total of (\d+)(?: or "
         r"(?P<c>more|less))? Life cards",
         lambda m: Cond(oc.CK_LIFE_TOTAL, cmp=_cmp(m.group("c")), value=_n(m)),
         rules=("8-3-2",)),
    Rule("cond-revealed", r"If (?:that|the revealed) card(?:'s type includes \"(?P<ti>[^\"]+)\"|"
         r" is an? (?P<t>.+)| has (?P<b>.+))", _revealed, rules=("8-3-2",)),
    Rule("cond-only-chars", r"If (?:the only Characters on your field are|you only have) "
         r"(?P<t>(?:.+ )?Characters(?: without a Counter)?)",
         lambda m: None if (f := phrases.card_phrase(m.group("t"), phrases.FIELD, OWN_SELF))
         is None or f.zone != oc.Z_FIELD_CHAR else Cond(oc.CK_ONLY, flt=f),
         status=APPROX, rules=("8-3-2",),
         note="with no Character on the field the condition is taken as not met (the text "
              "names 'the only Characters'; the rules text does not say)"),
    Rule("cond-self-played", r"If this Character was played on this turn",
         lambda m: Cond(oc.CK_SELF_PLAYED), rules=("8-3-2", "3-7-4")),
    Rule("cond-don-given-total", r"If " + _WHO + r" a total of (\d+)(?: or (?P<c>more|less))? "
         r"given DON!! cards",
         lambda m: Cond(oc.CK_DON_GIVEN, who=_who(m.group("w")), cmp=_cmp(m.group("c")),
                        value=_n(m, 2)), rules=("8-3-2", "6-5-5")),
    Rule("cond-self-rested", r"If this (?:Character|Leader|Stage) is rested",
         lambda m: Cond(oc.CK_SELF_RESTED), rules=("8-3-2",)),
    Rule("cond-guessed", r"If the revealed card has the chosen cost",
         lambda m: Cond(oc.CK_OK), rules=("8-3-2",)),
    Rule("cond-rested-cards", r"If " + _WHO + r" (\d+)(?: or (?P<c>more|less))? rested cards",
         lambda m: Cond(oc.CK_RESTED, who=_who(m.group("w")), cmp=_cmp(m.group("c")),
                        value=_n(m, 2)), rules=("8-3-2",)),
    Rule("cond-event-activated", r"If you have activated an Event with a base cost of (\d+) or "
         r"(?P<c>more|less) during this turn",
         lambda m: Cond(oc.CK_EVENT_COST, cmp=_cmp(m.group("c")), value=_n(m)),
         rules=("8-3-2", "10-2-3")),
    Rule("cond-turn", r"If it is your (?P<o>opponent's )?turn",
         lambda m: Cond(oc.CK_OPP_TURN if m.group("o") else oc.CK_YOUR_TURN),
         rules=("8-3-2", "6-1")),
    Rule("cond-own-turns", r"If it is your (?P<n>second|third|fourth) turn or later",
         lambda m: Cond(oc.CK_TURNS, cmp=1, value={"second": 2, "third": 3, "fourth": 4}[
             m.group("n")]), rules=("8-3-2", "6-1")),
    Rule("cond-self-power", r"If this (?:Character|Leader) has (\d+) power or (?P<c>more|less)",
         lambda m: Cond(oc.CK_SELF_POWER, cmp=_cmp(m.group("c")), value=_n(m)),
         rules=("8-3-2", "6-6")),
    Rule("cond-leader-multi", r"If your Leader is multicolored",
         lambda m: Cond(oc.CK_LEADER_MULTI), rules=("8-3-2",)),
    Rule("cond-don-vs-opp", r"If the number of DON!! cards on your field is equal to or "
         r"(?P<c>less|more) than the number on your opponent's field",
         lambda m: Cond(oc.CK_CMP_DON_OPP, cmp=_cmp(m.group("c")), value=0),
         rules=("8-3-2",)),
    Rule("cond-don-behind", r"If the number of DON!! cards on your field is at least (\d+) "
         r"less than the number on your opponent's field",
         lambda m: Cond(oc.CK_CMP_DON_OPP, cmp=-1, value=-_n(m)), rules=("8-3-2",)),
)


def _hand_counter(m: re.Match) -> list[Op] | None:
    """"All Character cards in your hand without a Counter have a +1000 Counter", "The
    counter of all of your Character cards with 8000 power in your hand becomes +2000": one
    HAND_COUNTER row over a hand filter; c=1 when "without a Counter" (a card given one by
    another ability has one)."""
    t = m.group("t1") or m.group("t2")
    q = (m.group("q1") or "").strip()
    f = phrases.card_phrase(f"{t} {q}".strip(), oc.Z_HAND, OWN_SELF)
    if f is None:
        return None
    return [Op(oc.OP_HAND_COUNTER, int(m.group("n1") or m.group("n2")), 0,
               int(phrases.NO_COUNTER in f.pred_all), flt=f)]


def _repl_target(t: str) -> Filter | None:
    """The card a replacement protects (8-1-3-4): this Character, or one of your
    Characters the phrase names; Leaders are never K.O.'d nor removed."""
    if t == "this Character":
        return Filter(zone=oc.Z_FIELD_CHAR, owner=OWN_SELF, flags=L.FLF_SELF_ONLY)
    if re.fullmatch(r"(?:one|1|any) of your Characters", t):
        return Filter(zone=oc.Z_FIELD_CHAR, owner=OWN_SELF)
    m = re.fullmatch(r"(?:your|you have an?) (.+?)(?: that)?", t)  # "you have a ... that"
    f = phrases.card_phrase(m.group(1), phrases.FIELD, OWN_SELF) if m else None
    if f is not None and f.zone == oc.Z_FIELD_LC:  # "your [NAME]": only a Character can be
        f = replace(f, zone=oc.Z_FIELD_CHAR)  # K.O.'d or removed (the Leader never is)
    return f if f is not None and f.zone == oc.Z_FIELD_CHAR else None


def _replace(timing: int, causes: int = 0) -> Callable:
    """Build of 'If [<condition> and] <card> would be <event>, <do> instead': the timing,
    a REPL_TARGET row (with the causes it answers, oc.CAUSE_*, 0 any), the conditions and
    the text done instead."""
    def build(m: re.Match) -> tuple | None:
        f = _repl_target(m.group("t"))
        conds = _match_conds("If " + m.group("c")) if m.group("c") else []
        if f is None or conds is None:
            return None
        return timing, [Op(oc.OP_REPL_TARGET, 0, causes, flt=f)], conds, m.group("do")
    return build


def _leader_battles(m: re.Match) -> tuple | None:
    """"When your Leader (with a type including "X") attacks or is attacked, you may <cost>
    to activate this effect. <effect>": the Leader's attack (T_LEADER_ATTACKS, the second
    timing in _ALSO), a condition on the Leader, and the optional cost as the cost."""
    conds = []
    if m.group("q"):
        q = m.group("q")[len(" with "):]
        inc = re.fullmatch(r'a type including ("[^"]+")', q)
        conds = _match_conds(f"If your Leader's type includes {inc.group(1)}" if inc
                             else f"If your Leader has {q}")
        if conds is None:
            return None
    cost = ("You may " + m.group("c")) if m.group("c") else ""
    return oc.T_LEADER_ATTACKS, [], conds, m.group("do") or m.group("do2"), cost


_EVENT_CARD = Rule("event-card", r"(?P<f>.+)", lambda m: None, rules=("8-1-3-1",))


def _moved(timing: int, always: bool) -> Callable:
    """Build of "When you play a <Character phrase>, <do>" and "When one of your <Character
    phrase> is K.O.'d, <do>": the timing and a CK_EVENT_CARD condition tested on the moved
    card when the ability is queued, `always` (the K.O. of either player's Character queues
    the timing: "your" is in the filter) or when the phrase narrows the Characters. Only
    what the card alone decides can be tested there (its owner and types, printed cost and
    power, a [Trigger], no base effect)."""
    def build(m: re.Match) -> tuple | None:
        f = phrases.card_phrase(m.group("f"), phrases.FIELD, OWN_SELF)
        if f is None or f.zone != oc.Z_FIELD_CHAR or f.state or \
                f.flags & ~(L.FLF_BASE | L.FLF_GAME_1) or f.cost_max_by or \
                (not f.flags & L.FLF_BASE and (f.cost_min, f.cost_max, f.pow_min,
                                                f.pow_max) != (-1, -1, -1, -1)):
            return None
        narrows = always or f != Filter(zone=oc.Z_FIELD_CHAR, owner=OWN_SELF)
        conds = [Match(_EVENT_CARD, Cond(oc.CK_EVENT_CARD, flt=f))] if narrows else []
        return timing, [], conds, m.group("do")
    return build


_REPL_WHO = (r"If (?:(?P<c>.+?) and )?(?P<t>this Character|your (?:(?! and ).)+?|"
             r"(?:one|1|any) of your Characters|you have an? (?:(?! and ).)+? that) would be ")
# Abilities whose whole body names their event: replacement effects (8-1-3-4) and 'When
# <event>, <effect>' without a timing tag (8-1-3-1). The build gives (timing, first rows,
# conditions, the body text left to compile).
EVENTS: tuple[Rule, ...] = (
    Rule("replace-ko", _REPL_WHO + r"K\.O\.'d, (?P<do>.+) instead", _replace(oc.T_REPLACE_KO),
         rules=("8-1-3-4",)),
    Rule("replace-ko-opp-effect", _REPL_WHO + r"K\.O\.'d by your opponent's effects?, "
         r"(?P<do>.+) instead", _replace(oc.T_REPLACE_KO, oc.CAUSE_OPP_EFFECT),
         rules=("8-1-3-4",)),
    Rule("replace-ko-effect", _REPL_WHO + r"K\.O\.'d by (?:an effect|effects), (?P<do>.+) "
         r"instead", _replace(oc.T_REPLACE_KO, oc.CAUSE_OWN_EFFECT | oc.CAUSE_OPP_EFFECT),
         rules=("8-1-3-4",)),
    Rule("replace-ko-battle", _REPL_WHO + r"K\.O\.'d in battle, (?P<do>.+) instead",
         _replace(oc.T_REPLACE_KO, oc.CAUSE_BATTLE), rules=("8-1-3-4", "7-1-4")),
    Rule("replace-rest-opp-char", _REPL_WHO + r"rested by your opponent's Character's "
         r"effects?, (?P<do>.+) instead", _replace(oc.T_REPLACE_REST, oc.CAUSE_OPP_CHAR),
         rules=("8-1-3-4",)),
    Rule("replace-remove", _REPL_WHO + r"removed from the field by your opponent's effects?, "
         r"(?P<do>.+) instead", _replace(oc.T_REPLACE_REMOVE, oc.CAUSE_OPP_EFFECT),
         rules=("8-1-3-4",)),
    Rule("replace-remove-any", _REPL_WHO + r"removed from the field, (?P<do>.+) instead",
         _replace(oc.T_REPLACE_REMOVE), rules=("8-1-3-4",)),
    Rule("when-ko-self", r"When this Character is K\.O\.'d, (?P<do>.+)",
         lambda m: (oc.T_ON_KO, [], [], m.group("do")), rules=("10-2-17", "8-1-3-1")),
    Rule("when-opp-attacks", r"This effect can be activated when your opponent attacks\. "
         r"(?P<do>.+)", lambda m: (oc.T_ON_OPP_ATTACK, [], [], m.group("do")),
         rules=("10-2-16", "8-1-3-1")),
    Rule("when-life-removed", r"(?:This effect can be activated when|When) a card is removed "
         r"from your or your opponent's Life cards(?:\.|,) (?P<do>.+)",
         lambda m: (oc.T_LIFE_REMOVED, [], [], m.group("do")), rules=("8-1-3-1", "4-6")),
    Rule("when-opp-life-removed", r"When a card is removed from your opponent's Life cards, "
         r"(?P<do>.+)", lambda m: (oc.T_OPP_LIFE_REMOVED, [], [], m.group("do")),
         rules=("8-1-3-1", "4-6")),
    Rule("when-don-returned", r"When a DON!! card on your field is returned to your DON!! "
         r"deck, (?P<do>.+)", lambda m: (oc.T_DON_RETURNED, [], [], m.group("do")),
         rules=("8-1-3-1", "10-2-10")),
    Rule("when-opp-char-kod", r"When your opponent's Character is K\.O\.'d, (?P<do>.+)",
         lambda m: (oc.T_WHEN_KOD_OTHER, [], [], m.group("do")), rules=("8-1-3-1",)),
    Rule("when-opp-blocker", r"When your opponent activates \[Blocker\], (?P<do>.+)",
         lambda m: (oc.T_OPP_BLOCKER, [], [], m.group("do")), rules=("8-1-3-1", "7-1-2")),
    Rule("when-own-char-kod", r"When (?:1|one) of your (?P<f>[^,]+?) is K\.O\.'d, (?P<do>.+)",
         _moved(oc.T_WHEN_KOD_ANY, True), rules=("8-1-3-1",)),
    Rule("when-you-play-char", r"When you play an? (?P<f>Character[^,]*?), (?P<do>.+)",
         _moved(oc.T_YOU_PLAY_CHAR, False), rules=("8-1-3-1",)),
    Rule("when-char-kod", r"When a Character is K\.O\.'d, (?P<do>.+)",
         lambda m: (oc.T_WHEN_KOD_ANY, [], [], m.group("do")), rules=("8-1-3-1",)),
    Rule("start-of-game", r"At the start of the game, (?P<do>.+)",
         lambda m: (oc.T_START_OF_GAME, [], [], m.group("do")), rules=("5-2-1-5-1",)),
    Rule("when-leader-attacks-or-attacked", r"When (?:this Leader|your Leader(?P<q> with "
         r"[^,]+?)?) attacks or is attacked, (?:you may (?P<c>.+?) to activate this effect\. "
         r"(?P<do>.+)|(?P<do2>.+))", _leader_battles, rules=("8-1-3-1", "7-1-1-1")),
    Rule("when-rested-self", r"When this Character becomes rested, (?P<do>.+)",
         lambda m: (oc.T_BECOMES_RESTED, [], [], m.group("do")), rules=("8-1-3-1",)),
)
_EVENT_TAGS = ("Once Per Turn", "Your Turn", "Opponent's Turn")
# The second ability an EVENTS rule with two timings makes (its first timing is the rule's):
# "When your Leader attacks or is attacked" is also an [On Your Opponent's Attack] on the
# Leader (8-1-3-1).
_ALSO = {"when-leader-attacks-or-attacked": (oc.T_ON_OPP_ATTACK,
                                             Cond(oc.CK_LEADER_ATTACKED))}


def _event(raw: fxtext.RawAbility) -> Match | None:
    """The EVENTS rule an untimed, costless ability's body matches (its tags may be
    [Once Per Turn], a turn tag or [DON!! xN])."""
    if raw.cost or not all(t in _EVENT_TAGS or re.fullmatch(r"DON!! x\d+", t)
                           for t in raw.tags):
        return None
    return match_piece(EVENTS, raw.body)


ALL_COSTS = COSTS + COST_TEMPLATES
ALL_CONDS = CONDS + COND_TEMPLATES
ALL_ACTIONS = ACTIONS + TEMPLATES
_TURN_TAGS = {"Your Turn": (oc.CK_YOUR_TURN, "10-2-11"),
              "Opponent's Turn": (oc.CK_OPP_TURN, "10-2-12")}
_SUBJECT = re.compile(r"^(.+?) (?:gains?|cannot|can) ")


def _match_conds(text: str) -> list[Match] | None:
    """Conditions of an 'If ...' clause: one rule, or an AND of conditions joined by
    'and' or ', and' (8-3-2), each read as 'If <part>'."""
    whole = match_piece(ALL_CONDS, text)
    if whole is not None:
        return [whole]
    for m in re.finditer(r",? and ", text):
        left = _match_conds(text[:m.start()])
        if left is None:
            continue
        right = _match_conds("If " + text[m.end():])
        subj = _COND_SUBJECT.match(text)
        if right is None and subj:  # "If you have [A] and [B]", "... has the {T} type and is
            right = (_match_conds(f"If {subj.group(1)} {text[m.end():]}")  # active"
                     or _match_conds(f"If {subj.group(0)[3:]}{text[m.end():]}"))
        if right is not None:
            return left + right
    return None


_EITHER = Rule("cond-either", r"If (?P<a>.+) or (?P<b>.+)", lambda m: None,
               rules=("8-3-2",))


def _either_conds(text: str) -> tuple[Match, Match] | None:
    """'If <A> or <B>' (8-3-2) when neither the whole nor an AND reads: the two conditions,
    B written with A's subject ("If there is a Character with a cost of 0 or with a cost of
    8 or more", "If you have 0 or 3 or more DON!! cards on your field", "If you have 0 DON!!
    cards on your field or 8 or more DON!! cards on your field")."""
    pairs = []
    em = re.fullmatch(r"If either you or your opponent (?:has|have) (.+)", text)
    if em:  # "If either you or your opponent has 0 Life cards"
        pairs.append(("If you have " + em.group(1), ["If your opponent has " + em.group(1)]))
    nm = re.fullmatch(r"(If .+? )(\d+) or (\d+ or (?:more|less)) (.+)", text)
    if nm:
        pairs.append((nm.group(1) + nm.group(2) + " " + nm.group(4),
                      [nm.group(1) + nm.group(3) + " " + nm.group(4)]))
    for m in re.finditer(r" or ", text):
        left, right = text[:m.start()], text[m.end():]
        subj = _COND_SUBJECT.match(left)
        with_at = left.rfind(" with ")
        rights = ["If " + right] + ([subj.group(0) + right] if subj else []) + (
            [left[:with_at] + " " + right] if right.startswith("with ") and with_at > 0 else [])
        pairs.append((left, rights))
    for left, rights in pairs:
        a = match_piece(ALL_CONDS, left)
        if a is None:
            continue
        for r in rights:
            b = match_piece(ALL_CONDS, r)
            if b is not None:
                return a, b
    return None


def _either_rows(ab: Ability, text: str, statuses: list[str]) -> int | None:
    """Append the rows of 'If <A> or <B>': SKIP_UNLESS(not A) over the test of B, then
    SKIP_UNLESS(B) whose skip the caller sets; its index, or None if the text is no OR."""
    got = _either_conds(text)
    if got is None:
        return None
    a, b = got
    ab.body.append(Op(oc.OP_SKIP_UNLESS, 0, 1, cond=replace(a.value, neg=1 - a.value.neg)))
    ab.body.append(Op(oc.OP_SKIP_UNLESS, 0, -1, cond=b.value))
    record(ab, Match(_EITHER, None), statuses)
    for c in got:
        record(ab, c, statuses)
    return len(ab.body) - 1


# The subject (and verb) of a condition, shared by a second condition after 'and'.
_COND_SUBJECT = re.compile(r"If (you|your opponent|your Leader|this Character) "
                           r"(?:have |has (?:the )?|is )")


def _match_actions(piece: str) -> list[Match] | None:
    """One action clause, or two joined by 'and' (the second may share the first's
    subject: 'this Character cannot ... and gains [Blocker]'), or an action followed by
    'if <condition>' (read as the condition governing the action)."""
    piece = piece.strip()
    whole = match_piece(ALL_ACTIONS, piece[:1].upper() + piece[1:])
    if whole is not None:
        return [whole]
    for m in re.finditer(r" and ", piece):
        left_text, right_text = piece[:m.start()], piece[m.end():]
        dur = re.search(r" (?:" + _DUR_ANY + r")\.?$", right_text)
        # "gains [Blocker] and +1000 power during this battle": the duration is both's
        left = _match_actions(left_text + dur.group(0).rstrip(".")) if dur else None
        if left is None:
            left = _match_actions(left_text)
        if left is None:
            continue
        right = _match_actions(right_text)
        subj = _SUBJECT.match(left_text)
        if right is None and subj and re.match(r"(?:gains?|cannot|can) ", right_text):
            right = _match_actions(subj.group(1) + " " + right_text)
        if right is None and subj and re.match(r"[-+]\d+ (?:power|cost)|\[", right_text):
            right = _match_actions(subj.group(1) + " gains " + right_text)
        if right is not None:
            return left + right
    for m in re.finditer(r", (?=[a-z])", piece):  # "add ... and rest it, look at ..."
        left, right = _match_actions(piece[:m.start()]), _match_actions(piece[m.end():])
        if left is not None and right is not None:
            return left + right
    return None


def _take_revealed(ab: Ability, c: Match) -> Cond | None:
    """The condition row of match `c`; a 'cond-revealed' condition gives its filter to the
    last filterless REVEAL_TOP row and tests its success (CK_OK); None without that row."""
    if c.rule.name != "cond-revealed":
        return c.value
    at = [i for i, o in enumerate(ab.body) if o.op == oc.OP_REVEAL_TOP and o.flt is None]
    if not at:
        return None
    ab.body[at[-1]] = replace(ab.body[at[-1]], flt=c.value.flt)
    return replace(c.value, flt=None)


_SELF_COST_BOUND = Rule(
    "cost-self-cost-bound", r"(?P<head>.*\bthis Character) with a cost of (?P<n>\d+) or "
    r"(?P<c>more|less)(?P<tail>.*)",
    lambda m: (Cond(oc.CK_SELF_COST, cmp=_cmp(m.group("c")), value=_n(m, "n")),
               m.group("head") + m.group("tail")), rules=("8-3-1-3", "8-3-2"))


def _compile_costs(ab: Ability, cost: str, statuses: list[str]) -> bool:
    """The cost before ':' as one rule, or its parts split at commas, 'and', after a DON!!
    symbol and after 'DON!! -N' (8-3-1); a leading 'If <condition>,' is a condition of the
    ability."""
    cm = re.match(r"If ((?:[^,]|, (?=\[))+), (?=[Yy]ou may )", cost)
    if cm:
        conds = _match_conds("If " + cm.group(1))
        if conds is None:
            ab.unmatched = cost
            return False
        for c in conds:
            ab.conds.append(c.value)
            record(ab, c, statuses)
        cost = "Y" + cost[cm.end() + 1:]
    bound = match_piece((_SELF_COST_BOUND,), cost)
    if bound is not None:  # "trash this Character with a cost of N or more": a condition
        ab.conds.append(bound.value[0])
        record(ab, bound, statuses)
        cost = bound.value[1]
    whole = match_piece(ALL_COSTS, cost)
    parts = [whole] if whole is not None else [  # "DON!! -4, you may trash ...": "You may"
        match_piece(ALL_COSTS, re.sub(r"^you may ", "You may ", part))
        for part in re.split(r"\s*,\s*|\s+and\s+|(?<=\))\s+|(?<=DON!! -\d)\s+", cost)]
    if any(m is None for m in parts):
        ab.unmatched = cost
        return False
    for m in parts:
        ab.costs.extend(m.value)
        record(ab, m, statuses)
    return True


def _compile_ability(raw: fxtext.RawAbility, timing: int, rules: list[str],
                     flags: int, extra_tags: tuple[str, ...], head: Match | None = None
                     ) -> Ability:
    """One ability: tags, cost and body; `head` is the EVENTS match that named the timing
    (its first rows and conditions come before the body)."""
    ab = Ability(timing=timing, flags=flags, rules=list(rules), source=raw.source)
    statuses: list[str] = [STRICT]
    if head is not None:
        _, first, conds, body, *cost = head.value  # a cost the event's text names
        record(ab, head, statuses)
        ab.body.extend(first)
        for c in conds:
            ab.conds.append(c.value)
            record(ab, c, statuses)
        raw = fxtext.RawAbility(raw.tags, cost[0] if cost else raw.cost, body, raw.source)
    for tag in extra_tags:
        if tag == "Once Per Turn":
            ab.flags |= FLAG_ONCE
            ab.rules.append("10-2-13")
            continue
        dm = re.fullmatch(r"DON!! x(\d+)", tag)
        if dm:
            ab.conds.append(Cond(oc.CK_DON_GIVEN_SELF, cmp=1, value=int(dm.group(1))))
            ab.rules.append("10-2-9")
            continue
        if tag in _TURN_TAGS and timing not in _PERSISTENT:
            kind, rule = _TURN_TAGS[tag]  # [Your Turn] [On K.O.]: a turn condition
            ab.conds.append(Cond(kind))
            ab.rules.append(rule)
            continue
        ab.unmatched = f"[{tag}]"
        ab.status = UNMODELLED
        return ab
    cost, body = raw.cost, raw.body
    before = ""  # "Draw 1 card, then choose one: ...": the action before the choice
    pm = re.fullmatch(r"(?P<pre>[^•:]+?), then choose 1", cost)
    if pm:  # read where a cost would be, before the colon
        before, cost = pm.group("pre"), "Choose 1"
    choose = re.fullmatch(_CHOOSE, cost)
    if choose is None:
        choose = re.match(_CHOOSE + r":\s*(?P<b>.*)$", body)
        body = choose.group("b") if choose else body
    else:
        cost = ""
    if choose and choose.group("c") and \
            not _DRIVER.choice_condition(ab, choose.group("c"), statuses):
        return ab
    if cost and not _compile_costs(ab, cost, statuses):
        return ab
    if before and (not choose or not _DRIVER.sentences(ab, before, statuses)):
        ab.unmatched = ab.unmatched or before
        return ab
    done = (_DRIVER.choice(ab, body, statuses, bool(choose.group("o"))) if choose
            else _DRIVER.sentences(ab, body, statuses))
    if not done:
        return ab
    if not _select_played(ab):
        ab.unmatched = "'the Character played by this effect' with no play before it"
        return ab
    if not ab.body or (head is not None and len(ab.body) == len(head.value[1])):
        ab.unmatched = raw.body or raw.source
        return ab
    if timing not in _PERSISTENT:
        _rush_this_turn(ab, statuses)
    _damage_before_more(ab, statuses)
    _several_to_deck(ab, statuses)
    if timing not in _PERSISTENT and any(o.op in _DURATION_OPS and o.b == oc.D_CONTINUOUS
                                         for o in ab.body):
        ab.unmatched = "a modifier without a duration in a triggered ability"
        return ab
    if any(o.op == oc.OP_REVEAL_TOP and o.flt is None for o in ab.body):
        ab.unmatched = "a revealed card without the condition that tests it"
        return ab
    if not _selected_before_use(ab.body):
        ab.unmatched = "'that Character' after a card is played or picked, not selected"
        return ab
    if ("power-per-paid" in ab.patterns or "power-per-paid-first" in ab.patterns) and \
            oc.OP_ANY_NUMBER not in [o.op for o in ab.body]:
        ab.unmatched = "power 'for every card trashed' without 'any number' paid before it"
        return ab
    if "self-to-hand" in ab.patterns and timing != oc.T_TRIGGER:
        ab.unmatched = "'add this card to your hand' outside a [Trigger]"
        return ab
    if "cost-in-hand" in ab.patterns or "counter-in-hand" in ab.patterns:
        ab.flags |= FLAG_FROM_HAND
    if "hand-counter" in ab.patterns or "play-cost-reduced" in ab.patterns:
        ab.flags |= FLAG_HAND_MOD
    ab.status = combine(statuses)
    return ab


_SELECTS = (oc.OP_SEL, oc.OP_SEL_ALL, oc.OP_SEL_SELF, oc.OP_SEL_LEADER, oc.OP_SEL_ADD,
            oc.OP_REPL_TARGET)
_MOVES_UNSELECTED = (oc.OP_PICK, oc.OP_PLAY_FROM, oc.OP_PLAY_SELF, oc.OP_TRASH_TO_HAND)
_ON_SELECTION = (oc.OP_KO, oc.OP_TRASH, oc.OP_TO_HAND, oc.OP_TO_DECK, oc.OP_TO_LIFE,
                 oc.OP_REST, oc.OP_SET_ACTIVE, oc.OP_POWER, oc.OP_COST, oc.OP_SET_BASE,
                 oc.OP_GRANT, oc.OP_PROHIBIT, oc.OP_GIVE_DON, oc.OP_NEGATE)


def _select_played(ab: Ability) -> bool:
    """Replace each PLAYED_MARK ("the Character played by this effect") by the flag of the
    last PLAY_FROM before it that makes what it plays the selection (c +2). False when no
    play comes before a mark."""
    body: list[Op] = []
    last = -1
    for o in ab.body:
        if o.op == PLAYED_MARK:
            if last < 0:
                return False
            body[last] = replace(body[last], c=body[last].c | 2)
            continue
        if o.op == oc.OP_PLAY_FROM:
            last = len(body)
        body.append(o)
    ab.body = body
    return True


def _selected_before_use(body: list[Op]) -> bool:
    """Does every row that acts on the selection follow a selection row, not a card played
    or picked since ('play up to 1 ... If you do, that Character gains ...' names the
    played card, which the selection register does not hold unless the play selects it)?"""
    selected = False
    for o in body:
        if o.op in _SELECTS or (o.op == oc.OP_PLAY_FROM and o.c & 2):
            selected = True
        elif o.op in _MOVES_UNSELECTED:
            selected = False
        elif o.op in _ON_SELECTION and not selected:
            return False
    return True


# "Choose one:", or "If <condition>, choose one:" (the condition governs the whole choice);
# "Your opponent chooses one:" (the opponent's choice, 8-4-4-1 read as their choice of option).
_OPP_CHOOSES = Rule("opp-chooses-one", r"Your opponent chooses 1", lambda m: None,
                    rules=("8-4-4-1",))
_CHOOSE = r"(?:(?P<c>If (?:[^,]|, (?=\[))+), )?(?:[Cc]hoose 1|(?P<o>Your opponent chooses 1))"
_RUSH_KWS = (cards.KW_RUSH, cards.KW_RUSH_CHAR)
_RUSH_NOTE = ("rush-no-duration: the card grants [Rush] (or may attack Characters on the turn "
              "it is played) with no end; the program grants it for this turn, after which it "
              "changes nothing")


def _rush_this_turn(ab: Ability, statuses: list[str]) -> None:
    """A triggered ability's [Rush] / 'can attack Characters on the turn it is played' with
    no duration (7-1-1, 10-1): granted for this turn, the only turn in which it matters."""
    rows = [i for i, o in enumerate(ab.body) if o.op == oc.OP_GRANT and o.a in _RUSH_KWS
            and o.b == oc.D_CONTINUOUS]
    if not rows:
        return
    for i in rows:
        ab.body[i] = replace(ab.body[i], b=oc.D_TURN)
    statuses.append(APPROX)
    ab.notes.append(_RUSH_NOTE)


_DAMAGE_NOTE = ("damage-then: a [Trigger] revealed by this damage resolves after the rest of "
                "the ability, not before it (8-6-2-1): the interpreter cannot start another "
                "ability in the middle of one")


def _damage_before_more(ab: Ability, statuses: list[str]) -> None:
    """Effect damage followed by more of the ability: the [Trigger] it may reveal is resolved
    when the ability ends (interp.effect_damage), so the order differs from 8-6-2-1."""
    rows = [i for i, o in enumerate(ab.body) if o.op == oc.OP_DAMAGE]
    if len(rows) > 1 or (rows and rows[-1] != len(ab.body) - 1):
        statuses.append(APPROX)
        ab.notes.append(_DAMAGE_NOTE)


_ORDER_NOTE = ("several-to-deck: the selected cards go to the deck in the order they were "
               "selected; their owner orders cards placed together (3-1-7)")


def _several_to_deck(ab: Ability, statuses: list[str]) -> None:
    """Several selected field cards moved to a deck at once: the interpreter moves them in
    the order of the selection, made by the ability's controller, not their owner."""
    for i, o in enumerate(ab.body):
        if o.op != oc.OP_TO_DECK:
            continue
        sel = [x for x in ab.body[:i] if x.op in _SELECTS]
        if sel and (sel[-1].op == oc.OP_SEL_ALL or (sel[-1].op == oc.OP_SEL and sel[-1].b > 1)):
            statuses.append(APPROX)
            ab.notes.append(_ORDER_NOTE)
            return


_DURATION_OPS = (oc.OP_POWER, oc.OP_COST, oc.OP_GRANT, oc.OP_PROHIBIT, oc.OP_NEGATE)
_ON_REVEALED = ("play-revealed", "revealed-to-bottom")
# Rows that change the top of the deck: the revealed card is no longer the look window's.
_DECK_MOVERS = (oc.OP_DRAW, oc.OP_MILL, oc.OP_LOOK, oc.OP_ADD_LIFE, oc.OP_SCRY,
                oc.OP_HAND_TO_DECK, oc.OP_TO_DECK, oc.OP_SHUFFLE, oc.OP_PICK, oc.OP_REST_TO,
                oc.OP_PLAY_FROM)


def _after_reveal(body: list[Op]) -> bool:
    """Is the look window the revealed card: a REVEAL_TOP row earlier, and after it only
    rows that leave the top of the deck alone (or play that card)?"""
    for o in reversed(body):
        if o.op == oc.OP_REVEAL_TOP:
            return True
        if o.op in _DECK_MOVERS and not (o.op == oc.OP_PICK and o.flt == Filter(zone=oc.Z_LOOK)
                                         and o.c in (oc.DEST_PLAY, oc.DEST_PLAY_RESTED)):
            return False
    return False


def _activate_other(text: str, abilities: list[Ability]) -> Ability | None:
    """'[Trigger] Activate this card's [X] effect.': the cost and body of the card's own
    [X] ability (10-1-5), when that ability compiled and has no condition other than a
    turn tag."""
    am = re.fullmatch(r"Activate this card's \[([^\]]+)\] effect\.?", text)
    if am is None or am.group(1) not in TAGS:
        return None
    tm, _ = TAGS[am.group(1)]
    rules = ["10-1-5"] + (["10-2-3-1-1"] if tm == oc.T_MAIN else [])
    ab = Ability(timing=oc.T_TRIGGER, source="[Trigger] " + text, rules=rules)
    ref = next((a for a in abilities if a.timing == tm and a.status != UNMODELLED), None)
    if ref is None or any(c.kind not in _TURN_KINDS for c in ref.conds):
        ab.unmatched = text
        return ab
    ab.body, ab.status, ab.conds = list(ref.body), ref.status, list(ref.conds)
    ab.costs = list(ref.costs)  # the effect is activated with its cost (8-3-1)
    ab.rules += ref.rules
    ab.patterns, ab.notes = list(ref.patterns), list(ref.notes)
    if ref.conds:
        ab.status = APPROX
        ab.notes.append(_ACTIVATE_OTHER_NOTE)
    return ab


_TURN_KINDS = (oc.CK_YOUR_TURN, oc.CK_OPP_TURN)
_ACTIVATE_OTHER_NOTE = ("activate-other: the [Trigger] runs the referenced ability with its "
                        "turn condition ([Your Turn]/[Opponent's Turn]) kept")

# A name the import put back where the card data lost it (importer.restore_attributes).
_RESTORED = re.compile(r"<([^<>]+) \(restored\)>")
_RESTORED_NOTE = ("restored-attribute: the card data lost the attribute's name (printed as "
                  "an icon); the import read it as the card's own attribute")


def _restored(ab: Ability) -> Ability:
    """An ability that reads a restored name is approximate at best."""
    if ab.status == STRICT:
        ab.status = APPROX
    ab.notes.append(_RESTORED_NOTE)
    return ab


def _timings(tags: tuple[str, ...]) -> tuple[list[tuple[int, tuple[str, ...]]], list[str]]:
    """The timings of an ability's tags and the other tags: '[On Play]/[When Attacking]'
    names two timings (one ability each); a turn tag before a triggered timing is a
    condition of it ('[Opponent's Turn] [On K.O.]'), kept in the other tags."""
    found = [t for t in tags if t in TAGS]
    triggered = [t for t in found if TAGS[t][0] not in _PERSISTENT]
    if triggered and len(found) > len(triggered):
        found = triggered
    timings = [TAGS[t] for t in found] or [(oc.T_CONTINUOUS, ("8-1-3-3",))]
    return timings, [t for t in tags if t not in found]


def _selected_clause(text: str) -> Match | None:
    """A clause about the selection ("If the selected Character ..."), read whole."""
    return match_piece(ALL_ACTIONS, text) if text.startswith("If the selected Character ") \
        else None


def _accept(ab: Ability, m: Match, piece: str) -> bool:
    """An action that needs an earlier row: "that card" needs a revealed card before it;
    the Life card just looked at may move (it marks the LIFE_SCRY row before it)."""
    if m.rule.name in _ON_REVEALED and not _after_reveal(ab.body):
        return False
    if m.rule.name == "life-scry-place":
        if not ab.body or ab.body[-1].op != oc.OP_LIFE_SCRY:
            return False
        ab.body[-1] = replace(ab.body[-1], c=1)
    return True


# The clause driver (simcore.effects.driver) with ONE PIECE's words: 8-3-3 "if ...", 8-1-2
# "you may", 4-10-1 "if you do", 4-10-2 "then", 8-4-4 "choose one".
_DRIVER = Driver(SYNTAX, GRAMMAR, conditions=_match_conds, actions=_match_actions,
                 either=_either_rows, whole=_selected_clause, condition_row=_take_revealed,
                 accept=_accept, opp_chooses=_OPP_CHOOSES)


def compile_text(text: str, trigger: str = "") -> list[Ability]:
    """The abilities of one card: effect paragraphs (a keyword line counts as one) and the
    [Trigger], each with its status; deterministic."""
    out: list[Ability] = []
    norm = "\n".join(ln for ln in normalise("\n".join(paragraphs(text))).split("\n")
                     if ln not in ("-", "") and not re.fullmatch(r"\([^()]*\)", ln))
    norm = re.sub(r"\n(?=•)", " ", re.sub(r"(?m)^- (?=\[)", "", norm))  # bullets join
    norm = _MISPRINT.sub(lambda m: _MISPRINTS[m.group(1)], norm)
    norm = "\n".join(ln if ln.startswith("[") else _REPL_TAIL.sub(".\n", ln)
                     for ln in norm.split("\n"))  # a replacement after an untagged ability
    for raw in fxtext.split_abilities(norm):
        line = _REMINDER.sub("", fxtext.strip_reminder(raw.source, KEYWORDS))
        if _KEYWORD_LINE.fullmatch(line.strip()):
            out.append(Ability(timing=oc.T_CONTINUOUS, status=STRICT, rules=("10-1",),
                               source=raw.source))
            continue
        if _ALIAS.fullmatch(line.strip()):  # the packer gives the card these names too
            out.append(Ability(timing=oc.T_CONTINUOUS, status=STRICT, rules=["2-1-3"],
                               patterns=["name-alias"], source=raw.source))
            continue
        dm = _DON_DECK.fullmatch(line.strip())
        if dm and 0 <= int(dm.group(1)) <= DON_TOTAL:  # a deck rule (5-1-2-4), in force from
            out.append(Ability(  # the start of the game: the other DON!! cards never play
                timing=oc.T_START_OF_GAME, status=STRICT, rules=["5-1-2-4", "5-2-1-5-1"],
                patterns=["don-deck-size"], body=[Op(oc.OP_DON_DECK, int(dm.group(1)))],
                source=raw.source))
            continue
        if allows_any_copies(line) and re.fullmatch(r"[^.]+\.?", line.strip()):
            # "you may have any number of this card in your deck": the deck check (5-1-2-4)
            out.append(Ability(timing=oc.T_CONTINUOUS, status=STRICT, rules=["5-1-2-4"],
                               patterns=["deck-any-number"], source=raw.source))
            continue
        restored = _RESTORED.search(line) is not None
        raw = fxtext.split_abilities(_RESTORED.sub(r"<\1>", line))[0]
        head = _event(raw)
        if head is not None:
            ab = _compile_ability(raw, head.value[0], [], 0, raw.tags, head)
            out.append(_restored(ab) if restored else ab)
            also = _ALSO.get(head.rule.name)
            if also is not None:  # the same text at a second timing, sharing one use
                ab2 = _compile_ability(raw, also[0], [], 0, raw.tags, head)
                ab2.conds.insert(0, also[1])
                if "Once Per Turn" in raw.tags:
                    ab2.once_with = len(out) - 1
                out.append(_restored(ab2) if restored else ab2)
            continue
        timings, extra = _timings(raw.tags)
        first = len(out)
        for timing, rules in timings:
            ab = _compile_ability(raw, timing, list(rules), 0, tuple(extra))
            if len(out) > first and "Once Per Turn" in extra:  # one use for both (10-2-13)
                ab.once_with = first
            out.append(_restored(ab) if restored else ab)
    if trigger and normalise(trigger) not in ("-", ""):
        norm_t = _REMINDER.sub("", re.sub(r"^\[Trigger\]\s*", "", normalise(trigger)))
        raw = fxtext.split_abilities("[Trigger] " + norm_t)[0]
        ab = _activate_other(norm_t, out)
        out.append(ab if ab is not None else
                   _compile_ability(raw, oc.T_TRIGGER, ["10-1-5"], 0, ()))
    return out
