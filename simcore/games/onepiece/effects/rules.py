"""ONE PIECE pattern tables: timing tags, costs, conditions and action clauses → IR, each
rule with its status and rule numbers (rules text seed 003, chapters 8 and 10).

`compile_text(text, trigger)` compiles one card; an ability is strict if every piece
matched a strict rule, approximate if any matched an approximate one, else unmodelled
with the first unmatched fragment. Card text is never guessed at."""

from __future__ import annotations

import re
from dataclasses import replace

from tcgsim.simcore.effects import clauses as fxtext
from tcgsim.simcore.effects.ir import APPROX, STRICT, UNMODELLED, Ability, Cond, Filter, Op, combine
from tcgsim.simcore.effects.patterns import Rule, match_piece
from tcgsim.simcore.effects.text import normalise
from tcgsim.simcore.games.onepiece.effects import opcodes as oc
from tcgsim.simcore.games.onepiece.textparse import paragraphs

COMPILER_VERSION = 1
OWN_SELF, OWN_OPP, OWN_ANY = 0, 1, 2
KEYWORDS = ("[Blocker]", "[Rush]", "[Double Attack]", "[Banish]", "[Rush: Character]",
            "[Unblockable]")
_REMINDER = re.compile(r"\s*\((?:You may (?:rest|return) the specified|This card can attack|"
                       r"This card can't be|After your opponent declares)[^()]*\)")
_KEYWORD_LINE = re.compile(r"(?:\[(?:Blocker|Rush|Double Attack|Banish|Rush: Character|"
                           r"Unblockable)\]\s*)+")

TAGS = {
    "On Play": (oc.T_ON_PLAY, ("10-2-1",)),
    "When Attacking": (oc.T_WHEN_ATTACKING, ("10-2-4", "7-1-1-3")),
    "On Block": (oc.T_ON_BLOCK, ("10-2-5", "7-1-2-2")),
    "On K.O.": (oc.T_ON_KO, ("10-2-17",)),
    "Activate: Main": (oc.T_ACTIVATE_MAIN, ("10-2-2",)),
    "Main": (oc.T_MAIN, ("10-2-3",)),
    "Counter": (oc.T_COUNTER, ("10-2-10", "7-1-3-2-2")),
    "Trigger": (oc.T_TRIGGER, ("10-1-5",)),
    "End of Your Turn": (oc.T_END_OF_YOUR_TURN, ("10-2-7",)),
    "End of Your Opponent's Turn": (oc.T_END_OF_OPP_TURN, ("10-2-8",)),
    "On Your Opponent's Attack": (oc.T_ON_OPP_ATTACK, ("10-2-16",)),
    "Your Turn": (oc.T_YOUR_TURN, ("10-2-11",)),
    "Opponent's Turn": (oc.T_OPP_TURN, ("10-2-12",)),
}
FLAG_ONCE = 1


def _n(m: re.Match, g: int = 1) -> int:
    return int(m.group(g))


def _opp_char(m: re.Match, cost_max: int = -1, pow_max: int = -1) -> Filter:
    return Filter(zone=oc.Z_FIELD_CHAR, owner=OWN_OPP, cost_max=cost_max, pow_max=pow_max)


_COST_BOUND = r"(?: with a cost of (\d+) or less)?"
_DUR = {"during this turn": oc.D_TURN, "during this battle": oc.D_BATTLE,
        "until the end of your opponent's next End Phase": oc.D_UNTIL_OPP_END}
_DUR_RE = r"(during this turn|during this battle|until the end of your opponent's next End Phase)"

COSTS: tuple[Rule, ...] = (
    Rule("cost-rest-don", r"\((\d+)\)", lambda m: [Op(oc.OP_C_REST_DON, _n(m))],
         rules=("8-3-1-5",)),
    Rule("cost-don-minus", r"DON!! -(\d+)", lambda m: [Op(oc.OP_C_DON_MINUS, _n(m))],
         rules=("8-3-1-6", "10-2-6")),
    Rule("cost-trash-hand", r"(?:You may )?trash (\d+) cards? from your hand",
         lambda m: [Op(oc.OP_C_TRASH_HAND, _n(m), -1)], rules=("8-3-1-3",)),
    Rule("cost-rest-self", r"(?:You may )?rest this (?:card|Character|Leader|Stage)",
         lambda m: [Op(oc.OP_C_REST_SELF)], rules=("8-3-1-3",)),
    Rule("cost-rest-don-n", r"You may rest (\d+) of your DON!! cards?",
         lambda m: [Op(oc.OP_C_REST_DON, _n(m))], rules=("8-3-1-5",)),
    Rule("cost-trash-to-deck", r"You may place (\d+) cards from your trash at the bottom of "
         r"your deck in any order",
         lambda m: [Op(oc.OP_C_TRASH_TO_DECK, _n(m), -1)], status=APPROX, rules=("8-3-1-3",),
         note="'in any order': the cards go to the bottom in the order the strategy chose them"),
    Rule("cost-trash-self", r"(?:You may )?trash this (?:card|Character|Stage)",
         lambda m: [Op(oc.OP_C_TRASH_SELF)], rules=("8-3-1-3",)),
)

