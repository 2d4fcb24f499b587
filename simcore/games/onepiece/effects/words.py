"""A compiled ability said in plain words (`tcgsim cards explain`): what the engine will do,
read back from the program rather than from the card text, so a player can check the
engine's reading of a card without reading opcodes."""

from __future__ import annotations

from tcgsim.simcore.effects.fxlayout import (
    FLF_BASE,
    FLF_DIFF_NAMES,
    FLF_EXCLUDE_SELF,
    OWN_ANY,
    OWN_OPP,
    OWN_SELF,
    ST_ACTIVE,
    ST_RESTED,
)
from tcgsim.simcore.effects.ir import Ability, Cond, Filter, Op
from tcgsim.simcore.games.onepiece import cards as C
from tcgsim.simcore.games.onepiece.effects import opcodes as oc

_ZONES = {oc.Z_FIELD_CHAR: "Characters", oc.Z_FIELD_LC: "Leader or Characters",
          oc.Z_LEADER: "Leader", oc.Z_HAND: "cards in hand", oc.Z_TRASH: "cards in the trash",
          oc.Z_LOOK: "cards looked at", oc.Z_SEL: "cards chosen", oc.Z_LIFE: "Life cards",
          oc.Z_STAGE: "Stages", oc.Z_DON: "DON!! cards", oc.Z_LEADER_STAGE: "Leader or Stage",
          oc.Z_FIELD_ANY: "Leader, Characters or Stage"}
_CATS = {C.LEADER: "Leader", C.CHARACTER: "Character", C.EVENT: "Event", C.STAGE: "Stage"}
_COLORS = {bit: name for name, bit in C.COLOR_BITS.items()}
_DURATIONS = {oc.D_BATTLE: " during this battle", oc.D_TURN: " during this turn",
              oc.D_UNTIL_OPP_END: " until the end of the opponent's next turn",
              oc.D_UNTIL_YOUR_START: " until the start of your next turn",
              oc.D_CONTINUOUS: " while this applies"}
_KEYWORDS = {C.KW_RUSH: "[Rush]", C.KW_DOUBLE_ATTACK: "[Double Attack]",
             C.KW_BANISH: "[Banish]", C.KW_BLOCKER: "[Blocker]",
             C.KW_RUSH_CHAR: "[Rush: Character]", C.KW_UNBLOCKABLE: "[Unblockable]"}
_PROHIBITIONS = {oc.PR_NO_ATTACK: "cannot attack", oc.PR_NO_BLOCK: "cannot block",
                 oc.PR_NO_KO_BATTLE: "cannot be K.O.'d in battle",
                 oc.PR_NO_KO_EFFECT: "cannot be K.O.'d by effects",
                 oc.PR_NO_REST: "cannot be rested (so cannot attack or block)",
                 oc.PR_NO_REMOVE_EFFECT: "cannot be removed by the opponent's effects",
                 oc.PR_NO_ATTACK_LEADER: "cannot attack the Leader",
                 oc.PR_NEGATED: "has its effects negated",
                 oc.PR_NO_REFRESH: "does not become active in the next Refresh Phase",
                 oc.PR_ONLY_TARGET: "is the only card the opponent may attack"}
_DESTS = {oc.DEST_HAND: "to the hand", oc.DEST_PLAY: "into play",
          oc.DEST_PLAY_RESTED: "into play rested", oc.DEST_TRASH: "to the trash",
          oc.DEST_DECK_TOP: "to the top of the deck", oc.DEST_DECK_BOTTOM: "to the deck bottom",
          oc.DEST_LIFE_UP: "to the Life cards face up", oc.DEST_LIFE_DOWN: "to the Life cards"}


def _whose(who: int) -> str:
    return {OWN_SELF: "your", OWN_OPP: "the opponent's", OWN_ANY: "either player's"}.get(
        who, "")


def _bits(mask: int, names: dict[int, str]) -> list[str]:
    return [name for bit, name in names.items() if mask & bit]


def _pred(p: str, negated: bool = False) -> str:
    if "||" in p:  # alternatives of any kind: "[Luffy] or type including ..."
        word = " or ".join(_pred(q) for q in p.split("||"))
        return f"not ({word})" if negated else word
    kind, _, value = p.partition(":")
    word = {"type": f"{{{value}}} type", "typeinc": f'type including "{value}"',
            "name": "[" + value.replace("|", "] or [") + "]",
            "attr": f"<{value}> attribute",
            "counter": "without a Counter" if value in ("none", "0") else
            f"with a +{value} Counter" if value else "with a Counter",
            "cat": value, "text": "with no base effect" if not value else value}.get(kind, p)
    return f"not {word}" if negated else word


