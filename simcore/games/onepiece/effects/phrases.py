"""ONE PIECE target and card phrases → ir.Filter, the compositional layer under the verb
templates of rules.py: "up to 2 of your opponent's rested Characters with a cost of 4 or
less", "1 {Straw Hat Crew} type Character card with 5000 power or more", "your Leader".

A phrase is read word group by word group (quantifier and owner, adjectives, a noun,
qualifiers); anything left over makes the whole phrase unreadable (None), never a guess.
Up to (8-4-4-1), cost (2-7-6) and power (6-6) bounds, types and names (1-3-2).
Predicates are strings: "type:A|B" (either type), "name:A|B" (either name),
"typeinc:X" (a type that contains the text X: 'a type including "X"'), "nameinc:X" (a name
containing X: 'card name includes "X"'), "attr:A",
"cat:Character" (a category), "text:none" (no card text, 2-8-5) and "P||Q" (either)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from tcgsim.simcore.effects import fxlayout as L
from tcgsim.simcore.effects.ir import Filter
from tcgsim.simcore.games.onepiece import cards
from tcgsim.simcore.games.onepiece.effects import opcodes as oc

OWN_SELF, OWN_OPP, OWN_ANY = L.OWN_SELF, L.OWN_OPP, L.OWN_ANY
FIELD = "field"  # a phrase naming cards on the field (zone from the noun)
COLOURS = tuple(cards.COLOR_BITS)
_CAT = {"Character": cards.CHARACTER, "Event": cards.EVENT, "Stage": cards.STAGE,
        "Leader": cards.LEADER}
_NAME = r"\[(?!Trigger\])([^\]]+)\]"
NAME = r"\[(?!Trigger\])[^\]]+\]"  # a card name, no group
_TYPE = r"\{([^}]+)\}"
NO_TEXT = "text:none"  # "no base effect": a card without card text (2-8-5)
NO_COUNTER = "counter:none"  # "without a Counter": no printed counter (2-10)


@dataclass(frozen=True)
class Target:
    """A chosen group of cards: `kind` is "sel" (choose `count`, `upto` = "up to"), "all",
    "self" (the source card), "leader" (`flt.owner`'s Leader) or "it" (the cards the
    ability's last selection chose: "that Character", "the selected Character")."""

    kind: str
    flt: Filter
    count: int = 1
    upto: bool = False
    # kind "played": the Characters the ability's last play put on the field ("the
    # Character played by this effect").


def _bit(cat: int) -> int:
    return 1 << cat


_KIND = r"(\{[^}]+\} type|<[^>]+> attribute)"  # one type or one attribute


def _kind_pred(kind: str) -> str:
    """The predicate of "{T} type", "<A> attribute", "[NAME]" or "has the <A> attribute"."""
    m = re.fullmatch(r"(?:has the )?(?:\{([^}]+)\} type|<([^>]+)> attribute|\[([^\]]+)\])",
                     kind)
    return "type:" + m.group(1) if m.group(1) else (
        "attr:" + m.group(2) if m.group(2) else "name:" + m.group(3))


def _adjectives(s: str, f: Filter) -> tuple[str, Filter]:
    """Consume leading colour, state and {type} words."""
    while True:
        m = re.match(r"(" + "|".join(COLOURS) + r") ", s)
        if m:
            f = replace(f, color=f.color | cards.COLOR_BITS[m.group(1)])
            s = s[m.end():]
            continue
        if s.startswith("other "):  # "no other [NAME] Characters": not the source card
            f = replace(f, flags=f.flags | L.FLF_EXCLUDE_SELF)
            s = s[len("other "):]
            continue
        m = re.match(_KIND + r" or " + _KIND + r" ", s)
        if m:  # "{Muggy Kingdom} type or <Slash> attribute Character card": either
            f = replace(f, pred_all=(*f.pred_all, _kind_pred(m.group(1)) + "||"
                                     + _kind_pred(m.group(2))))
            s = s[m.end():]
            continue
        m = re.match(r"<([^>]+)> attribute ", s)
        if m:  # "<Slash> attribute Characters"
            f = replace(f, pred_all=(*f.pred_all, "attr:" + m.group(1)))
            s = s[m.end():]
            continue
        m = re.match(r"(rested|active) ", s)
        if m:
            f = replace(f, state=L.ST_RESTED if m.group(1) == "rested" else L.ST_ACTIVE)
            s = s[m.end():]
            continue
        m = re.match(r"((?:" + _TYPE + r" ?,? )*(?:or )?" + _TYPE + r") type ", s)
        if m:  # "{A} type", "{A} or {B} type", "{A}, {B}, or {C} type" (also "{A} , {B}"): any
            types = "|".join(re.findall(_TYPE, m.group(1)))
            f = replace(f, pred_all=(*f.pred_all, "type:" + types))
            s = s[m.end():]
            continue
        return s, f


def _noun(s: str, f: Filter, zone: int | str) -> tuple[str, Filter] | None:
    """Consume the noun: Characters, Leader or (and) Character cards, Events, cards, [NAME]; in
    a field phrase the noun picks the zone, elsewhere a category mask."""
    field = zone == FIELD
    m = re.match(r"(Character|Event|Stage)s? or (Character|Event|Stage)s?(?: cards?)?(?= |$)", s)
    if m and not field:  # "Event or Stage card" in a hand or trash: either category
        return s[m.end():].lstrip(), replace(f, cat=f.cat | _bit(_CAT[m.group(1)])
                                             | _bit(_CAT[m.group(2)]))
    m = re.match(r"(Leader or (?:(?:Character|Stage) cards?|Characters)|Leader and Character cards|"
                 r"Characters?(?: cards?)?|"
                 r"Events?(?: cards?)?|"
                 r"Stages?(?: cards?)?|Leader|cards?|(?P<names>" + NAME + r"(?:,? or " + NAME
                 + r"|(?:, " + NAME + r")+,? or " + NAME + r"| and " + NAME + r"(?= cards?))?)"
                 r"(?: cards?| (?P<head>Characters?|Leader))?)(?= |$)", s)
    if m is None:
        return None
    word, rest = m.group(1), s[m.end():].lstrip()
    if m.group("names"):  # "[A]", "[A] or [B]", "[A], [B], or [C]", "[A] and [B] cards": any
        # of the names (with "all of your", every card named either)
        names = "|".join(re.findall(_NAME, m.group("names")))
        f = replace(f, pred_all=(*f.pred_all, "name:" + names))
        if m.group("head"):  # "[NAME] Characters", "[NAME] Leader"
            head = m.group("head").rstrip("s")
            zone = oc.Z_FIELD_CHAR if head == "Character" else oc.Z_LEADER
            return rest, (replace(f, zone=zone) if field
                          else replace(f, cat=f.cat | _bit(_CAT[head])))
        return rest, replace(f, zone=oc.Z_FIELD_LC) if field else f
    head = word.split()[0].rstrip("s")
    if word.startswith(("Leader or", "Leader and")):  # "and": all, or a total of N, of both
        zone = oc.Z_LEADER_STAGE if "Stage" in word else oc.Z_FIELD_LC
        return (rest, replace(f, zone=zone)) if field else None
    if head == "card":
        return None if field else (rest, f)
    if field:
        zones = {"Character": oc.Z_FIELD_CHAR, "Leader": oc.Z_LEADER, "Stage": oc.Z_STAGE}
        return (rest, replace(f, zone=zones[head])) if head in zones else None
    return rest, replace(f, cat=f.cat | _bit(_CAT[head]))


# Cost maxima that are a count read when the filter is tested (oc.BY_*).
_BY_COUNT = {"number of your opponent's Life cards": oc.BY_OPP_LIFE,
             "total of your and your opponent's Life cards": oc.BY_LIFE_TOTAL,
             "number of DON!! cards on your field": oc.BY_DON_FIELD,
             "number of DON!! cards on your opponent's field": oc.BY_OPP_DON_FIELD}
_BOUND = re.compile(
    r"(?:with |and )?(?:"
    r"a (?P<bc2>base )?cost (?:of (?P<bmin>\d+) or more that is )?equal to or less than "
    r"the (?P<by>" + "|".join(re.escape(k) for k in _BY_COUNT) + r")|"
    r"a (?P<bc>base )?cost (?:of )?(?P<c1>\d+)(?: to (?P<c2>\d+)| or (?P<cs>less|more))?|"
    r"(?P<p1>\d+)(?: to (?P<p3>\d+))? (?P<bp>base )?power(?: or (?P<ps>less|more))?|"
    r"a (?P<bp2>base )?power of (?P<p2>\d+)(?: or (?P<ps2>less|more))?|"
    r"(?P<p4>\d+) or (?P<ps4>less|more) (?P<bp4>base )?power|"
    r"a DON!! card given|"
    r"the (?P<ty>(?:\{[^}]+\},? )*(?:or )?\{[^}]+\}) type|"
    r"a \[Trigger\]|"
    r"no base effect|"
    r"without a Counter|"
    r"different card names|"
    r"that is either (?P<e1>" + NAME + r") or (?P<e2>has the (?:<[^>]+> attribute|"
    r"\{[^}]+\} type))|"
    r"a type including \"(?P<ti>[^\"]+)\"|"
    r"other than (?:this (?:Character|card)|" + _NAME + r"))(?= |$)")


def _range(lo: str, hi: str | None, side: str | None) -> tuple[int, int]:
    n = int(lo)
    if hi is not None:
        return n, int(hi)
    return {None: (n, n), "less": (-1, n), "more": (n, -1)}[side]


def _qualifiers(s: str, f: Filter) -> Filter | None:
    """Consume trailing "with a cost of N or less", "with N power or more", "with a
    [Trigger]", "with a DON!! card given", "and the {T} type", "other than ..." groups; None
    if anything else is left."""
    base: set[bool] = set()
    while s:
        m = _BOUND.match(s)
        if m is None:
            return None
        g = m.groupdict()
        text = m.group(0)
        if g["c1"]:
            base.add(bool(g["bc"]))
            lo, hi = _range(g["c1"], g["c2"], g["cs"])
            f = replace(f, cost_min=lo, cost_max=hi)
        elif g["by"]:  # "a cost equal to or less than the number of ...": read when tested
            base.add(bool(g["bc2"]))
            f = replace(f, cost_min=int(g["bmin"]) if g["bmin"] else -1, cost_max=-1,
                        cost_max_by=_BY_COUNT[g["by"]])
        elif g["p1"] or g["p2"] or g["p4"]:  # "5000 power or less", "5000 or less power"
            base.add(bool(g["bp"] or g["bp2"] or g["bp4"]))
            lo, hi = _range(g["p1"] or g["p2"] or g["p4"], g["p3"],
                            g["ps"] or g["ps2"] or g["ps4"])
            f = replace(f, pow_min=lo, pow_max=hi)
        elif text.endswith("DON!! card given"):  # at least one DON!! card given (6-5-5)
            f = replace(f, flags=f.flags | oc.FLF_DON_GIVEN)
        elif g["ty"]:  # "... and the {T} type": the same as a leading "{T} type"
            f = replace(f, pred_all=(*f.pred_all, "type:" + "|".join(re.findall(_TYPE, g["ty"]))))
        elif g["ti"]:
            f = replace(f, pred_all=(*f.pred_all, "typeinc:" + g["ti"]))
        elif text.endswith("[Trigger]"):
            f = replace(f, flags=f.flags | oc.FLF_HAS_TRIGGER)
        elif g["e1"]:  # "that is either [NAME] or has the <A> attribute": either
            f = replace(f, pred_all=(*f.pred_all, _kind_pred(g["e1"]) + "||"
                                     + _kind_pred(g["e2"])))
        elif text.endswith("different card names"):  # chosen or counted together
            f = replace(f, flags=f.flags | L.FLF_DIFF_NAMES)
        elif text.endswith("no base effect"):  # a card without card text (2-8-5)
            f = replace(f, pred_all=(*f.pred_all, NO_TEXT))
        elif text.endswith("without a Counter"):
            f = replace(f, pred_all=(*f.pred_all, NO_COUNTER))
        elif "other than this" in text:
            f = replace(f, flags=f.flags | L.FLF_EXCLUDE_SELF)
        else:
            name = re.search(_NAME, text).group(1)
            f = replace(f, pred_none=(*f.pred_none, "name:" + name))
        s = s[m.end():].lstrip()
    if len(base) > 1:  # printed and current bounds in one phrase: one flag cannot say it
        return None
    return replace(f, flags=f.flags | L.FLF_BASE) if True in base else f


def card_phrase(s: str, zone: int | str = FIELD, owner: int = OWN_SELF) -> Filter | None:
    """Filter of a card phrase without quantifier ("{T} type Character card with a cost
    of 2 or less"); `zone` is FIELD (the noun decides) or a Z_* zone (the noun decides
    the category)."""
    f = Filter(zone=oc.Z_FIELD_CHAR if zone == FIELD else zone, owner=owner)
    s, f = _adjectives(s.strip(), f)
    got = _noun(s, f, zone)
    if got is None:
        return None
    rest, f = got
    return _qualifiers(rest, f)


_OWNER = (("your opponent's ", OWN_OPP), ("your ", OWN_SELF), ("", OWN_ANY))


def _owned(s: str) -> tuple[str, int]:
    for word, owner in _OWNER:
        if s.startswith(word):
            return s[len(word):], owner
    return s, OWN_ANY


def target(s: str) -> Target | None:
    """A field target with its quantifier: "up to N of your opponent's ...", "all of your
    ...", "N of your ...", "up to N <phrase>" (either player's), "your Leader", "this
    Character", "your Leader or up to N of your Characters"."""
    s = s.strip()
    if re.fullmatch(r"this (?:Character|Leader|card|Stage)", s, re.IGNORECASE):
        return Target("self", Filter(zone=oc.Z_FIELD_LC, owner=OWN_SELF))
    if re.fullmatch(r"(?:that|the selected) (?:Character|card|Leader or Character)s?|it", s,
                    re.IGNORECASE):
        return Target("it", Filter(zone=oc.Z_SEL))
    if re.fullmatch(r"the (?:\d+ )?Characters? played by this effect", s):
        return Target("played", Filter(zone=oc.Z_SEL))
    m = re.fullmatch(r"(your opponent's|your) Leader", s, re.IGNORECASE)
    if m:
        who = OWN_OPP if "opponent" in m.group(1) else OWN_SELF
        return Target("leader", Filter(zone=oc.Z_LEADER, owner=who))
    m = re.fullmatch(r"(.+ or .+), (with [^,]+),?", s)
    if m:  # "up to 1 of your [A] Characters or up to 1 of your <B>, with 8000 power or more"
        t = target(m.group(1))
        f = _qualifiers(m.group(2), t.flt) if t is not None and t.kind == "sel" else None
        return None if f is None else replace(t, flt=f)
    m = re.fullmatch(r"[Aa]ll of your \[([^\]]+)\] and (.+ Characters)", s)
    if m:  # "all of your [A] and {T} type Characters": the Characters named A, and the {T} ones
        f = card_phrase(m.group(2), FIELD, OWN_SELF)
        if f is None or f.zone != oc.Z_FIELD_CHAR or len(f.pred_all) != 1:
            return None
        return Target("all", replace(f, pred_all=(f"name:{m.group(1)}||{f.pred_all[0]}",)), -1)
    m = re.fullmatch(r"[Yy]our Leader or (up to )?(\d+) (?:of your )?Characters?", s)
    if m:
        return Target("sel", Filter(zone=oc.Z_FIELD_LC, owner=OWN_SELF), int(m.group(2)),
                      bool(m.group(1)))
    m = re.fullmatch(r"(?:[Yy]our|[Tt]his) Leader or (up to )?(\d+) of your (.+)", s)
    f = card_phrase(m.group(3), FIELD, OWN_SELF) if m else None
    if f is not None and f.zone == oc.Z_FIELD_CHAR:  # "this Leader or up to 1 of your {T}
        f = _union(Filter(zone=oc.Z_LEADER, owner=OWN_SELF), f)  # type Characters": one card
        if f is not None:
            return Target("sel", f, int(m.group(2)), bool(m.group(1)))
    m = re.fullmatch(r"[Yy]our (.+ Leader)", s)
    f = card_phrase(m.group(1), FIELD, OWN_SELF) if m else None
    if f is not None and f.zone == oc.Z_LEADER:  # "your {T} type Leader": if it is one
        return Target("sel", f, 1)
    m = re.fullmatch(r"[Yy]our (.+ Characters)", s)
    f = card_phrase(m.group(1), FIELD, OWN_SELF) if m else None
    if f is not None and f.zone == oc.Z_FIELD_CHAR:  # "your {T} type Characters": all
        return Target("all", f, -1)
    m = re.fullmatch(r"[Yy]our Leader or (up to )?(\d+) of your Stage cards?", s)
    if m:  # one card of the Leader and the Stages
        return Target("sel", Filter(zone=oc.Z_LEADER_STAGE, owner=OWN_SELF),
                      int(m.group(2)), bool(m.group(1)))
    m = re.match(r"(?:(?P<upto>[Uu]p to (?:a total of )?)(?P<n>\d+)|(?P<k>\d+)|(?P<all>[Aa]ll))"
                 r"(?P<of> of)? ", s)
    if m is None:
        return None
    rest = s[m.end():]
    if m.group("of"):
        rest, owner = _owned(rest)
        if owner == OWN_ANY:
            return None
    else:
        owner = OWN_ANY
        if m.group("all") and not re.match(r"Characters? ", rest + " "):
            return None  # "all Characters ...": either player's; other nouns unread
    f = card_phrase(rest, FIELD, owner)
    if f is None:
        return _either(s)
    if m.group("all"):
        return Target("all", f, -1)
    return Target("sel", f, int(m.group("n") or m.group("k")), bool(m.group("upto")))


_ZONE_CAT = {oc.Z_FIELD_CHAR: "cat:Character", oc.Z_LEADER: "cat:Leader"}


def _either(s: str) -> Target | None:
    """"up to N of your <A> or up to N of your <B>" and "up to N of your <A> or <B>": one
    choice of N among the cards either phrase names, as one filter when the two differ
    only in the field zone (Leader, Characters) and one predicate each ("Characters or
    [NAME]": a Character, or a card named NAME; "Leader with a type including "X" or up
    to 1 of your Characters with a type including "X"": either, of that type)."""
    for m in re.finditer(r" or ", s):
        left = target(s[:m.start()])
        if left is None or left.kind != "sel" or left.flt.zone not in (
                oc.Z_FIELD_CHAR, oc.Z_LEADER, oc.Z_FIELD_LC):
            continue
        right_text = s[m.end():]
        right = target(right_text)
        if right is None and not re.match(r"(?:[Uu]p to )?\d+ ", right_text):
            f = card_phrase(right_text, FIELD, left.flt.owner)
            right = None if f is None else replace(left, flt=f)
        if right is None or (right.kind, right.count, right.upto, right.flt.owner) != (
                left.kind, left.count, left.upto, left.flt.owner):
            continue
        f = _union(left.flt, right.flt)
        if f is not None:
            return replace(left, flt=f)
    return None


def _union(a: Filter, b: Filter) -> Filter | None:
    """One field filter of the cards matching a or b (zones Leader / Characters / both),
    when they differ in at most the zone and one predicate each; else None."""
    zones = (oc.Z_FIELD_CHAR, oc.Z_LEADER, oc.Z_FIELD_LC)
    if a.zone not in zones or b.zone not in zones or a.pred_none or b.pred_none:
        return None
    bare = {"zone": 0, "pred_all": ()}
    if replace(a, **bare) != replace(b, **bare):
        return None
    zone = a.zone if a.zone == b.zone else oc.Z_FIELD_LC
    common = tuple(p for p in a.pred_all if p in b.pred_all)
    sides = []
    for f in (a, b):
        own = [p for p in f.pred_all if p not in common]
        if f.zone != zone:
            own.append(_ZONE_CAT[f.zone])
        sides.append(own)
    leader = [_ZONE_CAT[oc.Z_LEADER]]
    for i in (0, 1):  # the Leader, or Characters with P: the Leader or any card with P (a
        if sides[i] == leader and len(sides[1 - i]) == 2:  # Leader with P is the Leader)
            sides[1 - i] = [p for p in sides[1 - i] if p != _ZONE_CAT[oc.Z_FIELD_CHAR]]
    if len(sides[0]) > 1 or len(sides[1]) > 1:
        return None
    either = {p for side in sides for p in side}
    if not sides[0] or not sides[1] or (zone == oc.Z_FIELD_LC and either == set(
            _ZONE_CAT.values())):  # one side names all of them, or the two zones
        return replace(a, zone=zone, pred_all=common)
    extra = (sides[0][0] + "||" + sides[1][0],)
    return replace(a, zone=zone, pred_all=common + extra)


def counted(s: str, zone: int, owner: int = OWN_SELF) -> tuple[int, bool, Filter] | None:
    """(count, up to, filter) of "up to N <card phrase>" or "N <card phrase>" in a zone
    that is not the field (hand, trash, the look window); "N of your <phrase>" says the
    same of your own cards."""
    m = re.match(r"(up to )?(\d+) (?:of your (?=\S+ ))?", s.strip(), re.IGNORECASE)
    if m is None or (m.group(0).endswith("of your ") and owner != OWN_SELF):
        return None
    f = card_phrase(s.strip()[m.end():], zone, owner)
    return None if f is None else (int(m.group(2)), bool(m.group(1)), f)


def alternatives(s: str, zone: int, owner: int = OWN_SELF
                 ) -> list[tuple[int, bool, Filter]] | None:
    """The choices of "up to N <phrase A> or up to M <phrase B>" and of "up to N <phrase A>
    or <phrase B>" (the count shared) when no one filter says A-or-B: [(count, up to,
    filter)] for each side, or None. Either side may be taken, not both."""
    for m in re.finditer(r" or ", s):
        left = counted(s[:m.start()], zone, owner)
        if left is None:
            continue
        right_text = s[m.end():]
        right = counted(right_text, zone, owner)
        if right is None and not re.match(r"(?:up to )?\d+ ", right_text):
            f = card_phrase(right_text, zone, owner)
            right = None if f is None else (left[0], left[1], f)
            other = re.search(r" (other than .+)$", right_text)
            if right is not None and other:  # "A or B other than [X]": X is neither
                left = counted(s[:m.start()] + " " + other.group(1), zone, owner)
        if left is not None and right is not None:
            return [left, right]
    return None