CONDS: tuple[Rule, ...] = (
    Rule("cond-leader-type", r"If your Leader has the \{([^}]+)\} type",
         lambda m: Cond(oc.CK_LEADER_PRED, pred="type:" + m.group(1)), rules=("8-3-2",)),
    Rule("cond-leader-name", r"If your Leader is \[([^\]]+)\]",
         lambda m: Cond(oc.CK_LEADER_PRED, pred="name:" + m.group(1)), rules=("8-3-2",)),
    Rule("cond-life-le", r"If you have (\d+) or less Life cards?",
         lambda m: Cond(oc.CK_LIFE, cmp=-1, value=_n(m)), rules=("8-3-2",)),
    Rule("cond-opp-life-le", r"If your opponent has (\d+) or less Life cards?",
         lambda m: Cond(oc.CK_LIFE, who=OWN_OPP, cmp=-1, value=_n(m)), rules=("8-3-2",)),
    Rule("cond-don-field-le", r"If you have (\d+) or less DON!! cards on your field",
         lambda m: Cond(oc.CK_DON_FIELD, cmp=-1, value=_n(m)), rules=("8-3-2",)),
    Rule("cond-leader-types", r"If your Leader has the \{([^}]+)\} or \{([^}]+)\} type",
         lambda m: Cond(oc.CK_LEADER_PRED, pred="type:" + m.group(1) + "|" + m.group(2)),
         rules=("8-3-2",)),
    Rule("cond-opp-hand-ge", r"If your opponent has (\d+) or more cards in their hand",
         lambda m: Cond(oc.CK_HAND, who=OWN_OPP, cmp=1, value=_n(m)), rules=("8-3-2",)),
    Rule("cond-have-char-power", r"If you have a Character with (\d+) power or more",
         lambda m: Cond(oc.CK_COUNT, cmp=1, value=1, flt=Filter(
             zone=oc.Z_FIELD_CHAR, owner=OWN_SELF, pow_min=_n(m))), rules=("8-3-2",)),
    Rule("cond-any-char-power", r"If there is a Character with (\d+) power or more",
         lambda m: Cond(oc.CK_COUNT, cmp=1, value=1, flt=Filter(
             zone=oc.Z_FIELD_CHAR, owner=OWN_ANY, pow_min=_n(m))), rules=("8-3-2",)),
    Rule("cond-trash-ge", r"If you have (\d+) or more cards in your trash",
         lambda m: Cond(oc.CK_TRASH, cmp=1, value=_n(m)), rules=("8-3-2",)),
    Rule("cond-don-field-ge", r"If you have (\d+) or more DON!! cards on your field",
         lambda m: Cond(oc.CK_DON_FIELD, cmp=1, value=_n(m)), rules=("8-3-2",)),
)