def filter_words(f: Filter | None, count: str = "", bare: bool = False) -> str:
    """"up to 1 of the opponent's rested Characters with a cost of 5 or less" and the like;
    `bare`: the card's description only ("<Slash> attribute card"), for cards already named
    by where they are (the cards looked at, the revealed one)."""
    if f is None:
        return "the card"
    cats = [_CATS[c] for c in _CATS if f.cat & (1 << c)]
    noun = " or ".join(cats) + " cards" if cats and f.zone not in (
        oc.Z_FIELD_CHAR, oc.Z_LEADER, oc.Z_STAGE) else _ZONES.get(f.zone, "card")
    if f.zone == oc.Z_HAND and cats:
        noun += " in hand"
    elif f.zone == oc.Z_TRASH and cats:
        noun += " in the trash"
    words = []
    state = {ST_ACTIVE: "active", ST_RESTED: "rested"}.get(f.state)
    if state:
        words.append(state)
    words += _bits(f.color, _COLORS)
    names = [_pred(p) for p in f.pred_all if p.startswith("name:")]
    others = [_pred(p) for p in f.pred_all if p.split(":")[0] not in ("name", "counter")]
    counters = [_pred(p) for p in f.pred_all if p.startswith("counter:")]
    head = " ".join([*words, *others, *(names or [noun])])
    base = "base " if f.flags & FLF_BASE else ""
    tail = list(counters)
    if f.cost_min >= 0 and f.cost_max >= 0 and f.cost_min == f.cost_max:
        tail.append(f"with a {base}cost of {f.cost_min}")
    else:
        if f.cost_max >= 0:
            tail.append(f"with a {base}cost of {f.cost_max} or less")
        if f.cost_min >= 0:
            tail.append(f"with a {base}cost of {f.cost_min} or more")
    if f.cost_max_by:
        tail.append("with a cost up to a count read when it resolves")
    if f.pow_max >= 0:
        tail.append(f"with {base}{f.pow_max} power or less")
    if f.pow_min >= 0:
        tail.append(f"with {base}{f.pow_min} power or more")
    if f.flags & oc.FLF_HAS_TRIGGER:
        tail.append("with a [Trigger]")
    if f.flags & oc.FLF_DON_GIVEN:
        tail.append("with DON!! given")
    if f.flags & oc.FLF_NO_DON:
        tail.append("with no DON!! given")
    tail += [f"other than {_pred(p)}" for p in f.pred_none]
    if f.flags & FLF_EXCLUDE_SELF:
        tail.append("other than this card")
    if f.flags & FLF_DIFF_NAMES:
        tail.append("with different card names")
    if bare:
        head = " ".join([*words, *others, *(names or [" or ".join(cats) or "card"])])
        return " ".join([head, *tail]).replace("  ", " ").strip()
    whose = _whose(f.owner)
    lead = f"{count} of {whose} " if count else f"{whose} "
    return (lead + " ".join([head, *tail])).replace("  ", " ").strip()


_CMP = {1: "or more", -1: "or less", 0: "exactly"}  # the compiler's comparison signs
_SIGN = {1: "≥", -1: "≤", 0: "="}


def _plus(v: int) -> str:
    return f" + {v}" if v > 0 else f" − {-v}" if v < 0 else ""
_COND_THINGS = {oc.CK_TRASH: "cards in {w} trash", oc.CK_LIFE: "{w} Life cards",
                oc.CK_HAND: "cards in {w} hand", oc.CK_DON_FIELD: "DON!! cards on {w} field",
                oc.CK_DON_ACTIVE: "active DON!! cards on {w} field",
                oc.CK_DON_GIVEN_SELF: "DON!! cards given to this card",
                oc.CK_CHARS: "Characters on {w} field", oc.CK_DECK: "cards in {w} deck",
                oc.CK_LIFE_TOTAL: "Life cards of both players",
                oc.CK_SELF_POWER: "power of this card", oc.CK_SELF_COST: "cost of this card",
                oc.CK_RESTED: "rested cards on {w} field",
                oc.CK_DON_GIVEN: "DON!! cards given on {w} field",
                oc.CK_TURNS: "{w} turns so far"}