ACTIONS: tuple[Rule, ...] = (
    Rule("draw", r"[Dd]raw (\d+) cards?", lambda m: [Op(oc.OP_DRAW, _n(m))],
         rules=("8-4-1",)),
    Rule("draw-trash", r"[Dd]raw (\d+) cards? and trash (\d+) cards? from your hand",
         lambda m: [Op(oc.OP_DRAW, _n(m)), Op(oc.OP_TRASH_HAND, _n(m, 2), -1)],
         rules=("8-4-1",)),
    Rule("ko-opp-power", r"K\.O\. up to (\d+) of your opponent's Characters with (\d+) "
         r"power or less",
         lambda m: [Op(oc.OP_SEL, 0, _n(m), 1, flt=_opp_char(m, pow_max=_n(m, 2))),
                    Op(oc.OP_KO)], rules=("8-4-4-1", "10-2-17")),
    Rule("rest-opp-power", r"[Rr]est up to (\d+) of your opponent's Characters with (\d+) "
         r"power or less",
         lambda m: [Op(oc.OP_SEL, 0, _n(m), 1, flt=_opp_char(m, pow_max=_n(m, 2))),
                    Op(oc.OP_REST)], rules=("8-4-4-1",)),
    Rule("cost-down-opp", r"[Gg]ive up to (\d+) of your opponent's Characters -(\d+) cost "
         + _DUR_RE,
         lambda m: [Op(oc.OP_SEL, 0, _n(m), 1, flt=_opp_char(m)),
                    Op(oc.OP_COST, -_n(m, 2), _DUR[m.group(3)])], rules=("8-4-4-1", "2-7-6")),
    Rule("life-from-deck", r"[Aa]dd up to (\d+) cards? from the top of your deck to the top "
         r"of your Life cards",
         lambda m: [Op(oc.OP_ADD_LIFE, _n(m), 0)], rules=("4-6",)),
    Rule("leader-buff", r"Your Leader gains \+(\d+) power (during this turn|during this battle)",
         lambda m: [Op(oc.OP_SEL_LEADER, OWN_SELF), Op(oc.OP_POWER, _n(m), _DUR[m.group(2)])],
         rules=("6-6",)),
    Rule("trash-hand", r"[Tt]rash (\d+) cards? from your hand",
         lambda m: [Op(oc.OP_TRASH_HAND, _n(m), -1)], rules=("8-4-1",)),
    Rule("ko-opp-cost", r"K\.O\. up to (\d+) of your opponent's Characters" + _COST_BOUND,
         lambda m: [Op(oc.OP_SEL, 0, _n(m), 1, flt=_opp_char(
             m, int(m.group(2)) if m.group(2) else -1)), Op(oc.OP_KO)],
         rules=("8-4-4-1", "10-2-17")),
    Rule("rest-opp-cost", r"Rest up to (\d+) of your opponent's Characters" + _COST_BOUND,
         lambda m: [Op(oc.OP_SEL, 0, _n(m), 1, flt=_opp_char(
             m, int(m.group(2)) if m.group(2) else -1)), Op(oc.OP_REST)], rules=("8-4-4-1",)),
    Rule("bounce-cost", r"Return up to (\d+) Characters?" + _COST_BOUND
         + r" to the owner's hand",
         lambda m: [Op(oc.OP_SEL, 0, _n(m), 1, flt=Filter(
             zone=oc.Z_FIELD_CHAR, owner=OWN_ANY,
             cost_max=int(m.group(2)) if m.group(2) else -1)), Op(oc.OP_TO_HAND)],
         rules=("8-4-4-1",)),
    Rule("debuff-opp", r"[Gg]ive up to (\d+) of your opponent's Characters -(\d+) power "
         + _DUR_RE,
         lambda m: [Op(oc.OP_SEL, 0, _n(m), 1, flt=_opp_char(m)),
                    Op(oc.OP_POWER, -_n(m, 2), _DUR[m.group(3)])], rules=("8-4-4-1", "6-6")),
    Rule("buff-own", r"Up to (\d+) of your Leader or Character cards gains? \+(\d+) power "
         + _DUR_RE,
         lambda m: [Op(oc.OP_SEL, 0, _n(m), 1, flt=Filter(zone=oc.Z_FIELD_LC, owner=OWN_SELF)),
                    Op(oc.OP_POWER, _n(m, 2), _DUR[m.group(3)])], rules=("8-4-4-1", "6-6")),
    Rule("buff-own-named", r"Up to (\d+) of your \[([^\]]+)\] cards gains? \+(\d+) power "
         + _DUR_RE,
         lambda m: [Op(oc.OP_SEL, 0, _n(m), 1, flt=Filter(zone=oc.Z_FIELD_LC, owner=OWN_SELF,
                                                         pred_all=("name:" + m.group(2),))),
                    Op(oc.OP_POWER, _n(m, 3), _DUR[m.group(4)])], rules=("8-4-4-1", "6-6")),
    Rule("bottom-cost", r"Place up to (\d+) Characters?" + _COST_BOUND
         + r" at the bottom of the owner's deck",
         lambda m: [Op(oc.OP_SEL, 0, _n(m), 1, flt=Filter(
             zone=oc.Z_FIELD_CHAR, owner=OWN_ANY,
             cost_max=int(m.group(2)) if m.group(2) else -1)), Op(oc.OP_TO_DECK, 1)],
         rules=("8-4-4-1",)),
    Rule("cost-up-self", r"This Character gains \+(\d+) cost",
         lambda m: [Op(oc.OP_SEL_SELF), Op(oc.OP_COST, _n(m), oc.D_CONTINUOUS)],
         rules=("2-7-6",)),
    Rule("buff-own-chars", r"Up to (\d+) of your Characters gains? \+(\d+) power "
         + _DUR_RE,
         lambda m: [Op(oc.OP_SEL, 0, _n(m), 1, flt=Filter(zone=oc.Z_FIELD_CHAR, owner=OWN_SELF)),
                    Op(oc.OP_POWER, _n(m, 2), _DUR[m.group(3)])], rules=("8-4-4-1", "6-6")),
    Rule("buff-self", r"This (?:Character|Leader) gains \+(\d+) power"
         r"(?: (during this turn|during this battle))?",
         lambda m: [Op(oc.OP_SEL_SELF), Op(oc.OP_POWER, _n(m), _DUR[m.group(2)]
                                           if m.group(2) else oc.D_CONTINUOUS)],
         rules=("6-6",)),
    Rule("don-add-active", r"Add up to (\d+) DON!! cards? from your DON!! deck and set "
         r"(?:it|them) as active",
         lambda m: [Op(oc.OP_DON_ADD, _n(m), 0)], rules=("6-4",)),
    Rule("don-add-rested", r"Add up to (\d+) DON!! cards? from your DON!! deck and rest "
         r"(?:it|them)",
         lambda m: [Op(oc.OP_DON_ADD, _n(m), 1)], rules=("6-4",)),
    Rule("play-self", r"Play this card", lambda m: [Op(oc.OP_PLAY_SELF)], rules=("10-1-5-4",)),
    Rule("look-search", r"Look at (\d+) cards from the top of your deck; reveal up to (\d+) "
         r"(?:\{([^}]+)\} type )?cards?(?: other than \[([^\]]+)\])? and add (?:it|them) to "
         r"your hand",
         lambda m: [Op(oc.OP_LOOK, _n(m)), Op(oc.OP_PICK, 0, _n(m, 2), oc.DEST_HAND, flt=Filter(
             zone=oc.Z_LOOK, pred_all=(("type:" + m.group(3),) if m.group(3) else ()),
             pred_none=(("name:" + m.group(4),) if m.group(4) else ())))],
         rules=("8-4-4-1", "1-3-2")),
    Rule("mill", r"Trash (\d+) cards? from the top of your deck",
         lambda m: [Op(oc.OP_MILL, _n(m))], rules=("8-4-1",)),
    Rule("don-set-active", r"Set up to (\d+) of your DON!! cards as active",
         lambda m: [Op(oc.OP_DON_ACTIVE, _n(m))], rules=("6-5-5",)),
    Rule("grant-self", r"This (?:Character|Leader) gains \[(Rush|Double Attack|Banish|Blocker)\]"
         r"(?: (during this turn|during this battle))?",
         lambda m: [Op(oc.OP_SEL_SELF), Op(oc.OP_GRANT, _KW_BITS[m.group(1)],
                                           _DUR[m.group(2)] if m.group(2) else oc.D_CONTINUOUS)],
         rules=("10-1",)),
    Rule("scry", r"Look at (\d+) cards from the top of your deck and place them at the top or "
         r"bottom of the deck in any order",
         lambda m: [Op(oc.OP_SCRY, _n(m))], status=APPROX, rules=("8-4-4-1",),
         note="'in any order': each card's place and the order are the strategy's answers, "
              "by default the looked-at order"),
    Rule("give-rested-don", r"Give up to (\d+) rested DON!! cards? to your Leader or (\d+) of "
         r"your Characters",
         lambda m: [Op(oc.OP_SEL, 0, 1, 1, flt=Filter(zone=oc.Z_FIELD_LC, owner=OWN_SELF)),
                    Op(oc.OP_GIVE_DON, _n(m), 1)], rules=("6-5-5",)),
    Rule("trash-rest", r"[Tt]rash the rest", lambda m: [Op(oc.OP_REST_TO, 2)],
         rules=("8-4-4-1",)),
    Rule("rest-to-bottom", r"[Pp]lace the rest at the bottom of your deck in any order",
         lambda m: [Op(oc.OP_REST_TO, 0)], status=APPROX, rules=("8-4-4-1",),
         note="'in any order': the strategy's Q_ORDER_BOTTOM answer, else the look order"),
)