def cond_words(c: Cond) -> str:
    """"you have 2 or less Life cards", "your Leader is {Straw Hat Crew} type", ..."""
    w = _whose(c.who)
    k = c.kind
    if k == oc.CK_LEADER_PRED:
        text = f"{w} Leader is {_pred(c.pred)}"
    elif k == oc.CK_YOUR_TURN:
        text = "it is your turn"
    elif k == oc.CK_OPP_TURN:
        text = "it is your opponent's turn"
    elif k == oc.CK_OK:
        text = "the step before succeeded"
    elif k == oc.CK_SELF_RESTED:
        text = "this card is rested"
    elif k == oc.CK_SELF_PLAYED:
        text = "this card was played this turn"
    elif k == oc.CK_EVENT_CARD and c.flt is not None:
        text = f"the Character is {filter_words(c.flt)}"
    elif k == oc.CK_LEADER_ATTACKED:
        text = "your Leader is the one attacked"
    elif k == oc.CK_CMP_LIFE_OPP:
        text = f"your Life cards {_SIGN.get(c.cmp, '?')} the opponent's{_plus(c.value)}"
    elif k == oc.CK_CMP_DON_OPP:
        text = (f"your DON!! cards on the field {_SIGN.get(c.cmp, '?')} the opponent's"
                f"{_plus(c.value)}")
    elif k in (oc.CK_COUNT, oc.CK_ONLY) and c.flt is not None:
        what = filter_words(c.flt)
        text = (f"the only Characters are {what}" if k == oc.CK_ONLY
                else f"there are exactly {c.value} of {what}" if c.cmp == 0
                else f"there are {c.value} {_CMP[c.cmp]} of {what}" if c.cmp in _CMP
                else f"there is {what}")
    elif k in _COND_THINGS:
        thing = _COND_THINGS[k].format(w=w)
        text = f"{thing}: exactly {c.value}" if c.cmp == 0 else \
            f"{thing}: {c.value} {_CMP.get(c.cmp, '')}"
    else:
        name = next((n for n, v in vars(oc).items() if n.startswith("CK_") and v == k), k)
        text = f"{str(name)[3:].lower().replace('_', ' ')} {c.value}"
    return f"not ({text})" if c.neg else text


def _count(n: int, upto: int) -> str:
    n_text = "X" if n == -1 else str(n)
    return f"up to {n_text}" if upto else n_text


def _op_words(o: Op, sel: str) -> str | None:
    """One row in words; `sel` is the selection the step acts on; None for flow rows."""
    op, a, b, c = o.op, o.a, o.b, o.c
    n = "X" if a == -1 else str(a)
    dur = _DURATIONS.get(b, "")
    simple = {
        oc.OP_KO: f"K.O. {sel}", oc.OP_TRASH: f"trash {sel}",
        oc.OP_TO_HAND: f"return {sel} to the owner's hand",
        oc.OP_TO_DECK: f"place {sel} at the {'bottom' if a else 'top'} of the owner's deck",
        oc.OP_TO_LIFE: f"add {sel} to the owner's Life cards",
        oc.OP_REST: f"rest {sel}", oc.OP_SET_ACTIVE: f"set {sel} as active",
        oc.OP_POWER: f"{sel} gets {a:+d} power{dur}",
        oc.OP_COST: f"{sel} gets {a:+d} cost{dur}",
        oc.OP_SET_BASE: f"{sel}: base power becomes {a}{dur}",
        oc.OP_GRANT: f"{sel} gains {' '.join(_bits(a, _KEYWORDS)) or 'a keyword'}{dur}",
        oc.OP_PROHIBIT: f"{sel} {', '.join(_bits(a, _PROHIBITIONS)) or 'is restricted'}{dur}",
        oc.OP_GIVE_DON: f"give {n} {'rested' if b else 'active'} DON!! to {sel}",
        oc.OP_PLAY: f"play {sel}", oc.OP_NEGATE: f"negate the effects of {sel}{dur}",
        oc.OP_DRAW: f"draw {n}", oc.OP_TRASH_HAND: f"trash {n} from your hand",
        oc.OP_OPP_TRASH_HAND: f"the opponent trashes {n} from their hand",
        oc.OP_MILL: f"trash {n} from the top of your deck",
        oc.OP_LOOK: f"look at the top {n} of your deck",
        oc.OP_REST_TO: {0: "place the rest at the bottom of the deck", 2: "trash the rest",
                        3: "place the rest at the top or bottom of the deck"}.get(
                            a, "put the rest back"),
        oc.OP_SCRY: f"look at the top {n} and put them on top or at the bottom",
        oc.OP_SHUFFLE: "shuffle the deck", oc.OP_ADD_LIFE: f"add {n} from the deck to Life",
        oc.OP_LIFE_TO_HAND: f"{n} of {_whose(c)} Life cards to the owner's hand",
        oc.OP_TRASH_LIFE: f"trash {n} of {_whose(c)} Life cards",
        oc.OP_DAMAGE: f"deal {n} damage to {_whose(b)} Leader",
        oc.OP_PLAY_SELF: "play this card", oc.OP_SELF_TO_HAND: "add this card to your hand",
        oc.OP_DON_ADD: f"add {n} DON!! from the DON!! deck{' rested' if b else ''}",
        oc.OP_DON_MINUS: f"return {n} DON!! to the DON!! deck"
        + (" at the end of the turn, down to the opponent's count" if b else ""),
        oc.OP_DON_REST: f"rest {n} of {_whose(c)} DON!!",
        oc.OP_DON_ACTIVE: f"set {n} DON!! as active",
        oc.OP_OPP_DON_MINUS: f"the opponent returns {n} DON!! to their DON!! deck",
        oc.OP_DON_DECK: f"your DON!! deck holds {n} cards",
        oc.OP_WIN: "you win the game", oc.OP_RETARGET: "the attack's target changes",
        oc.OP_GUESS_COST_OPP: "guess the cost of a card of the opponent's hand",
        oc.OP_LOOK_OPP: f"look at {n} cards of the opponent's hand",
        oc.OP_HAND_TO_LIFE: f"add {_count(a, b)} from your hand to Life",
        oc.OP_SET_BASE_AS: f"{sel}: base power becomes the chosen card's{_DURATIONS.get(a, '')}",
    }
    if op in simple:
        return simple[op]
    if op == oc.OP_PICK:
        return (f"reveal {_count(b, 1)} {filter_words(o.flt, bare=True)} among them and put "
                f"it {_DESTS.get(c, 'aside')}")
    if op == oc.OP_PLAY_FROM:
        return f"play {filter_words(o.flt, _count(b, 1))}" + (
            f" with a total cost of {(c >> 4) - 1} or less" if c >> 4 else "") + (
            " rested" if c & 1 else "")
    if op == oc.OP_TRASH_TO_HAND:
        return f"add {filter_words(o.flt, _count(b, 1))} to your hand"
    if op == oc.OP_REVEAL_TOP:
        return (f"reveal the top card of your deck (it counts if it is a "
                f"{filter_words(o.flt, bare=True)})")
    if op == oc.OP_TRASH_TO_DECK:
        return f"place {filter_words(o.flt, n)} at the bottom of the deck"
    if op == oc.OP_ACTIVATE_EVENT:
        return f"activate {filter_words(o.flt, _count(b, 1))}"
    if op == oc.OP_POWER_PER:
        return f"{sel} gets {a:+d} power for every counted card"
    if op == oc.OP_POWER_X:
        return f"{sel} gets power for every card paid{dur}"
    if op == oc.OP_HAND_COUNTER:
        if o.flt is None:
            return f"this card in your hand has a +{a} Counter"
        return f"{filter_words(o.flt)} have a +{a} Counter"
    if op == oc.OP_HAND_COST:
        return f"{filter_words(o.flt)} cost {a:+d} to play"
    if op == oc.OP_NEXT_PLAY_CUT:
        return f"the next {filter_words(o.flt)} played this turn costs {a} less"
    if op == oc.OP_BAN_PLAY:
        return "a player may not play some cards this turn"
    name = oc.OPS.get(op, (f"op {op:#04x}",))[0]
    return name.lower().replace("_", " ")


_COSTS = {oc.OP_C_REST_DON: "rest {n} DON!! (①)", oc.OP_C_DON_MINUS: "DON!! −{n}",
          oc.OP_C_TRASH_HAND: "trash {n} from your hand", oc.OP_C_REST_SELF: "rest this card",
          oc.OP_C_TRASH_SELF: "trash this card", oc.OP_C_HAND_TO_DECK: "{n} hand cards to "
          "the deck", oc.OP_C_LIFE_TO_HAND: "{n} Life cards to your hand",
          oc.OP_C_TRASH_LIFE: "trash {n} Life cards", oc.OP_C_MILL: "trash {n} from the deck",
          oc.OP_C_LEADER_MINUS: "your Leader gets −{n} power this turn",
          oc.OP_C_RETURN_SELF: "return this card"}