_KW_BITS = {"Rush": 1, "Double Attack": 2, "Banish": 4, "Blocker": 8}  # cards.KW_*


def _inline_main(abilities: list[Ability]) -> list[Op] | None:
    for ab in abilities:
        if ab.timing == oc.T_MAIN and ab.status != UNMODELLED:
            return list(ab.body)
    return None


def _compile_ability(raw: fxtext.RawAbility, timing: int, rules: list[str],
                     flags: int, extra_tags: tuple[str, ...]) -> Ability:
    ab = Ability(timing=timing, flags=flags, rules=list(rules), source=raw.source)
    statuses: list[str] = [STRICT]
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
        ab.unmatched = f"[{tag}]"
        ab.status = UNMODELLED
        return ab
    if raw.cost:
        for part in re.split(r"\s*,\s*|\s+and\s+|(?<=\))\s+", raw.cost):
            m = match_piece(COSTS, part)
            if m is None:
                ab.unmatched = raw.cost
                return ab
            ab.costs.extend(m.value)
            ab.rules.extend(m.rule.rules)
            ab.patterns.append(m.rule.name)
            statuses.append(m.rule.status)
    for sentence in fxtext.split_sentences(raw.body):
        skips = []  # SKIP_UNLESS / IF_DO rows of this sentence: they skip to its end
        conn_clauses = fxtext.split_clauses(sentence)
        for conn, clause in conn_clauses:
            body = clause
            cm = re.match(r"([Ii]f [^,]+),\s*(.*)$", body)
            if cm:
                c = match_piece(CONDS, "I" + cm.group(1)[1:])
                if c is None:
                    ab.unmatched = cm.group(1)
                    return ab
                skips.append(len(ab.body))
                ab.body.append(Op(oc.OP_SKIP_UNLESS, 0, -1, cond=c.value))
                ab.rules.extend(c.rule.rules)
                ab.patterns.append(c.rule.name)
                body = cm.group(2)
            if conn == "IF_DO":
                skips.append(len(ab.body))
                ab.body.append(Op(oc.OP_IF_DO, 0, -1))
            pieces = re.split(r", and |\. Then, ", body)
            for piece in pieces:
                piece = piece.strip()
                m = match_piece(ACTIONS, piece[:1].upper() + piece[1:])
                if m is None:
                    ab.unmatched = piece.strip()
                    return ab
                ab.body.extend(m.value)
                ab.rules.extend(m.rule.rules)
                ab.patterns.append(m.rule.name)
                statuses.append(m.rule.status)
                if m.rule.note:
                    ab.notes.append(f"{m.rule.name}: {m.rule.note}")
        for i in skips:  # a condition or "if you do" governs the rest of its sentence
            ab.body[i] = replace(ab.body[i], b=len(ab.body) - i - 1)
    if not ab.body:
        ab.unmatched = raw.body or raw.source
        return ab
    ab.status = combine(statuses)
    return ab