_CARD_COSTS = {oc.OP_C_RETURN_OWN: "return {c} to the hand", oc.OP_C_KO_OWN: "K.O. {c}",
               oc.OP_C_REST_OWN: "rest {c}", oc.OP_C_TRASH_OWN: "trash {c}",
               oc.OP_C_BOTTOM_OWN: "place {c} at the bottom of the deck",
               oc.OP_C_REST_OWN_OR_DON: "rest {c} or {n} DON!!",
               oc.OP_C_TRASH_OWN_OR_HAND: "trash {c} or {n} cards from your hand",
               oc.OP_C_GIVE_DON: "give {n} active DON!! to {c}",
               oc.OP_C_REVEAL_HAND: "reveal {c}", oc.OP_C_TRASH_TO_DECK: "return {c} to the deck"}


def _cost_words(o: Op) -> str:
    n = "X" if o.a == -1 else str(o.a)
    if o.op in _COSTS:
        text = _COSTS[o.op].format(n=n)
        if o.op == oc.OP_C_TRASH_HAND and o.flt is not None:
            text = f"trash {filter_words(o.flt, n)}"
        return text
    if o.op in _CARD_COSTS and o.flt is not None:
        how_many = max(o.b, 1) if o.op in (oc.OP_C_REST_OWN,) else 1
        if o.op in (oc.OP_C_REVEAL_HAND, oc.OP_C_TRASH_TO_DECK):
            how_many = o.a
        n2 = str(max(o.b, 1)) if o.op in (oc.OP_C_REST_OWN_OR_DON,
                                           oc.OP_C_TRASH_OWN_OR_HAND) else str(o.a)
        return _CARD_COSTS[o.op].format(c=filter_words(o.flt, str(how_many)), n=n2)
    if o.flt is not None:
        verb = oc.OPS.get(o.op, ("?",))[0][2:].lower().replace("_", " ")
        return f"{verb}: {filter_words(o.flt, '1')}"
    return oc.OPS.get(o.op, ("?",))[0][2:].lower().replace("_", " ")


def ability_words(ab: Ability) -> str:
    """The whole ability: "if <conditions>, pay <costs>: <steps>"."""
    parts = []
    if ab.conds:
        parts.append("if " + " and ".join(cond_words(c) for c in ab.conds) + ", ")
    if ab.costs:
        parts.append("pay " + " and ".join(_cost_words(o) for o in ab.costs) + ": ")
    steps: list[str] = []
    sel = "the card"
    acted = False  # a step already acted on the selection: the next one says "it"
    for o in ab.body:
        if o.op in (oc.OP_SEL, oc.OP_SEL_ADD, oc.OP_SEL_ALL, oc.OP_SEL_SELF, oc.OP_SEL_LEADER,
                    oc.OP_SEL_BATTLE):
            acted = False
        if o.op == oc.OP_SEL:
            sel = filter_words(o.flt, _count(o.b, o.c))
            if o.c >> 4:  # "with a total cost of N or less": a budget over the picks
                sel += f" with a total cost of {(o.c >> 4) - 1} or less"
            continue
        if o.op == oc.OP_SEL_ADD:
            sel += " and " + filter_words(o.flt, _count(o.b, o.c))
            continue
        if o.op == oc.OP_SEL_ALL:
            sel = "all of " + filter_words(o.flt)
            continue
        if o.op == oc.OP_SEL_SELF:
            sel = "this card"
            continue
        if o.op == oc.OP_SEL_LEADER:
            sel = f"{_whose(o.a)} Leader"
            continue
        if o.op == oc.OP_SEL_BATTLE:
            sel = "your card in this battle" if o.a == 0 else "the opponent's card in this battle"
            continue
        if o.op == oc.OP_SKIP_UNLESS and o.cond is not None:
            steps.append(f"if {cond_words(o.cond)}:")
            continue
        if o.op == oc.OP_MAY:
            steps.append("you may:")
            continue
        if o.op == oc.OP_CHOOSE_ONE:
            steps.append("the opponent chooses one:" if o.b else "choose one:")
            continue
        if o.op >> 4 == 0:  # other flow rows: "if you do", an option's length, ...
            continue
        on_sel = o.op >> 4 == 2
        steps.append(_op_words(o, "it" if on_sel and acted else sel))
        acted = acted or on_sel
    body = "; ".join(steps).replace(":;", ":")
    return ("".join(parts) + body).strip() or "the keyword itself, as the rules define it"