def compile_text(text: str, trigger: str = "") -> list[Ability]:
    """The abilities of one card: effect paragraphs (a keyword line counts as one) and the
    [Trigger], each with its status; deterministic."""
    out: list[Ability] = []
    norm = "\n".join(ln for ln in normalise("\n".join(paragraphs(text))).split("\n")
                     if ln not in ("-", "") and not re.fullmatch(r"\([^()]*\)", ln))
    for raw in fxtext.split_abilities(norm):
        line = _REMINDER.sub("", fxtext.strip_reminder(raw.source, KEYWORDS))
        if _KEYWORD_LINE.fullmatch(line.strip()):
            out.append(Ability(timing=oc.T_CONTINUOUS, status=STRICT, rules=("10-1",),
                               source=raw.source))
            continue
        raw = fxtext.split_abilities(line)[0]
        timing, rules, extra = oc.T_CONTINUOUS, ("8-1-3-3",), []
        found = False
        for tag in raw.tags:
            if tag in TAGS and not found:
                timing, rules = TAGS[tag]
                found = True
            else:
                extra.append(tag)
        out.append(_compile_ability(raw, timing, list(rules), 0, tuple(extra)))
    if trigger and normalise(trigger) not in ("-", ""):
        norm_t = re.sub(r"^\[Trigger\]\s*", "", normalise(trigger))
        raw = fxtext.split_abilities("[Trigger] " + norm_t)[0]
        if re.fullmatch(r"Activate this card's \[Main\] effect\.?", norm_t):
            body = _inline_main(out)
            ab = Ability(timing=oc.T_TRIGGER, source=raw.source, rules=["10-1-5", "10-2-3-1-1"])
            if body is None:
                ab.unmatched = norm_t
            else:
                ab.body = body
                ab.status = next(a.status for a in out if a.timing == oc.T_MAIN)
            out.append(ab)
        else:
            out.append(_compile_ability(raw, oc.T_TRIGGER, ["10-1-5"], 0, ()))
    return out
